@testable import Rill
import Testing

extension RillTests.Layout {
    /// Placeholders for control characters from the input.
    @Suite struct ControlCharactersTests {}
}

extension RillTests.Layout.ControlCharactersTests {
    @Test(arguments: [
        (0x00, "␀"), (0x07, "␇"), (0x08, "␈"), (0x09, "␉"), (0x0A, "␊"), (0x0D, "␍"), (0x1B, "␛"), (0x1F, "␟"),
        (0x7F, "␡"), (0x80, "␛@"), (0x85, "␛E"), (0x9B, "␛["), (0x9D, "␛]"), (0x9F, "␛_"),
    ] as [(UInt32, String)])
    func placeholderNamesTheControl(_ value: UInt32, _ placeholder: String) {
        #expect(ControlCharacters.placeholder(for: Unicode.Scalar(value)!) == placeholder)
    }

    @Test(arguments: [
        (0x00, true), (0x1F, true), (0x20, false), (0x7E, false), (0x7F, true), (0x9F, true), (0xA0, false),
        (0x2028, false), (0x41, false),
    ] as [(UInt32, Bool)])
    func controlsAreC0DeleteAndC1(_ value: UInt32, _ isControl: Bool) {
        #expect(ControlCharacters.isControl(Unicode.Scalar(value)!) == isControl)
    }

    @Test func splitsTextAroundPlaceholdersInTheirOwnStyle() {
        let text = TextStyle(bold: true)
        let mark = TextStyle(foreground: .red)
        #expect(ControlCharacters.spans("a\u{1B}[2Jb\u{9B}31m", style: text, placeholderStyle: mark) == [
            Span("a", text), Span("␛", text.merged(with: mark)), Span("[2Jb", text),
            Span("␛[", text.merged(with: mark)), Span("31m", text),
        ])
    }

    @Test func keepsTextWithoutControlsAsOneSpan() {
        #expect(ControlCharacters.spans("plain 中文 👍🏽", style: .plain, placeholderStyle: .plain) == [Span("plain 中文 👍🏽")])
    }

    @Test func replacesTabsWithTheGivenText() {
        #expect(ControlCharacters.spans("a\tb", style: .plain, placeholderStyle: .plain) == [Span("a b")])
        #expect(ControlCharacters.spans("a\tb", style: .plain, placeholderStyle: .plain, tab: "    ") == [Span("a    b")])
    }

    @Test func showsLineFeedsLeftInSpanTextAsPlaceholders() {
        // Spans never hold a line break: callers split lines first, and a stray one is shown.
        #expect(ControlCharacters.spans("a\nb", style: .plain, placeholderStyle: .plain).map(\.text) == ["a", "␊", "b"])
    }

    @Test func makesOneLineLabelsVisible() {
        #expect(ControlCharacters.visible("x\u{07}y\tz\u{7F}") == "x␇y␉z␡")
        #expect(ControlCharacters.visible("swift title=\"x\"") == "swift title=\"x\"")
    }

    @Test func reducesHyperlinkTargetsToPrintableCharacters() {
        #expect(ControlCharacters.hyperlinkTarget("https://e.x/\u{1B}]8;;https://evil\u{07} a\u{9C}b")
            == "https://e.x/]8;;https://evilab")
    }

    @Test func leavesNoControlCharacterForRandomInput() {
        var random = LayoutFixtures.Random(seed: 11)
        for _ in 0..<1000 {
            let scalars = (0..<Int.random(in: 0...30, using: &random)).map { _ -> Unicode.Scalar in
                let value = Bool.random(using: &random) ? UInt32.random(in: 0...0xFF, using: &random) : UInt32.random(in: 0x100...0x3000, using: &random)
                return Unicode.Scalar(value) ?? "x"
            }
            let text = String(String.UnicodeScalarView(scalars))
            let spans = ControlCharacters.spans(text, style: .plain, placeholderStyle: .plain)
            #expect(!spans.map(\.text).joined().unicodeScalars.contains(where: ControlCharacters.isControl))
            #expect(!ControlCharacters.visible(text).unicodeScalars.contains(where: ControlCharacters.isControl))
            #expect(!ControlCharacters.hyperlinkTarget(text).unicodeScalars.contains { ControlCharacters.isControl($0) || $0 == " " })
            #expect(ControlCharacters.contains(in: text) == text.unicodeScalars.contains(where: ControlCharacters.isControl))
        }
    }
}
