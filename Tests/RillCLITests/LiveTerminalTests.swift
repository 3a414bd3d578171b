import Foundation
import Glibc
import Rill
import RillTestSupport
import Testing

/// The built `rill` in a real terminal: tmux (Debian's 3.3a in CI, installed by `make deps`).
///
/// What a user sees is checked through tmux's own screen and scrollback: the live view must leave
/// exactly the batch render behind, write far less than a repaint per frame, leave the terminal
/// usable however it is stopped, and survive resizes.
@Suite(.enabled(if: Tmux.isAvailable, "tmux is not installed (`make deps` installs it)"))
struct LiveTerminalTests {
    struct Geometry: Sendable, CustomStringConvertible {
        var width: Int
        var height: Int
        var description: String { "\(width)x\(height)" }
    }

    static let large = Geometry(width: 100, height: 40)
    static let small = Geometry(width: 60, height: 15)

    /// Deadline for one replay: generous, since a debug build on a busy machine is slow, and a
    /// deadline only turns a hang into a failure.
    static let replayTimeout: Double = TestEnvironment.isExhaustive ? 1200 : 300

    /// What `rill --stats` printed on standard error.
    struct Statistics {
        var text: String

        func number(after label: String) -> Int? {
            guard let range = text.range(of: label) else { return nil }
            return Int(text[range.upperBound...].drop { $0 == " " }.prefix { $0.isNumber })
        }

        var bytesWritten: Int? { number(after: "bytes written:") }
        /// Lines committed while they might still have changed, because the live region was full.
        var committedEarly: Int? { number(after: "region full:") }
    }

    static func statistics(_ file: URL) -> Statistics {
        Statistics(text: (try? String(contentsOf: file, encoding: .utf8)) ?? "")
    }

    /// The batch render of `document` at `width`, as the rill executable writes it to a pipe.
    static func batchRender(_ document: String, width: Int, color: Bool) throws -> [UInt8] {
        let result = try RillProcess.run(["--width", "\(width)", "--color", color ? "always" : "never",
                                          Corpus.directory.appendingPathComponent(document).path])
        #expect(result.status == 0 && result.stderr.isEmpty, "batch render of \(document): \(result.stderr)")
        return result.stdout
    }

    static func withoutTrailingBlankLines(_ lines: [String]) -> [String] {
        var lines = lines
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The first differing lines of two transcripts, for a failure message.
    static func differences(_ live: [String], _ batch: [String], limit: Int = 3) -> String {
        var report: [String] = []
        if live.count != batch.count { report.append("live has \(live.count) lines, batch \(batch.count)") }
        for index in 0..<max(live.count, batch.count) where report.count <= limit {
            let left = index < live.count ? live[index] : "<none>"
            let right = index < batch.count ? batch[index] : "<none>"
            if left != right { report.append("line \(index + 1):\n  live:  \(left)\n  batch: \(right)") }
        }
        return report.joined(separator: "\n")
    }

    /// The row of the visible screen holding the last non-empty line.
    static func lastLineRow(_ terminal: Tmux) throws -> Int {
        try terminal.capture().lastIndex { !$0.isEmpty } ?? 0
    }

    /// Checks that the terminal is left usable: the cursor shown, and no attribute (colour,
    /// bold…) set on the prompt line. `capture-pane -e` of a single row starts from the default
    /// attributes, so any SGR in it is an attribute left on.
    static func expectUsable(_ terminal: Tmux, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try terminal.cursorIsVisible(), "\(what): the cursor is hidden", sourceLocation: sourceLocation)
        let row = try lastLineRow(terminal)
        let styled = try terminal.tmux(["capture-pane", "-p", "-e", "-t", terminal.target, "-S", "\(row)", "-E", "\(row)"])
        #expect(!styled.contains("\u{1B}["), "\(what): attributes left on at the prompt: \(styled.debugDescription)",
                sourceLocation: sourceLocation)
    }

    /// Types a command that prints `$?` inside a marker and returns that status.
    static func lastStatus(_ terminal: Tmux) throws -> Int32? {
        try terminal.type("printf '@@%s:%d@@\\n' STATUS $?")
        let lines = try terminal.wait(for: "the status line", timeout: 30) { lines in
            lines.contains { $0.hasPrefix("@@STATUS:") }
        }
        return lines.last { $0.hasPrefix("@@STATUS:") }.flatMap { Int32($0.dropFirst(9).prefix { $0.isNumber }) }
    }

    /// Types `echo ALIVE` and waits for the shell to answer: the prompt is usable.
    static func expectPromptAnswers(_ terminal: Tmux, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try terminal.type("echo ALIVE")
        let answered = try? terminal.wait(for: "ALIVE", timeout: 30) { $0.contains("ALIVE") }
        #expect(answered != nil, "the shell did not answer `echo ALIVE`", sourceLocation: sourceLocation)
    }
}

