@_spi(Testing) @testable import Rill
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

    /// The search reads eight bytes at a time: every control character, and the characters
    /// whose bytes come nearest one (space, `~`, U+00A0 and U+00BF after the `C2` lead byte,
    /// continuation bytes `80`–`9F` under other lead bytes), at every position of texts long
    /// enough to cross several words, after ASCII and after multi-byte filler.
    @Test("Controls are found at every position, eight bytes at a time; near misses are not")
    func findsControlsAtEveryPosition() {
        let controls = (0..<0x20).map { Unicode.Scalar(UInt8($0)) } + [Unicode.Scalar(UInt8(0x7F))]
            + (0x80..<0xA0).map { Unicode.Scalar(UInt8($0)) }
        let nearMisses: [Unicode.Scalar] = [" ", "~", "\u{A0}", "\u{BF}", "\u{100}", "\u{11F}", "\u{800}", "\u{81F}",
                                            "\u{1F600}", "\u{FFFD}"]
        for filler in ["abcdefgh", "é°ñ中", "\u{A0}x"] {
            for length in [0, 1, 7, 8, 9, 15, 16, 17, 31] {
                let base = String(String(repeating: filler, count: 32).prefix(length))
                for position in 0...base.count {
                    for scalar in controls + nearMisses {
                        var text = base
                        text.insert(Character(scalar), at: text.index(text.startIndex, offsetBy: position))
                        #expect(ControlCharacters.contains(in: text) == ControlCharacters.isControl(scalar),
                                "U+\(String(scalar.value, radix: 16)) at \(position) of \(base.debugDescription)")
                    }
                }
                #expect(!ControlCharacters.contains(in: base))
            }
        }
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
