#!/usr/bin/env python3
"""Live transcripts of answers with tables, in tmux, against their batch render.

    Benchmarks/table-transcripts.py .build/release/rill            # every real answer with a table
    Benchmarks/table-transcripts.py .build/release/rill --size 100x40 --limit 50

Each real answer (/work/shared/real-answers, field "output") that holds a GFM table is replayed
live (`rill --replay DOC --color never --stats`, one frame per token-sized piece) in a tmux pane
of the given size, and rendered in batch (`rill --width W --color never DOC | cat`) in another
pane of the same size; scrollback plus screen are compared line for line. Prints, per model file,
how many answers were replayed, how many transcripts equal the batch render, and how many of the
others committed lines early (a table taller than the live region keeps its frozen widths, see
README); exits 1 when a replay that committed nothing early differs.
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys
import tempfile
import time

DELIMITER_ROW = re.compile(r"^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)+\|?\s*$", re.M)


def tmux(socket, *args):
    return subprocess.run(["tmux", "-L", socket, "-f", "/dev/null", *args], capture_output=True, text=True,
                          check=True).stdout


def run_in_pane(command, cols, rows, timeout):
    """Runs `command` in a fresh tmux pane; returns the lines it printed (scrollback and screen)."""
    socket = f"rill-tables-{os.getpid()}-{time.monotonic_ns()}"
    tmux(socket, "new-session", "-d", "-s", "t", "-x", str(cols), "-y", str(rows),
         "env", "-i", "PATH=/usr/bin:/bin", "TERM=xterm-256color", "LANG=C.UTF-8", "PS1=$ ",
         "bash", "--norc", "--noprofile")
    try:
        tmux(socket, "set-option", "-g", "history-limit", "200000")
        tmux(socket, "send-keys", "-t", "t", "-l", f"clear; printf '@@%s@@\\n' BEGIN; {command}; printf '@@%s@@\\n' END")
        tmux(socket, "send-keys", "-t", "t", "Enter")
        deadline = time.monotonic() + timeout
        while True:
            lines = tmux(socket, "capture-pane", "-p", "-t", "t", "-S", "-", "-E", "-").split("\n")
            if "@@END@@" in lines:
                break
            if time.monotonic() > deadline:
                raise TimeoutError(command)
            time.sleep(0.2)
        begin = len(lines) - 1 - lines[::-1].index("@@BEGIN@@")
        out = [line.rstrip() for line in lines[begin + 1:lines.index("@@END@@", begin)]]
        while out and not out[-1]:
            out.pop()
        return out
    finally:
        subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("rill")
    parser.add_argument("--answers-dir", default="/work/shared/real-answers")
    parser.add_argument("--size", default="100x40", help="COLSxROWS (default 100x40)")
    parser.add_argument("--limit", type=int, default=0, help="answers at most (0: all)")
    parser.add_argument("--timeout", type=float, default=300)
    args = parser.parse_args()
    cols, rows = (int(v) for v in args.size.split("x"))
    rill = os.path.abspath(args.rill)

    answers = []
    for path in sorted(glob.glob(os.path.join(args.answers_dir, "*.jsonl"))):
        with open(path, encoding="utf-8") as lines:
            for number, line in enumerate(lines):
                text = json.loads(line)["output"]
                if DELIMITER_ROW.search(text):
                    answers.append((os.path.basename(path), number + 1, text))
    if args.limit:
        answers = answers[:args.limit]

    tally = {}
    failed = False
    with tempfile.TemporaryDirectory() as scratch:
        for model, number, text in answers:
            path = os.path.join(scratch, f"{number}.md")
            with open(path, "w", encoding="utf-8") as file:
                file.write(text)
            stats = os.path.join(scratch, "stats")
            live = run_in_pane(f"{rill} --replay {path} --color never --stats 2>{stats}", cols, rows, args.timeout)
            with open(stats, encoding="utf-8") as file:
                early = re.search(r"region full:\s*(\d+)", file.read())
            early = int(early.group(1)) if early else 0
            batch = run_in_pane(f"{rill} --width {cols} --color never {path} | cat", cols, rows, args.timeout)
            counts = tally.setdefault(model, {"answers": 0, "equal": 0, "early": [], "differ": []})
            counts["answers"] += 1
            if live == batch:
                counts["equal"] += 1
            elif early:
                counts["early"].append(number)
            else:
                counts["differ"].append(number)
                failed = True
    for model, counts in sorted(tally.items()):
        print(f"{model}: {counts['answers']} answers with tables, {counts['equal']} transcripts equal the batch render, "
              f"{len(counts['early'])} differ after early commits {counts['early']}, {len(counts['differ'])} differ otherwise {counts['differ']}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