// MARK: - The transcript equals the batch render

extension LiveTerminalTests {
    /// One live replay: a Corpus document streamed in token-sized pieces (`--replay`) at `rate`
    /// pieces per second (0: as fast as possible, one frame per piece; 5000: many pieces per
    /// frame, so frames are coalesced) into a terminal of the given size.
    struct Replay: Sendable, CustomTestStringConvertible {
        var document: String
        var geometry: Geometry
        var rate: Int
        var testDescription: String { "\(document) at \(geometry), rate \(rate)" }
    }

    /// A representative sample by default (documents longer than the screen, tables, a long code
    /// block, a long list, CJK and emoji, late link definitions); every Corpus document with
    /// RILL_EXHAUSTIVE=1.
    static let sampleDocuments = [
        "answer-rust-ownership.md",   // code, a table with emoji, lists, late link definitions
        "answer-japanese-wa-ga.md",   // CJK prose, quotes and tables
        "answer-regex-explained.md",  // a 47-row table, ZWJ families, flags, skin tones
        "stream-cjk-emoji.md",        // CJK, emoji sequences, a wide-character table
        "stream-long-code.md",        // a code block much longer than the screen
        "stream-long-list.md",        // a list much longer than the screen
    ]
    static let coalescedSampleDocuments = ["answer-swift-concurrency.md", "stream-cjk-emoji.md", "stream-long-list.md"]

    static var replays: [Replay] {
        let exhaustive = TestEnvironment.isExhaustive
        return [large, small].flatMap { geometry in
            (exhaustive ? Corpus.documentNames : sampleDocuments).map { Replay(document: $0, geometry: geometry, rate: 0) }
                + (exhaustive ? Corpus.documentNames : coalescedSampleDocuments).map {
                    Replay(document: $0, geometry: geometry, rate: 5000)
                }
        }
    }

    /// A wide table drawn as records in a small pane: every row is taller than the live region,
    /// so its lines are committed while it is written, and each must reach scrollback once (they
    /// were drawn again below while the row before could still grow).
    @Test("Rows taller than a small pane reach scrollback once, as the batch render shows them", arguments: [0, 5000])
    func rowsTallerThanThePane(rate: Int) throws {
        let replay = Replay(document: "answer-database-comparison.md", geometry: Geometry(width: 46, height: 12), rate: rate)
        try expectTranscriptEqualsBatch(replay, committingEarly: true)
    }

    @Test("Screen plus scrollback after a live replay equal the batch render, line for line", arguments: replays)
    func transcriptEqualsBatch(_ replay: Replay) throws {
        try expectTranscriptEqualsBatch(replay, committingEarly: false)
    }

