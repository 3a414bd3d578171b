import RillTestSupport
import Testing

/// The audit the safety tests rely on must catch every sequence Rill does not write itself.
@Suite struct OutputAuditTests {
    static func problems(_ text: String, styled: Bool = true, hyperlinks: Bool = true) -> [String] {
        OutputAudit.violations(in: Array(text.utf8), styled: styled, hyperlinks: hyperlinks)
    }

    @Test("Rill's own sequences pass")
    func cleanOutput() {
        #expect(Self.problems("plain\n\u{1B}[0;1;38;5;81mbold\u{1B}[0m text\n\n") == [])
        #expect(Self.problems("\u{1B}]8;;https://e.x/a?b=c\u{1B}\\\u{1B}[0;4mlink\u{1B}]8;;\u{1B}\\\u{1B}[0m\n") == [])
        #expect(Self.problems("\u{1B}[0;38;5;0mblack on nothing\u{1B}[0m\n") == [], "colour index 0 is no reset")
        #expect(Self.problems("no escapes at all\n", styled: false, hyperlinks: false) == [])
    }

    @Test("Anything else is reported", arguments: [
        "\u{1B}[2J", "\u{1B}[3J", "\u{1B}[H", "\u{1B}[10A", "\u{1B}[6n", "\u{9B}31m",
        "\u{1B}]52;c;cHduZWQ=\u{07}", "\u{1B}]0;pwned\u{07}", "\u{1B}]8;;https://e.x\u{07}x\u{1B}]8;;\u{07}",
        "\u{1B}]8;;https://e.x/a b\u{1B}\\x\u{1B}]8;;\u{1B}\\", "\u{1B}]8;id=1;https://e.x\u{1B}\\x\u{1B}]8;;\u{1B}\\",
        "\u{1B}P$qm\u{1B}\\", "\u{1B}c", "\u{1B}", "\u{07}", "\u{08}", "\u{7F}", "\r", "\t", "\u{85}",
        "\u{1B}[0;1mbold, never reset", "\u{1B}]8;;https://e.x\u{1B}\\never closed",
    ])
    func reports(_ output: String) {
        #expect(!Self.problems("before " + output + "\n").isEmpty)
    }

    @Test("Styles and hyperlinks must end on the line they start")
    func perLine() {
        #expect(!Self.problems("\u{1B}[0;1mbold\nstill bold\u{1B}[0m\n").isEmpty)
        #expect(!Self.problems("\u{1B}]8;;https://e.x\u{1B}\\a\nb\u{1B}]8;;\u{1B}\\\n").isEmpty)
    }

    @Test("Without colour no SGR is allowed; without hyperlinks no OSC 8")
    func modes() {
        #expect(!Self.problems("\u{1B}[0mx\n", styled: false).isEmpty)
        #expect(!Self.problems("\u{1B}]8;;https://e.x\u{1B}\\a\u{1B}]8;;\u{1B}\\\n", hyperlinks: false).isEmpty)
    }
}
