"""Feeds the same markdown, piece by piece at the same rate, to Rill and to the peers people use
today, each attached to its own pseudo-terminal, and reports CPU seconds and bytes written.

Every renderer gets the document on its standard input through a pipe, split into token-like
pieces exactly as `rill --replay` splits it (1–8 bytes from SplitMix64, seed 1 by default, never
inside a UTF-8 character), piece i written at t0 + i / RATE. Its stdout and stderr are the slave
side of a pty sized COLS×ROWS (TERM=xterm-256color); the driver drains the master side all the
time and counts the bytes. CPU is user+sys of the renderer process from wait4(). The same tool's
batch render of the finished document (the whole file at once) gives the denominator of
"bytes ÷ batch".

Run through run_peers.sh, which makes the virtual environment and builds Rill.
"""

import argparse
import errno
import fcntl
import json
import os
import platform
import select
import signal
import statistics
import struct
import subprocess
import sys
import termios
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
WORK = os.path.join(HERE, ".work")

MASK64 = (1 << 64) - 1

# Corpus answers joined into the ~23 KB answer PEERS.md's orientation figures are for.
COMPOSITE_PARTS = [
    "answer-c-ring-buffer.md",
    "answer-python-asyncio.md",
    "answer-sql-optimisation.md",
    "answer-database-comparison.md",
]
COMPOSITE_NAME = "answer-composite-23k.md"
DEFAULT_DOCS = ["answer-rust-ownership.md", COMPOSITE_NAME, "answer-long-guide.md"]
ALL_TOOLS = ["rill", "rill-no-highlight", "rich-live", "rich-window", "textual", "streamdown"]


# --- input ------------------------------------------------------------------------------------

def splitmix64(seed):
    state = seed & MASK64
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        yield z ^ (z >> 31)


def token_pieces(data, seed=1):
    """Splits bytes into 1–8 byte pieces the way Rill's ReplayChunker does (`.tokens(seed:)`)."""
    pieces = []
    generator = splitmix64(seed)
    start = 0
    while start < len(data):
        end = min(len(data), start + next(generator) % 8 + 1)
        while end < len(data) and data[end] & 0xC0 == 0x80:
            end += 1
        pieces.append(data[start:end])
        start = end
    return pieces


def build_composite():
    """Writes the ~23 KB answer (four Corpus answers, a blank line apart) and returns its path."""
    os.makedirs(WORK, exist_ok=True)
    parts = []
    for name in COMPOSITE_PARTS:
        with open(os.path.join(REPO, "Corpus", name), "rb") as file:
            parts.append(file.read().rstrip(b"\n") + b"\n")
    path = os.path.join(WORK, COMPOSITE_NAME)
    with open(path, "wb") as file:
        file.write(b"\n".join(parts))
    return path


def resolve_doc(name):
    if name == COMPOSITE_NAME:
        return build_composite()
    for candidate in (name, os.path.join(REPO, "Corpus", name)):
        if os.path.isfile(candidate):
            return os.path.abspath(candidate)
    sys.exit(f"peers: no such document: {name}")


