@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

/// Padding written over cells a terminal already shows blank is passed with a move right.
@Suite struct BlankPassingTests {
    static let border = TextStyle(foreground: TerminalColor(240))
    static let bold = TextStyle(bold: true)

    /// `line` written from the cursor over `blank` blank cells, on a plain pen.
    static func passed(_ line: StyledLine, _ depth: ColorDepth = .none, blank: Int = .max, margin: Int = 80,
                       slack: Int = 0) -> String {
        var bytes: [UInt8] = []
        var pen = TextStyle.plain
        ANSIEncoder(depth: depth).encode(line, into: &bytes, pen: &pen, overBlank: blank, margin: margin, slack: slack)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("Runs of five spaces or more are passed; shorter ones are written")
    func shortRunsWritten() {
        #expect(Self.passed(StyledLine([Span("│ a    │ b     │")])) == "│ a    │ b\u{1B}[5C│")
        #expect(Self.passed(StyledLine([Span("x            y")])) == "x\u{1B}[12Cy")
    }

    @Test("A space that a mark or an emoji modifier joins is written with it, not passed")
    func joinedSpaceWritten() {
        // " 🏽" and " \u{301}" are clusters of two scalars: a move over all six spaces would
        // leave the modifier, or the mark, drawn alone.
        #expect(Self.passed(StyledLine([Span("x      \u{1F3FD} y")])) == "x\u{1B}[5C \u{1F3FD} y")
        #expect(Self.passed(StyledLine([Span("x      \u{301}y")])) == "x\u{1B}[5C \u{301}y")
        // The joining scalar may start the next span.
        #expect(Self.passed(StyledLine([Span("x      "), Span("\u{1F3FD}", Self.bold)])) == "x\u{1B}[5C \u{1F3FD}")
        // An emoji that starts a cluster of its own is written after the whole run passed.
        #expect(Self.passed(StyledLine([Span("x      \u{1F44D}")])) == "x\u{1B}[6C\u{1F44D}")
    }

    @Test("Only the blank cells are passed: what lies past them is written")
    func onlyWithinTheBlankCells() {
        // Five cells were inserted; the run beyond them covers old text and is written.
        #expect(Self.passed(StyledLine([Span("     ab      ")]), blank: 5) == "\u{1B}[5Cab      ")
        #expect(Self.passed(StyledLine([Span("ab      cd")]), blank: 7) == "ab      cd")
    }

    @Test("A run that could reach the margin is written: a move stops short of it")
    func marginKept() {
        #expect(Self.passed(StyledLine([Span("ab      ")]), margin: 8) == "ab      ")
        #expect(Self.passed(StyledLine([Span("ab      ")]), margin: 9) == "ab\u{1B}[6C")
        // A terminal may draw the text two columns wider than counted.
        #expect(Self.passed(StyledLine([Span("ab      ")]), margin: 10, slack: 2) == "ab      ")
    }

    @Test("Spaces with an attribute are written; the pen is reset before a move")
    func attributesKept() {
        let header = StyledLine([Span("│", Self.border), Span(" Name      ", Self.bold), Span("│", Self.border)])
        let headerBytes = Self.passed(header, .palette)
        #expect(!headerBytes.contains("C"))
        let row = StyledLine([Span("│", Self.border), Span(" x         ", .plain), Span("│", Self.border)])
        let rowBytes = Self.passed(row, .palette)
        #expect(rowBytes.contains("x\u{1B}[9C"))
        // The border's colour is reset before the move (the spaces' own reset), set again after.
        let ended = Array(rowBytes.utf8) + ANSIEncoder.reset
        #expect(LiveOutputAudit.violations(in: ended, styled: true, hyperlinks: false).isEmpty)
    }

    @Test("A pen with a background writes every space (blank cells would take its colour)")
    func backgroundPenWritesSpaces() {
        var bytes: [UInt8] = []
        var pen = TextStyle(background: TerminalColor(236))
        ANSIEncoder(depth: .palette).encode(StyledLine([Span("a          b")]), into: &bytes, pen: &pen,
                                            overBlank: .max, margin: 80, slack: 0)
        #expect(!String(decoding: bytes, as: UTF8.self).contains("\u{1B}[10C"))
    }

    @Test("On a blank row the screen is the same, attributes included, as with the spaces written",
          arguments: [ColorDepth.none, .palette])
    func sameScreen(_ depth: ColorDepth) {
        let lines = [
            StyledLine([Span("│", Self.border), Span(" Name      ", Self.bold), Span("│", Self.border),
                        Span(" Value            ", .plain), Span("│", Self.border)]),
            StyledLine([Span("│", Self.border), Span(" 🔴 x         ", .plain), Span("│", Self.border),
                        Span("     ", TextStyle(underlined: true)), Span("  y        ", .plain), Span("│", Self.border)]),
        ]
        var passed = VirtualTerminal(width: 40, height: 4)
        var written = VirtualTerminal(width: 40, height: 4)
        let encoder = ANSIEncoder(depth: depth)
        for line in lines {
            var bytes: [UInt8] = []
            var pen = TextStyle.plain
            encoder.encode(line, into: &bytes, pen: &pen, overBlank: .max, margin: 40,
                           slack: LivePainter.maxDrawnWidth(line) - line.width)
            bytes += ANSIEncoder.reset + Array("\r\n".utf8)
            #expect(bytes.count < encoder.encode(line).count + 6)
            passed.feed(bytes)
            written.feed(encoder.encode(line) + Array("\r\n".utf8))
        }
        #expect(passed.styledTranscript == written.styledTranscript)
        #expect(passed.violations.isEmpty)
    }
}

extension BlankPassingTests {
    @Test("A new table row's padding is passed; an insert's padding too, the screen as drawn whole")
    func painterPassesPadding() {
        var painter = LivePainter(encoder: ANSIEncoder(depth: .none))
        painter.columns = 40
        var terminal = VirtualTerminal(width: 40, height: 6)
        let frames: [[String]] = [
            ["│ a │ b │", "│ c │ d │"],
            ["│ a │ b │", "│ c │ d │", "│ e │ f           │"],
            // The first column widens: every row gets blank cells inserted into its first cell.
            ["│ a            │ b │", "│ c            │ d │", "│ e            │ f           │"],
        ]
        var sizes: [Int] = []
        var last = ""
        for lines in frames {
            let bytes = painter.paint(lines.map { StyledLine([Span($0)]) }).bytes
            sizes.append(bytes.count)
            last = String(decoding: bytes, as: UTF8.self)
            terminal.feed(bytes)
            #expect(LivePainterTests.region(terminal, count: lines.count) == lines)
        }
        #expect(terminal.violations.isEmpty)
        // The new row: its 11 spaces of padding are a 4-byte move.
        #expect(sizes[1] < "\r\n│ e │ f           │".utf8.count - 5)
        // The insert: three rows of 12 inserted cells, none of them written as spaces.
        #expect(!last.contains(String(repeating: " ", count: 12)), "\(last.debugDescription)")
        // Each row: a move to it and to the column (up to 10 bytes), the insert (5), a move right
        // past the inserted cells (5); the twelve spaces would have made it 32.
        #expect(sizes[2] <= 3 * 21)
    }
}