    /// Replays `replay` in tmux and compares screen plus scrollback with the batch render shown
    /// in the same kind of terminal. With `committingEarly`, the replay must fill the live
    /// region and still equal it; without, a replay that committed lines early (which may
    /// legitimately differ) is reported, not asserted.
    func expectTranscriptEqualsBatch(_ replay: Replay, committingEarly: Bool) throws {
        let geometry = replay.geometry
        let live = try Tmux(width: geometry.width, height: geometry.height)
        defer { live.kill() }
        let run = try live.run("rill --replay \(replay.document) --rate \(replay.rate) --color never --stats 2>\"$OUT/stats\"",
                               timeout: Self.replayTimeout)
        let stats = Self.statistics(live.file("stats"))
        #expect(run.status == 0, "exit status \(run.status): \(stats.text)")
        #expect(run.endedWithNewline, "the last line ends with a newline")
        #expect(try live.cursorIsVisible(), "the cursor is shown again at the end")
        let early = try #require(stats.committedEarly, "no statistics on standard error: \(stats.text.debugDescription)")
        if committingEarly { #expect(early > 0, "the replay must fill the live region: \(stats.text)") }

        // The batch render, shown by the same kind of terminal, so that tmux's own handling of
        // emoji sequences is the same on both sides.
        let shown = try Tmux(width: geometry.width, height: geometry.height)
        defer { shown.kill() }
        let batch = try shown.run("rill --width \(geometry.width) --color never \(replay.document) | cat",
                                  timeout: Self.replayTimeout)
        #expect(batch.status == 0)

        let liveLines = Self.withoutTrailingBlankLines(run.lines)
        let batchLines = Self.withoutTrailingBlankLines(batch.lines)
        #expect(batchLines.count > 10, "the batch render is shown")
        guard early == 0 || committingEarly else {
            // Lines committed while they might still change (the live region was full) may
            // legitimately differ: report, do not assert.
            let outcome = liveLines == batchLines
                ? "transcript equals the batch render"
                : "transcript differs:\n" + Self.differences(liveLines, batchLines)
            print("\(replay.testDescription): \(early) lines committed early (region full); \(outcome)")
            return
        }
        let equal = liveLines == batchLines
        #expect(equal, "\(replay.testDescription)\n\(Self.differences(liveLines, batchLines))")
    }

    /// Code in colour, highlighted: what tmux holds of each cell (`capture-pane -e`, colours and
    /// attributes as escape sequences) after a live replay equals what it holds after the batch
    /// render. Complete code lines are committed with their final colours; the line being
    /// written is drawn in provisional ones until it ends.
    @Test("In colour, with code highlighted, screen plus scrollback equal the batch render, attributes included",
          arguments: [Replay(document: "answer-c-ring-buffer.md", geometry: large, rate: 0),
                      Replay(document: "stream-long-code.md", geometry: large, rate: 0),
                      Replay(document: "answer-python-asyncio.md", geometry: small, rate: 5000)])
    func colouredTranscriptEqualsBatch(_ replay: Replay) throws {
        let geometry = replay.geometry
        let live = try Tmux(width: geometry.width, height: geometry.height)
        defer { live.kill() }
        let run = try live.run("rill --replay \(replay.document) --rate \(replay.rate) --color always --stats 2>\"$OUT/stats\"",
                               timeout: Self.replayTimeout, escapes: true)
        let stats = Self.statistics(live.file("stats"))
        #expect(run.status == 0, "exit status \(run.status): \(stats.text)")
        #expect(stats.committedEarly == 0, "\(stats.text)")
        #expect(stats.number(after: "code lines highlighted:") ?? 0 > 50, "\(stats.text)")

        let shown = try Tmux(width: geometry.width, height: geometry.height)
        defer { shown.kill() }
        let batch = try shown.run("rill --width \(geometry.width) --color always \(replay.document) | cat",
                                  timeout: Self.replayTimeout, escapes: true)
        #expect(batch.status == 0)
        // Both as a reader sees them (see ``Tmux/cells(_:)``).
        let liveLines = Self.withoutTrailingBlankLines(Tmux.cells(run.lines))
        let batchLines = Self.withoutTrailingBlankLines(Tmux.cells(batch.lines))
        // Highlighted: keywords of the block's language in their own colour (176 on the dark band).
        #expect(batchLines.contains { $0.contains("fg5:176") }, "the batch render is highlighted")
        #expect(liveLines == batchLines, "\(replay.testDescription)\n\(Self.differences(liveLines, batchLines))")
    }

    /// A late link definition lengthens the paragraph above a table, every row of the table is
    /// drawn one row lower, and the header row lands on the row that showed the 👍🏽 row. Rill
    /// counts both rows 6 columns wide; tmux drew the old one 8 wide, so the rewrite must erase
    /// the old row's rest rather than trust its width.
    @Test("A row drawn over an emoji row that tmux drew wider leaves nothing behind")
    func rewriteOverWideEmoji() throws {
        let document = "See [the docs][r] for more.\n\n| G |\n|---|\n| 👍🏽 |\n\n"
            + "[r]: https://example.com/a/long/path/so/the/line/wraps/around\n"
        let live = try Tmux(width: Self.small.width, height: Self.small.height)
        defer { live.kill() }
        try Data(document.utf8).write(to: live.file("emoji.md"))
        let run = try live.run("rill --replay \"$OUT/emoji.md\" --color never")
        let batch = try live.run("rill --width \(Self.small.width) --color never \"$OUT/emoji.md\" | cat")
        #expect(run.status == 0 && batch.status == 0)
        let equal = run.lines == batch.lines
        #expect(equal, "\(Self.differences(run.lines, batch.lines))")
    }
}

// MARK: - Bytes written

extension LiveTerminalTests {
    /// The bound on bytes written by the live view (also in the README): at most the batch
    /// render's bytes plus 200 bytes per frame.
    ///
    /// Replaying in 1-byte pieces at rate 0 paints a frame per byte of input, the worst case.
    /// Measured with a debug build at 100x40 on the four default documents: 1.8–7.2 bytes per
    /// frame beyond the batch render without colour, 7.8–12.2 with colour (2.3–6.3x the batch
    /// render; `answer-rust-ownership.md` 19.0 KB for 8.3 KB). A repaint of the live region per
    /// frame costs the whole region, thousands of bytes per frame for a table or a paragraph.
    static let bytesPerFrame = 200