def machine_busy_seconds():
    """CPU seconds the whole machine has spent busy (all cores), from /proc/stat; None elsewhere."""
    try:
        with open("/proc/stat") as file:
            fields = [int(value) for value in file.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
    busy = sum(fields[:7]) - idle  # user nice system idle iowait irq softirq (steal left out)
    return busy / os.sysconf("SC_CLK_TCK")


# --- one run under a pty -----------------------------------------------------------------------

class RunResult:
    def __init__(self):
        self.cpu = self.user = self.sys = self.wall = 0.0
        self.bytes = 0
        self.maxrss_kb = 0
        self.status = "ok"
        self.exit_code = None
        self.feed_s = 0.0
        self.tail = b""
        self.others_cpu = None  # CPU seconds used by every other process on the machine meanwhile

    def as_dict(self):
        return {
            "cpu_s": round(self.cpu, 4), "user_s": round(self.user, 4), "sys_s": round(self.sys, 4),
            "wall_s": round(self.wall, 4), "feed_s": round(self.feed_s, 4), "bytes": self.bytes,
            "maxrss_kb": self.maxrss_kb, "status": self.status, "exit_code": self.exit_code,
            "others_cpu_s": None if self.others_cpu is None else round(self.others_cpu, 2),
            "others_cores": None if self.others_cpu is None or not self.wall else round(self.others_cpu / self.wall, 2),
        }


def child_env(args):
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": os.environ.get("HOME", "/root"),
        "TERM": "xterm-256color",
        "COLORTERM": "truecolor",
        "LANG": "C.UTF-8",
        "COLUMNS": str(args.cols),
        "LINES": str(args.rows),
        # Streamdown writes a default config file under the user's config folder: keep it here.
        "XDG_CONFIG_HOME": os.path.join(WORK, "xdg-config"),
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    return env


def run_under_pty(argv, env, args, pieces=None, save_to=None):
    """Runs argv with stdout/stderr on a fresh pty; writes `pieces` to its stdin at args.rate
    per second (or gives it no stdin input when `pieces` is None). Returns a RunResult."""
    result = RunResult()
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", args.rows, args.cols, 0, 0))
    read_end, write_end = os.pipe()
    busy_before = machine_busy_seconds()
    own_before = os.times()
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:  # child
        try:
            os.setsid()
            fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
            os.dup2(read_end, 0)
            os.dup2(slave, 1)
            os.dup2(slave, 2)
            os.closerange(3, 1024)
            os.execve(argv[0], argv, env)
        except BaseException as error:  # noqa: BLE001 — report and leave without cleanup
            os.write(2, f"peers: cannot run {argv[0]}: {error}\n".encode())
        os._exit(127)
    os.close(slave)
    os.close(read_end)
    if pieces is None:
        os.close(write_end)
        write_end = None
    else:
        os.set_blocking(write_end, False)

    output = open(save_to, "wb") if save_to else None
    pending = b""
    next_piece = 0
    feed_done_at = started if pieces is None else None
    rusage = None
    exited_at = None
    master_open = True
    tail = bytearray()

    def drain(timeout):
        nonlocal master_open
        if not master_open:
            time.sleep(timeout)
            return
        ready, _, _ = select.select([master], [], [], timeout)
        if not ready:
            return
        try:
            data = os.read(master, 1 << 16)
        except OSError as error:
            if error.errno != errno.EIO:
                raise
            data = b""
        if not data:
            master_open = False
            return
        result.bytes += len(data)
        tail.extend(data)
        del tail[:-4096]
        if output:
            output.write(data)

    try:
        while True:
            now = time.monotonic()
            # Feed: everything due by now, joined, without ever blocking on the pipe.
            if write_end is not None:
                while next_piece < len(pieces) and started + next_piece / args.rate <= now:
                    pending += pieces[next_piece]
                    next_piece += 1
                if pending:
                    try:
                        written = os.write(write_end, pending)
                        pending = pending[written:]
                    except BlockingIOError:
                        pass
                    except BrokenPipeError:
                        pending = b""
                        next_piece = len(pieces)
                if next_piece == len(pieces) and not pending:
                    os.close(write_end)
                    write_end = None
                    feed_done_at = time.monotonic()
            # Reap the child without blocking.
            if rusage is None:
                waited, status, usage = os.wait4(pid, os.WNOHANG)
                if waited == pid:
                    rusage = usage
                    exited_at = time.monotonic()
                    result.exit_code = os.waitstatus_to_exitcode(status)
                    if write_end is not None:
                        os.close(write_end)
                        write_end = None
                        feed_done_at = feed_done_at or exited_at
            if rusage is not None and not master_open:
                break
            if rusage is not None and time.monotonic() - exited_at > 2.0:
                break  # something else holds the pty open; the child is done
            if feed_done_at is not None and rusage is None and time.monotonic() - feed_done_at > args.timeout:
                os.kill(pid, signal.SIGKILL)
                result.status = "timeout"
            # Sleep in select until output, the next piece, or a short tick.
            if write_end is not None and not pending and next_piece < len(pieces):
                wait = max(0.0, started + next_piece / args.rate - time.monotonic())
            else:
                wait = 0.005 if pending else 0.05
            drain(min(wait, 0.05))
    finally:
        if output:
            output.close()
        os.close(master)
        if write_end is not None:
            os.close(write_end)
        if rusage is None:
            os.kill(pid, signal.SIGKILL)
            _, _, rusage = os.wait4(pid, 0)
            result.status = "killed"

    busy_after = machine_busy_seconds()
    own_after = os.times()
    result.user = rusage.ru_utime
    result.sys = rusage.ru_stime
    result.cpu = result.user + result.sys
    result.maxrss_kb = rusage.ru_maxrss
    result.wall = exited_at - started if exited_at else time.monotonic() - started
    result.feed_s = (feed_done_at or started) - started
    result.tail = bytes(tail)
    if busy_before is not None and busy_after is not None:
        driver = (own_after.user - own_before.user) + (own_after.system - own_before.system)
        result.others_cpu = max(0.0, busy_after - busy_before - result.cpu - driver)
    if result.status == "ok" and result.exit_code != 0:
        result.status = f"exit {result.exit_code}"
    return result


# --- the tools ---------------------------------------------------------------------------------

def tool_commands(tool, doc, args):
    """(stream argv, batch argv) for a tool: stream reads stdin, batch renders `doc` at once."""
    python = args.python
    if tool == "rill":
        return [args.rill], [args.rill, doc]
    if tool == "rill-no-highlight":
        return [args.rill, "--highlight", "never"], [args.rill, "--highlight", "never", doc]
    if tool == "rich-live":
        harness = os.path.join(HERE, "harness_rich.py")
        return [python, harness, "--mode", "live"], [python, harness, "--batch", doc]
    if tool == "rich-window":
        harness = os.path.join(HERE, "harness_rich.py")
        return ([python, harness, "--mode", "window", "--window", str(args.window)],
                [python, harness, "--batch", doc])
    if tool == "textual":
        harness = os.path.join(HERE, "harness_textual.py")
        return [python, harness], [python, harness, "--batch", doc]
    if tool == "streamdown":
        sd = os.path.join(os.path.dirname(python), "sd")
        return [sd], [sd, doc]
    raise ValueError(tool)


def versions(args):
    found = {"python": platform.python_version()}
    try:
        from importlib import metadata
        for name in ("rich", "textual", "streamdown"):
            try:
                found[name] = metadata.version(name)
            except metadata.PackageNotFoundError:
                found[name] = None
    except ImportError:
        pass
    try:
        found["rill"] = subprocess.run([args.rill, "--version"], capture_output=True, text=True,
                                       timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        found["rill"] = None
    try:
        found["rill_commit"] = subprocess.run(["git", "-C", REPO, "rev-parse", "--short", "HEAD"],
                                              capture_output=True, text=True, timeout=10).stdout.strip() or None
    except (OSError, subprocess.SubprocessError):
        found["rill_commit"] = None
    return found


def machine():
    model = None
    try:
        with open("/proc/cpuinfo") as file:
            for line in file:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    distro = None
    try:
        with open("/etc/os-release") as file:
            for line in file:
                if line.startswith("PRETTY_NAME="):
                    distro = line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return {"os": distro, "kernel": platform.release(), "cpus": os.cpu_count(), "cpu_model": model}


# --- report ------------------------------------------------------------------------------------

def fmt_bytes(count):
    return f"{count:,}"


def table(rows):
    lines = [
        "| tool | document | CPU s | wall s | bytes written | bytes ÷ batch | CPU ÷ Rill's CPU | batch CPU s | others' load |",
        "|---|---|--:|--:|--:|--:|--:|--:|--:|",
    ]
    rill_cpu = {row["document"]: row["cpu_s"] for row in rows if row["tool"] == "rill" and row["status"] == "ok"}
    for row in rows:
        note = "" if row["status"] == "ok" else f" ({row['status']})"
        ratio = row["bytes"] / row["batch_bytes"] if row["batch_bytes"] else float("nan")
        base = rill_cpu.get(row["document"])
        cpu_ratio = f"{row['cpu_s'] / base:.1f}×" if base else "–"
        others = "–" if row.get("others_cores") is None else f"{row['others_cores']:.2f} cores"
        lines.append(
            f"| {row['tool']}{note} | {row['document']} ({row['document_bytes'] / 1000:.1f} KB) | "
            f"{row['cpu_s']:.2f} | {row['wall_s']:.1f} | {fmt_bytes(row['bytes'])} | {ratio:.1f}× | "
            f"{cpu_ratio} | {row['batch_cpu_s']:.2f} | {others} |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rate", type=float, default=float(os.environ.get("RATE", 100)),
                        help="pieces (tokens) per second (default 100, or $RATE)")
    parser.add_argument("--docs", nargs="+", default=os.environ.get("DOCS", " ".join(DEFAULT_DOCS)).split(),
                        help=f"documents: paths, or names in Corpus/ (default: {' '.join(DEFAULT_DOCS)}; "
                             f"{COMPOSITE_NAME} is built from {', '.join(COMPOSITE_PARTS)})")
    parser.add_argument("--tools", nargs="+", default=os.environ.get("TOOLS", " ".join(ALL_TOOLS)).split(),
                        choices=ALL_TOOLS, help="renderers to run (default: all)")
    parser.add_argument("--rill", default=os.environ.get("RILL"), help="the rill binary")
    parser.add_argument("--python", default=sys.executable, help="the virtual environment's python")
    parser.add_argument("--seed", type=int, default=1, help="SplitMix64 seed for the piece sizes (default 1)")
    parser.add_argument("--cols", type=int, default=100)
    parser.add_argument("--rows", type=int, default=40)
    parser.add_argument("--window", type=int, default=6, help="live lines in rich-window (default 6)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per tool and document; medians reported")
    parser.add_argument("--timeout", type=float, default=600,
                        help="seconds a renderer may take to finish after its input ends (default 600)")
    parser.add_argument("--json", default=os.path.join(HERE, "results.json"), help="where to write results")
    parser.add_argument("--save-output", action="store_true",
                        help="keep each run's terminal output under .work/output/")
    args = parser.parse_args()
    if args.rate <= 0:
        parser.error("--rate must be above 0")
    if any(tool.startswith("rill") for tool in args.tools) and not (args.rill and os.access(args.rill, os.X_OK)):
        parser.error("give the rill binary with --rill or $RILL")
    args.rill = os.path.abspath(args.rill) if args.rill else None

    env = child_env(args)
    os.makedirs(os.path.join(WORK, "xdg-config"), exist_ok=True)
    if args.save_output:
        os.makedirs(os.path.join(WORK, "output"), exist_ok=True)

    rows = []
    for name in args.docs:
        path = resolve_doc(name)
        with open(path, "rb") as file:
            data = file.read()
        pieces = token_pieces(data, args.seed)
        document = os.path.basename(path)
        print(f"== {document}: {len(data):,} bytes, {len(pieces):,} pieces, "
              f"{len(pieces) / args.rate:.0f} s per tool at {args.rate:g}/s", file=sys.stderr)
        for tool in args.tools:
            stream_argv, batch_argv = tool_commands(tool, path, args)
            runs, batches = [], []
            for attempt in range(args.repeat):
                stem = os.path.join(WORK, "output", f"{tool}--{document}--{attempt}") if args.save_output else None
                batches.append(run_under_pty(batch_argv, env, args, None, stem and stem + ".batch.out"))
                runs.append(run_under_pty(stream_argv, env, args, pieces, stem and stem + ".stream.out"))
                last = runs[-1]
                others = "" if last.others_cpu is None else f"  others {last.others_cpu / last.wall:4.2f} cores"
                print(f"   {tool:<12} cpu {last.cpu:7.2f} s  wall {last.wall:6.1f} s  "
                      f"bytes {last.bytes:>11,}  batch {batches[-1].bytes:>9,}{others}  {last.status}",
                      file=sys.stderr)
                if last.status != "ok":
                    print("   last output: " + last.tail[-400:].decode("utf-8", "replace"), file=sys.stderr)
            median = lambda key, items: statistics.median(getattr(item, key) for item in items)  # noqa: E731
            statuses = [run.status for run in runs + batches if run.status != "ok"]
            rows.append({
                "tool": tool, "document": document, "document_bytes": len(data), "pieces": len(pieces),
                "rate": args.rate, "cpu_s": round(median("cpu", runs), 4),
                "wall_s": round(median("wall", runs), 4), "feed_s": round(median("feed_s", runs), 4),
                "bytes": int(median("bytes", runs)), "maxrss_kb": int(median("maxrss_kb", runs)),
                "batch_bytes": int(median("bytes", batches)),
                "batch_cpu_s": round(median("cpu", batches), 4),
                "others_cores": (None if any(run.others_cpu is None for run in runs) else
                                 round(statistics.median(run.others_cpu / run.wall for run in runs), 2)),
                "status": statuses[0] if statuses else "ok",
                "runs": [run.as_dict() for run in runs], "batch_runs": [run.as_dict() for run in batches],
            })

    report = table(rows)
    print(report)
    results = {
        "generated": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "machine": machine(), "versions": versions(args),
        "settings": {"rate": args.rate, "seed": args.seed, "cols": args.cols, "rows": args.rows,
                     "window": args.window, "repeat": args.repeat, "term": env["TERM"],
                     "colorterm": env["COLORTERM"]},
        "composite_parts": COMPOSITE_PARTS,
        "rows": rows, "table": report,
    }
    with open(args.json, "w") as file:
        json.dump(results, file, indent=2, ensure_ascii=False)
        file.write("\n")
    print(f"\nwrote {os.path.relpath(args.json)}", file=sys.stderr)


if __name__ == "__main__":
    main()
