"""A minimal Textual app streaming markdown through `Markdown.get_stream` / `MarkdownStream.write`.

Markdown arrives on standard input (a pipe). Textual reads keys from stdin and draws on stderr,
so before Textual starts this script moves the pipe to another descriptor and puts the terminal
(the same one stdout is on) back on stdin. The app is full-screen, scrolled to the end as text
arrives (`anchor()`), and exits once the input has ended and the last frame is on the screen.

  --batch FILE   show FILE in the same app all at once, then exit (the batch render).
"""

import argparse
import asyncio
import codecs
import os
import sys


def move_pipe_off_stdin():
    """Returns a new descriptor for the stdin pipe; stdin becomes the terminal on stdout."""
    data_fd = os.dup(0)
    terminal = os.open(os.ttyname(1), os.O_RDWR)
    os.dup2(terminal, 0)
    os.close(terminal)
    return data_fd


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--batch", metavar="FILE", help="show FILE all at once and exit")
    parser.add_argument("--linger", type=float, default=0.2,
                        help="seconds to keep drawing after the input ends (default 0.2)")
    args = parser.parse_args()

    batch_text = None
    data_fd = None
    if args.batch:
        with open(args.batch, encoding="utf-8", errors="replace") as file:
            batch_text = file.read()
    else:
        data_fd = move_pipe_off_stdin()

    # Imported only now, so Textual sees the terminal on stdin.
    from textual.app import App, ComposeResult
    from textual.containers import VerticalScroll
    from textual.widgets import Markdown

    class StreamApp(App):
        def compose(self) -> ComposeResult:
            with VerticalScroll():
                yield Markdown(batch_text)

        def on_mount(self) -> None:
            self.query_one(VerticalScroll).anchor()
            if batch_text is None:
                self.run_worker(self.feed(), exclusive=True)
            else:
                self.set_timer(args.linger, self.exit)

        async def feed(self) -> None:
            loop = asyncio.get_running_loop()
            reader = asyncio.StreamReader()
            await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), os.fdopen(data_fd, "rb", 0))
            decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
            stream = Markdown.get_stream(self.query_one(Markdown))
            try:
                while True:
                    data = await reader.read(65536)
                    text = decoder.decode(data, final=not data)
                    if text:
                        await stream.write(text)
                    if not data:
                        break
            finally:
                await stream.stop()
            await asyncio.sleep(args.linger)
            self.exit()

    StreamApp().run()
    sys.stdout.flush()


if __name__ == "__main__":
    main()