    struct ByteCase: Sendable, CustomTestStringConvertible {
        var document: String
        var color: Bool
        var testDescription: String { "\(document), \(color ? "colour" : "no colour")" }
    }

    static var byteCases: [ByteCase] {
        let documents = TestEnvironment.isExhaustive
            ? Corpus.documentNames
            : ["answer-rust-ownership.md", "answer-database-comparison.md", "stream-cjk-emoji.md", "stream-table-rows.md"]
        return documents.flatMap { [ByteCase(document: $0, color: false), ByteCase(document: $0, color: true)] }
    }

    @Test("At 1-byte pieces the live view writes at most the batch render plus 200 bytes per frame", arguments: byteCases)
    func bytesWrittenStayBounded(_ byteCase: ByteCase) throws {
        let geometry = Self.large
        let terminal = try Tmux(width: geometry.width, height: geometry.height)
        defer { terminal.kill() }
        let recording = terminal.file("pty")
        try terminal.recordOutput(to: recording)
        let color = byteCase.color ? "always" : "never"
        let started = try terminal.start("rill --replay \(byteCase.document) --chunk 1 --color \(color) --stats 2>\"$OUT/stats\"")
        let run = try terminal.finish(started, timeout: Self.replayTimeout)
        let stats = Self.statistics(terminal.file("stats"))
        #expect(run.status == 0, "exit status \(run.status): \(stats.text)")
        let written = try #require(stats.bytesWritten, "no statistics on standard error: \(stats.text.debugDescription)")

        // What the terminal received, counted independently of `--stats`: the raw pane output
        // between the markers. The terminal driver turns each "\n" into "\r\n".
        let begin = Array("@@BEGIN-\(started.number)@@\r\n".utf8), end = Array("@@END-\(started.number):".utf8)
        var raw: [UInt8] = []
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            raw = [UInt8]((try? Data(contentsOf: recording)) ?? Data())
            if raw.firstRange(of: end) != nil { break }
            usleep(20_000)
        }
        let from = try #require(raw.firstRange(of: begin)?.upperBound, "the recording has the before-marker")
        let to = try #require(raw[from...].firstRange(of: end)?.lowerBound, "the recording has the after-marker")
        let received = raw[from..<to]
        let newlines = received.count(where: { $0 == 0x0A })
        #expect(received.count - newlines == written, "the terminal received what --stats reports as written")

        let batch = try Self.batchRender(byteCase.document, width: geometry.width, color: byteCase.color).count
        let frames = Corpus.bytes(byteCase.document).count + 1  // a frame per byte, and the last one
        let bound = batch + Self.bytesPerFrame * frames
        #expect(written <= bound, "\(byteCase.testDescription): \(written) bytes written, bound \(bound)")
        let ratio = Double(written) / Double(batch)
        let perFrame = Double(written - batch) / Double(frames)
        print("\(byteCase.testDescription) at \(geometry), 1-byte pieces: \(written) bytes written, batch \(batch) "
              + "(\(String(format: "%.1f", ratio))x), \(String(format: "%.1f", perFrame)) bytes per frame beyond the batch render")
    }
}

// MARK: - Stopping

extension LiveTerminalTests {
    /// A replay long enough to be stopped in the middle: about three minutes at 50 pieces/s.
    static let longReplay = "rill --replay answer-long-guide.md --rate 50 --color always --stats 2>\"$OUT/stats\""

    /// Waits until the replay has drawn its first heading, and checks it hid the cursor.
    static func waitForStreaming(_ terminal: Tmux) throws {
        try terminal.wait(for: "rill to draw the first heading", timeout: 60) { lines in
            lines.contains { $0.hasPrefix("Building a Production-Ready HTTP Service in Go") }
        }
        #expect(try !terminal.cursorIsVisible(), "the cursor is hidden while streaming")
    }

