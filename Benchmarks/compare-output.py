#!/usr/bin/env python3
"""Byte-for-byte comparison of what two rill binaries write: live replays and batch renders.

For a change that must not change what users see (a refactor of layout or the live view), build
the old and the new rill in release and run

    Benchmarks/compare-output.py OLD/rill NEW/rill            # Corpus + 100 real answers
    Benchmarks/compare-output.py OLD/rill NEW/rill --answers 0 --chunks 16

Every Corpus document and a fixed sample of the real answers (/work/shared/real-answers, field
"output"; the same sample every run) is replayed live (`rill --replay DOC --chunk N --stats`) in
a pseudo-terminal of 100x40 and 46x12, colour on and off, in pieces of 1, 4 and 16 bytes, and
rendered in batch (`--format text` and `plain`, widths 100 and 46, colour on and off). The bytes
written must be equal, and so must the `--stats` lines other than times. Prints the counts and
the first differences; exits 1 when any run differs.
"""
import argparse
import concurrent.futures
import fcntl
import glob
import json
import os
import select
import struct
import subprocess
import sys
import tempfile
import termios

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENV = {"TERM": "xterm-256color", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}


def run_pty(argv, rows, cols, timeout):
    """Runs argv with stdout on a pseudo-terminal of rows x cols; returns (stdout, stderr, status)."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=slave, stderr=subprocess.PIPE, env=ENV)
    os.close(slave)
    out = bytearray()
    err = bytearray()
    streams = {master: out, process.stderr.fileno(): err}
    while streams:
        ready, _, _ = select.select(list(streams), [], [], timeout)
        if not ready:
            process.kill()
            raise TimeoutError(" ".join(argv))
        for fd in ready:
            try:
                data = os.read(fd, 1 << 16)
            except OSError:  # EIO: the terminal's last writer is gone
                data = b""
            if data:
                streams[fd] += data
            else:
                del streams[fd]
    os.close(master)
    return bytes(out), bytes(err), process.wait()


def run_pipe(argv, timeout):
    done = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, env=ENV, timeout=timeout)
    return done.stdout, done.stderr, done.returncode


def stats_lines(stderr):
    """The --stats lines that must match: all but times."""
    return [line for line in stderr.decode(errors="replace").splitlines() if " time" not in line]


def sample_answers(count, directory):
    """`count` answers spread evenly over every answer, in a fixed order (file name, line)."""
    answers = []
    for path in sorted(glob.glob(os.path.join(directory, "*.jsonl"))):
        with open(path, encoding="utf-8") as lines:
            for number, line in enumerate(lines):
                answers.append((f"{os.path.basename(path)}:{number + 1}", json.loads(line)["output"]))
    if count <= 0 or not answers:
        return []
    step = max(1, len(answers) // count)
    return answers[::step][:count]


def configurations(args):
    for rows, cols in args.sizes:
        for color in ("always", "never"):
            for chunk in args.chunks:
                yield ("live", f"{cols}x{rows} color={color} chunk={chunk}",
                       lambda binary, doc, rows=rows, cols=cols, color=color, chunk=chunk:
                       run_pty([binary, "--replay", doc, "--chunk", str(chunk), "--color", color, "--stats"],
                               rows, cols, args.timeout))
    for cols in sorted({cols for _, cols in args.sizes}, reverse=True):
        for fmt, colors in (("text", ("always", "never")), ("plain", ("never",))):
            for color in colors:
                yield ("batch", f"{fmt} width={cols} color={color}",
                       lambda binary, doc, cols=cols, fmt=fmt, color=color:
                       run_pipe([binary, "--format", fmt, "--width", str(cols), "--color", color, doc], args.timeout))


def compare(job):
    kind, name, doc, label, run, old, new = job
    before = run(old, doc)
    after = run(new, doc)
    result = {"kind": kind, "config": label, "doc": name, "same": True, "notes": []}
    if before[0] != after[0]:
        at = next((i for i, (a, b) in enumerate(zip(before[0], after[0])) if a != b), min(len(before[0]), len(after[0])))
        result["same"] = False
        result["notes"].append(f"output differs at byte {at} ({len(before[0])} vs {len(after[0])} bytes)")
    if before[2] != after[2]:
        result["same"] = False
        result["notes"].append(f"status {before[2]} vs {after[2]}")
    old_stats, new_stats = stats_lines(before[1]), stats_lines(after[1])
    if old_stats != new_stats:
        result["same"] = False
        changed = [f"{a.strip()} -> {b.split(':', 1)[-1].strip()}" for a, b in zip(old_stats, new_stats) if a != b]
        result["notes"].append("stats: " + "; ".join(changed or ["line count differs"]))
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--answers", type=int, default=100, help="real answers sampled (default 100)")
    parser.add_argument("--answers-dir", default="/work/shared/real-answers")
    parser.add_argument("--chunks", type=lambda s: [int(x) for x in s.split(",")], default=[1, 4, 16])
    parser.add_argument("--sizes", type=lambda s: [tuple(int(v) for v in x.split("x"))[::-1] for x in s.split(",")],
                        default=[(40, 100), (12, 46)], help="COLSxROWS,… (default 100x40,46x12)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=600)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as scratch:
        docs = [(os.path.basename(path), path) for path in sorted(glob.glob(os.path.join(ROOT, "Corpus", "*.md")))
                if os.path.basename(path) != "README.md"]
        for index, (name, text) in enumerate(sample_answers(args.answers, args.answers_dir)):
            path = os.path.join(scratch, f"answer-{index:03}.md")
            with open(path, "w", encoding="utf-8") as file:
                file.write(text)
            docs.append((name, path))
        jobs = [(kind, name, path, label, run, args.old, args.new)
                for kind, label, run in configurations(args) for name, path in docs]
        totals = {}
        differing = []
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for result in pool.map(compare, jobs):
                same, runs = totals.get(result["kind"], (0, 0))
                totals[result["kind"]] = (same + result["same"], runs + 1)
                if not result["same"]:
                    differing.append(result)
                    print(f"DIFF {result['kind']} {result['config']} {result['doc']}: {' | '.join(result['notes'])}",
                          flush=True)
    print(f"{len(docs)} documents ({args.answers} real answers)")
    for kind, (same, runs) in sorted(totals.items()):
        print(f"{kind}: {same} of {runs} runs identical")
    sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()
