import RillTestSupport
import Testing

/// The audit of live output must pass exactly what a live view writes, and catch the rest.
@Suite struct LiveOutputAuditTests {
    static func problems(_ text: String, styled: Bool = true, hyperlinks: Bool = true) -> [String] {
        LiveOutputAudit.violations(in: Array(text.utf8), styled: styled, hyperlinks: hyperlinks)
    }

    @Test("A live view's own sequences pass")
    func cleanOutput() {
        let frame = "\u{1B}[?25l\u{1B}[?2026h\r\u{1B}[3A\u{1B}[J\u{1B}[0;1mtitle\u{1B}[0m\r\n"
            + "\u{1B}]8;;https://e.x/\u{1B}\\link\u{1B}]8;;\u{1B}\\\u{1B}[12G\u{1B}[K more\r\n\u{1B}[2B\u{1B}[?2026l"
        #expect(Self.problems(frame) == [])
        #expect(Self.problems("text\r\n\u{1B}[1A\u{1B}[5Gx\u{1B}[0m\u{1B}[?25h", styled: false, hyperlinks: false) == [],
                "a reset is allowed even without colour (closing writes one)")
    }

    @Test("Anything else is reported", arguments: [
        "\u{1B}[2J", "\u{1B}[1J", "\u{1B}[2K", "\u{1B}[H", "\u{1B}[5;5H", "\u{1B}[0A", "\u{1B}[A", "\u{1B}[6n",
        "\u{1B}[?1049h", "\u{1B}[?1h", "\u{1B}[4h", "\u{9B}31m", "\u{1B}]52;c;cHduZWQ=\u{07}", "\u{1B}]0;pwned\u{1B}\\",
        "\u{1B}]8;;https://e.x\u{07}x\u{1B}]8;;\u{07}", "\u{1B}P$qm\u{1B}\\", "\u{1B}c", "\u{1B}7", "\u{1B}",
        "\u{07}", "\u{08}", "\u{7F}", "\t", "\u{85}", "\u{1B}[0;1mbold, never reset",
    ])
    func reports(_ output: String) {
        #expect(!Self.problems("before " + output + "\r\n").isEmpty)
    }

    @Test("Attributes and hyperlinks must end before the cursor leaves the row")
    func beforeMoving() {
        #expect(!Self.problems("\u{1B}[0;1mbold\r\n\u{1B}[0m").isEmpty)
        #expect(!Self.problems("\u{1B}[0;1mbold\u{1B}[2A\u{1B}[0m").isEmpty)
        #expect(!Self.problems("\u{1B}[0;1mbold\u{1B}[1B\u{1B}[0m").isEmpty)
        #expect(!Self.problems("\u{1B}[0;1mbold\r\u{1B}[0m").isEmpty, "a carriage return ends the text too")
        #expect(!Self.problems("\u{1B}]8;;https://e.x\u{1B}\\a\u{1B}[K\u{1B}]8;;\u{1B}\\").isEmpty)
        #expect(!Self.problems("\u{1B}[0;48;5;236mcode\u{1B}[K\u{1B}[0m").isEmpty, "an erase paints the background")
        #expect(!Self.problems("\u{1B}[0;48;5;236mcode\u{1B}[2@\u{1B}[0m").isEmpty, "so do inserted blanks")
    }

    @Test("Attributes may stay set across a move along the row, which paints nothing; a hyperlink may not")
    func alongTheRow() {
        #expect(Self.problems("\u{1B}[0;48;5;236m│ code   \u{1B}[3Gmore\u{1B}[0m") == [])
        #expect(Self.problems("\u{1B}[0;48;5;236mcode\u{1B}[4Cmore\u{1B}[0m") == [])
        #expect(!Self.problems("\u{1B}]8;;https://e.x\u{1B}\\a\u{1B}[5G\u{1B}]8;;\u{1B}\\").isEmpty)
        #expect(!Self.problems("\u{1B}[0;48;5;236mcode\u{1B}[3G").isEmpty, "but not past the end of the output")
    }

    @Test("Attributes may stay set across a mode change, which paints nothing")
    func acrossModeChanges() {
        #expect(Self.problems("\u{1B}[0;1mbold\u{1B}[?2026h\u{1B}[0m\r\u{1B}[1A\u{1B}[?2026l") == [])
        #expect(!Self.problems("\u{1B}[0;1mbold\u{1B}[?2026h").isEmpty, "but not past the end of the output")
    }

    @Test("Without colour no SGR but a reset; without hyperlinks no OSC 8")
    func modes() {
        #expect(!Self.problems("\u{1B}[0;1mx\u{1B}[0m", styled: false).isEmpty)
        #expect(!Self.problems("\u{1B}]8;;https://e.x\u{1B}\\a\u{1B}]8;;\u{1B}\\", hyperlinks: false).isEmpty)
    }
}