    @Test("Ctrl-C mid-stream: the prompt comes back and works, the cursor is shown, no attribute is left on")
    func interruptWithControlC() throws {
        let terminal = try Tmux(width: Self.large.width, height: Self.large.height)
        defer { terminal.kill() }
        try terminal.type(Self.longReplay)
        try Self.waitForStreaming(terminal)
        try terminal.press("C-c")
        #expect(try terminal.waitForPrompt() == "$", "the prompt starts a line of its own")
        #expect(try Self.lastStatus(terminal) == 128 + SIGINT)
        try Self.expectUsable(terminal, "after Ctrl-C")
        try Self.expectPromptAnswers(terminal)
        let stats = Self.statistics(terminal.file("stats"))
        #expect(stats.text.contains("rill statistics"), "rill ended its own way (statistics printed): \(stats.text)")
    }

    @Test("Ctrl-C ends rill by SIGINT itself, so a calling script stops too instead of going on")
    func interruptStopsTheCallingScript() throws {
        let terminal = try Tmux(width: Self.large.width, height: Self.large.height)
        defer { terminal.kill() }
        // `bash -c` gets the Ctrl-C as well and waits for rill; it stops only if rill was killed
        // by the signal, not if rill caught it and exited with a status.
        try terminal.type("bash -c 'rill --replay answer-long-guide.md --rate 50; echo @@AFTER\"\"@@'")
        try Self.waitForStreaming(terminal)
        try terminal.press("C-c")
        try terminal.waitForPrompt()
        #expect(try Self.lastStatus(terminal) == 128 + SIGINT)
        let lines = try terminal.capture(history: true)
        #expect(!lines.contains { $0.contains("@@AFTER@@") }, "the script went on after Ctrl-C")
        try Self.expectUsable(terminal, "after Ctrl-C in a script")
    }

    @Test("SIGTERM or SIGHUP from elsewhere mid-stream: the terminal is left usable", arguments: [SIGTERM, SIGHUP])
    func signalFromElsewhere(_ number: Int32) throws {
        let terminal = try Tmux(width: Self.large.width, height: Self.large.height)
        defer { terminal.kill() }
        // The shell prints its process ID and becomes rill, so the ID is rill's.
        try terminal.type("sh -c 'printf \"@@PID-%s@@\\n\" $$; exec \(Self.longReplay)'")
        let lines = try terminal.wait(for: "rill's process ID", timeout: 30) { lines in
            lines.contains { $0.hasPrefix("@@PID-") }
        }
        let line = try #require(lines.first { $0.hasPrefix("@@PID-") })
        let pid = try #require(pid_t(line.dropFirst(6).prefix { $0.isNumber }))
        try Self.waitForStreaming(terminal)
        let command = try String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)
        try #require(command.hasPrefix("rill"), "process \(pid) is \(command), not the rill this test started")
        #expect(Glibc.kill(pid, number) == 0)
        #expect(try terminal.waitForPrompt() == "$", "the prompt starts a line of its own")
        #expect(try Self.lastStatus(terminal) == 128 + number)
        try Self.expectUsable(terminal, "after signal \(number)")
        try Self.expectPromptAnswers(terminal)
        #expect(Self.statistics(terminal.file("stats")).text.contains("rill statistics"), "rill ended its own way")
    }

    @Test("A closed standard output (`rill | head -3`): exit status 0, nothing on standard error, the terminal usable",
          arguments: [false, true])
    func closedOutput(color: Bool) throws {
        let terminal = try Tmux(width: Self.large.width, height: Self.large.height)
        defer { terminal.kill() }
        let run = try terminal.run("rill --replay answer-long-guide.md --chunk 1 --color \(color ? "always" : "never") "
                                   + "2>\"$OUT/errors\" | head -3; (exit ${PIPESTATUS[0]})", timeout: Self.replayTimeout)
        #expect(run.status == 0, "rill's exit status")
        let errors = (try? String(contentsOf: terminal.file("errors"), encoding: .utf8)) ?? "<unreadable>"
        #expect(errors.isEmpty, "standard error: \(errors)")
        // Standard output is a pipe, so this is the block writer at the default width of 80.
        let batch = String(decoding: try Self.batchRender("answer-long-guide.md", width: 80, color: false), as: UTF8.self)
        let expected = batch.split(separator: "\n", omittingEmptySubsequences: false).prefix(3).map { line in
            var text = String(line)
            while text.last == " " { text.removeLast() }
            return text
        }
        #expect(run.lines == expected, "what `head -3` shows")
        try Self.expectUsable(terminal, "after `| head -3`")
    }
}

