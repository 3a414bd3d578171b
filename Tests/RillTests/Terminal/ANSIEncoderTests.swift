@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

/// The last step to the terminal: SGR per colour depth, OSC 8, and nothing left open at a line end.
@Suite struct ANSIEncoderTests {
    static func encoded(_ line: StyledLine, _ depth: ColorDepth, hyperlinks: Bool = false) -> String {
        String(decoding: ANSIEncoder(depth: depth, hyperlinks: hyperlinks).encode(line), as: UTF8.self)
    }

    /// The SGR parameters of `style` at `depth`, without the leading reset.
    static func codes(_ style: TextStyle, _ depth: ColorDepth) -> [String] {
        let sgr = String(decoding: ANSIEncoder(depth: depth).sgr(style), as: UTF8.self)
        #expect(sgr.hasPrefix("\u{1B}[0") && sgr.hasSuffix("m"))
        return sgr.dropFirst(2).dropLast().split(separator: ";").dropFirst().map(String.init)
    }

    @Test("256 colours: 38;5;N and 48;5;N")
    func palette() {
        #expect(Self.codes(TextStyle(foreground: TerminalColor(213), background: TerminalColor(236)), .palette)
            == ["38", "5", "213", "48", "5", "236"])
        #expect(Self.codes(TextStyle(bold: true, dim: true, italic: true, underlined: true, struck: true, inverse: true), .palette)
            == ["1", "2", "3", "4", "7", "9"])
    }

    @Test("16 colours: the basic colours keep their own codes")
    func basicColoursPassThrough() {
        for index in 0..<16 {
            let foreground = index < 8 ? 30 + index : 90 + index - 8
            #expect(Self.codes(TextStyle(foreground: TerminalColor(UInt8(index))), .basic) == [String(foreground)])
            #expect(Self.codes(TextStyle(background: TerminalColor(UInt8(index))), .basic) == [String(foreground + 10)])
        }
    }

    @Test("16 colours: every palette index maps to 30–37/90–97 and 40–47/100–107")
    func everyIndexMapsToABasicCode() {
        for index in 0...255 {
            let color = TerminalColor(UInt8(index))
            guard let foreground = Self.codes(TextStyle(foreground: color), .basic).first.flatMap({ Int($0) }),
                  let background = Self.codes(TextStyle(background: color), .basic).first.flatMap({ Int($0) }) else {
                Issue.record("index \(index): no code")
                continue
            }
            #expect((30...37).contains(foreground) || (90...97).contains(foreground), "index \(index) → \(foreground)")
            #expect(background == foreground + 10, "index \(index): background \(background), foreground \(foreground)")
        }
    }

    @Test("16 colours: palette colours go to the nearest basic one", arguments: [
        (196, 91), (46, 92), (21, 34), (226, 93), (16, 30), (231, 97), (244, 90), (252, 37), (236, 30), (201, 95), (51, 96), (81, 96),
    ] as [(UInt8, Int)])
    func nearestBasic(_ index: UInt8, _ code: Int) {
        #expect(Self.codes(TextStyle(foreground: TerminalColor(index)), .basic) == [String(code)])
    }

    @Test("No colour: no escape sequence at all, even for styled spans and hyperlinks")
    func none() {
        let line = StyledLine([Span("bold ", TextStyle(foreground: .red, bold: true)),
                               Span("link", TextStyle(underlined: true, hyperlink: "https://e.x"))])
        #expect(Self.encoded(line, .none, hyperlinks: true) == "bold link")
    }

    @Test("Attributes are reset and a hyperlink closed at the end of every line")
    func lineEnds() {
        let link = TextStyle(foreground: TerminalColor(75), underlined: true, hyperlink: "https://e.x/a")
        let line = StyledLine([Span("see "), Span("the docs", link)])
        #expect(Self.encoded(line, .palette, hyperlinks: true)
            == "see \u{1B}]8;;https://e.x/a\u{1B}\\\u{1B}[0;4;38;5;75mthe docs\u{1B}]8;;\u{1B}\\\u{1B}[0m")
        #expect(Self.encoded(line, .palette) == "see \u{1B}[0;4;38;5;75mthe docs\u{1B}[0m", "no OSC 8 when hyperlinks are off")
        #expect(Self.encoded(StyledLine([Span("plain")]), .palette) == "plain", "nothing to reset")
    }

    @Test("A hyperlink that changes target mid-line is closed before the next opens")
    func adjacentLinks() {
        let a = TextStyle(hyperlink: "https://e.x/a"), b = TextStyle(hyperlink: "https://e.x/b")
        let output = Self.encoded(StyledLine([Span("a", a), Span("b", b)]), .palette, hyperlinks: true)
        #expect(output == "\u{1B}]8;;https://e.x/a\u{1B}\\a\u{1B}]8;;\u{1B}\\\u{1B}]8;;https://e.x/b\u{1B}\\b\u{1B}]8;;\u{1B}\\")
        #expect(OutputAudit.violations(in: Array(output.utf8), styled: true, hyperlinks: true).isEmpty)
    }
}
