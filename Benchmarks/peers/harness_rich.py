"""Two ways chat tools stream markdown with rich, written against rich's public API.

Reads markdown from standard input as it arrives and draws it on the terminal (stdout).

  --mode live     a `Live` view whose renderable is `Markdown(whole text so far)`, replaced and
                  redrawn on every read from stdin (what many chat CLIs do).
  --mode window   an aider-style window: the whole text is rendered on every update, but all
                  except the last WINDOW lines are printed once, for good, above a `Live` region
                  that holds only the tail; updates are throttled to at most one per
                  max(1/20 s, 10 × the last render's time).
  --batch FILE    print `Markdown(FILE)` once (the batch render both modes are compared with).
"""

import argparse
import codecs
import io
import os
import sys
import time

from rich.console import Console
from rich.live import Live
from rich.markdown import Markdown
from rich.text import Text


def read_chunks():
    """Yields decoded text as it arrives on stdin (one blocking read at a time)."""
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    while True:
        data = os.read(0, 65536)
        if not data:
            tail = decoder.decode(b"", final=True)
            if tail:
                yield tail
            return
        text = decoder.decode(data)
        if text:
            yield text


def run_live(console):
    text = ""
    with Live(console=console, auto_refresh=False, vertical_overflow="visible") as live:
        for chunk in read_chunks():
            text += chunk
            live.update(Markdown(text), refresh=True)


def render_lines(text, width):
    """The whole text rendered by rich, as lines of ANSI-styled text."""
    buffer = io.StringIO()
    capture = Console(file=buffer, force_terminal=True, color_system="truecolor", width=width)
    capture.print(Markdown(text))
    return buffer.getvalue().splitlines()


def run_window(console, window):
    text = ""
    printed = 0  # lines already printed for good above the live region
    delay = 1 / 20
    last_update = 0.0

    def update(final):
        nonlocal printed, delay, last_update
        started = time.perf_counter()
        lines = render_lines(text, console.width)
        stable = len(lines) if final else max(0, len(lines) - window)
        if stable > printed:
            live.console.print(Text.from_ansi("\n".join(lines[printed:stable])))
            printed = stable
        live.update(Text.from_ansi("\n".join(lines[stable:])), refresh=True)
        elapsed = time.perf_counter() - started
        delay = min(2.0, max(1 / 20, 10 * elapsed))
        last_update = time.perf_counter()

    with Live(console=console, auto_refresh=False) as live:
        for chunk in read_chunks():
            text += chunk
            if time.perf_counter() - last_update >= delay:
                update(final=False)
        update(final=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mode", choices=["live", "window"], default="live")
    parser.add_argument("--window", type=int, default=6, help="live lines kept at the bottom (window mode)")
    parser.add_argument("--batch", metavar="FILE", help="render FILE once and exit")
    args = parser.parse_args()
    console = Console()
    if args.batch:
        with open(args.batch, encoding="utf-8", errors="replace") as file:
            console.print(Markdown(file.read()))
    elif args.mode == "live":
        run_live(console)
    else:
        run_window(console, args.window)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