// MARK: - Resizing

extension LiveTerminalTests {
    struct Resize: Sendable, CustomTestStringConvertible {
        var from: Geometry
        var to: Geometry
        /// Resize back and forth many times in a row before settling on `to`.
        var storm = false
        var testDescription: String { "\(from) to \(to)\(storm ? " after a storm of resizes" : "")" }
    }

    @Test("A resize mid-stream: rill goes on, ends normally, and lays out the rest at the new width",
          arguments: [Resize(from: large, to: small), Resize(from: small, to: large),
                      Resize(from: large, to: small, storm: true)])
    func resizeMidStream(_ resize: Resize) throws {
        let document = "answer-rust-ownership.md"
        let terminal = try Tmux(width: resize.from.width, height: resize.from.height)
        defer { terminal.kill() }
        let started = try terminal.start("rill --replay \(document) --rate 200 --color never --stats 2>\"$OUT/stats\"")
        try terminal.wait(for: "the stream to reach its third section", timeout: 60) { lines in
            lines.contains("Borrowing instead of moving")
        }
        if resize.storm {
            for round in 0..<10 {
                let geometry = round.isMultiple(of: 2) ? resize.to : resize.from
                try terminal.resize(width: geometry.width + round, height: geometry.height + round % 3)
            }
        }
        try terminal.resize(width: resize.to.width, height: resize.to.height)
        #expect(try terminal.display("#{pane_width}x#{pane_height}") == resize.to.description)
        let run = try terminal.finish(started, timeout: Self.replayTimeout)
        let stats = Self.statistics(terminal.file("stats"))
        #expect(run.status == 0, "exit status \(run.status): \(stats.text)")
        #expect(try terminal.cursorIsVisible())

        // Lines joined where tmux wrapped them: a line drawn wider than the new width shows.
        let screen = try terminal.capture(join: true)
        for line in screen where DisplayWidth.of(line) > resize.to.width {
            Issue.record("a line wider than \(resize.to.width) columns on the final screen: \(line)")
        }
        // Everything from the last sections on was laid out after the resize: it must read
        // exactly as the batch render at the new width.
        let batch = String(decoding: try Self.batchRender(document, width: resize.to.width, color: false), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false).map { line in
                var text = String(line)
                while text.last == " " { text.removeLast() }
                return text
            }
        let anchor = "A learning checklist"
        let liveLines = Self.withoutTrailingBlankLines(run.lines)
        let liveTail = liveLines.lastIndex(of: anchor).map { Array(liveLines[$0...]) } ?? []
        let batchTail = Self.withoutTrailingBlankLines(batch).firstIndex(of: anchor).map { Array(batch[$0...]) } ?? []
        #expect(!liveTail.isEmpty && liveTail == Self.withoutTrailingBlankLines(batchTail),
                "the end of the transcript differs from the batch render at \(resize.to.width):\n\(Self.differences(liveTail, Self.withoutTrailingBlankLines(batchTail)))")
    }
}

extension LiveTerminalTests {
    struct SizeChange: Sendable, CustomTestStringConvertible {
        var from: Geometry
        var to: Geometry
        var testDescription: String { "\(from) to \(to)" }
    }

    /// A terminal rewraps the lines on screen when its width changes (tmux moves rows it no
    /// longer has room for into the scrollback), and pushes its top rows into the scrollback when
    /// it loses rows: the live region drawn before must be neither drawn again nor lost, so the
    /// transcript, read as tmux joins rewrapped rows, holds every word of the paragraph once, in
    /// order. (tmux also keeps the screen in its scrollback when it is erased from its top left
    /// corner: the region must never be erased from there.)
    @Test("A size change mid-paragraph leaves every word in the transcript once",
          arguments: [SizeChange(from: Geometry(width: 100, height: 40), to: Geometry(width: 60, height: 40)),
                      SizeChange(from: Geometry(width: 60, height: 40), to: Geometry(width: 100, height: 40)),
                      SizeChange(from: Geometry(width: 100, height: 40), to: Geometry(width: 100, height: 8)),
                      SizeChange(from: Geometry(width: 100, height: 8), to: Geometry(width: 100, height: 40))])
    func sizeChangeMidParagraph(_ change: SizeChange) throws {
        let words = (1...400).map { "word\($0)" }
        let terminal = try Tmux(width: change.from.width, height: change.from.height)
        defer { terminal.kill() }
        try (words.joined(separator: " ") + "\n").write(to: terminal.file("paragraph.md"), atomically: true,
                                                         encoding: .utf8)
        let started = try terminal.start("rill --replay \"$OUT/paragraph.md\" --chunk 8 --rate 150 --color never")
        // Resize while the paragraph is about 15 lines tall at 100 columns (all of it live in 40 rows).
        try terminal.wait(for: "the paragraph to reach its 160th word", timeout: 60) { lines in
            lines.contains { $0.contains("word160 ") }
        }
        try terminal.resize(width: change.to.width, height: change.to.height)
        let run = try terminal.finish(started, timeout: Self.replayTimeout)
        #expect(run.status == 0)
        let joined = try terminal.capture(history: true, join: true)
        guard let first = joined.lastIndex(of: started.begin),
              let last = joined[first...].firstIndex(where: { $0.contains(started.end) }) else {
            Issue.record("markers not found")
            return
        }
        let seen = joined[(first + 1)..<last].flatMap { $0.split(separator: " ").map(String.init) }
        let repeated = Dictionary(grouping: seen, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(repeated.isEmpty, "\(repeated.count) words drawn twice, from \(repeated.first ?? "")")
        let missing = Set(words).subtracting(seen).count
        let inOrder = seen == words
        #expect(inOrder, "the transcript's \(seen.count) words are not the paragraph's 400 in order (\(missing) missing)")
    }
}

// MARK: - Piped

extension LiveTerminalTests {
    /// `rill answer.md | less -R` in a terminal: standard output is a pipe, but standard error,
    /// or else `/dev/tty`, is the terminal the pager shows the text in.
    @Test("Piped output is laid out at the width of the terminal it is shown in",
          arguments: ["| cat", "2>/dev/null | cat"])
    func pipedWidth(_ redirection: String) throws {
        let terminal = try Tmux(width: 100, height: 40)
        defer { terminal.kill() }
        let run = try terminal.run("COLUMNS=70 rill --color never answer-rust-ownership.md \(redirection)")
        #expect(run.status == 0)
        let widest = run.lines.map { DisplayWidth.of($0) }.max() ?? 0
        #expect(widest > 80 && widest <= 100, "the widest line is \(widest) columns, in a terminal of 100")
    }
}

// MARK: - Ctrl-C in colour

extension LiveTerminalTests {
    /// The terminal echoes Ctrl-C the moment it is pressed, at the cursor, in the attributes
    /// last set: in the middle of a code line being written, those are the code's colours.
    @Test("Ctrl-C while a code line is written: no `^C` is drawn in the code's colours, and echo is as it was")
    func interruptInsideCode() throws {
        let terminal = try Tmux(width: Self.large.width, height: Self.large.height)
        defer { terminal.kill() }
        let code = (1...60).map { "let value\($0) = compute(\($0), \"a long argument that keeps the line going\")" }
        try ("```\n" + code.joined(separator: "\n") + "\n```\n").write(to: terminal.file("code.md"), atomically: true,
                                                                       encoding: .utf8)
        try terminal.type("rill --replay \"$OUT/code.md\" --chunk 3 --rate 40 --color always")
        try terminal.wait(for: "the code block to be written", timeout: 60) { lines in
            lines.contains { $0.contains("let value2 = compute") }
        }
        try terminal.press("C-c")
        try terminal.waitForPrompt()
        let lines = Tmux.cells(try terminal.capture(history: true, escapes: true))
        for line in lines where line.contains("^C") {
            let before = line[..<line.range(of: "^C")!.lowerBound]
            let look = before.range(of: "⟦", options: .backwards).map { String(before[$0.lowerBound...]) } ?? ""
            #expect(look.hasPrefix("⟦fg bg ⟧"), "`^C` drawn in colour: \(look.prefix(40))")
        }
        let settings = try terminal.run("stty -a")
        #expect(settings.lines.joined(separator: " ").split(separator: " ").contains("echoctl"),
                "the terminal's echo of control keys is as it was")
    }
}
