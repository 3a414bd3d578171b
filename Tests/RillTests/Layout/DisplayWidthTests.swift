@_spi(Testing) @testable import Rill
import Testing

extension RillTests.Layout {
    /// Terminal column widths of text.
    @Suite struct DisplayWidthTests {}
}

extension RillTests.Layout.DisplayWidthTests {
    @Test(arguments: [
        ("", 0), ("a", 1), ("hello, world", 12), ("~!@#$%^&*()_+", 13), (" ", 1),
    ])
    func ascii(_ text: String, _ width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test(arguments: [
        ("\u{1B}", 0), ("\u{07}", 0), ("\u{7F}", 0), ("\t", 0), ("a\u{1B}b", 2), ("\u{9B}", 0), ("\r\n", 0),
    ])
    func controlCharactersTakeNoColumns(_ text: String, _ width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test(arguments: [
        ("中", 2), ("日本語", 6), ("漢字abc", 7), ("。", 2), ("、", 2), ("\u{3000}", 2), ("ー", 2),
        ("ひらがな", 8), ("カタカナ", 8), ("中文，标点。", 12),
    ])
    func cjk(_ text: String, _ width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test(arguments: [
        ("한", 2), ("한국어", 6), ("안녕하세요", 10),
        // Conjoining jamo: a leading consonant is wide, vowels and trailing consonants join it.
        ("\u{1112}\u{1161}\u{11AB}", 2), ("\u{1100}\u{1161}", 2), ("\u{1100}", 2),
        ("\u{AC00}\u{11A8}", 2), ("\u{A960}\u{D7B0}", 2), ("\u{1161}", 0), ("\u{11AB}", 0),
        // Two leading consonants in one cluster: terminals draw both.
        ("\u{1100}\u{1100}", 4),
    ])
    func hangul(_ text: String, _ width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test(arguments: [
        ("Ａ", 2), ("ＡＢＣ", 6), ("！", 2), ("１２３", 6), ("￥", 2), ("ｱｲｳ", 3), ("ﾊﾟ", 2),
    ])
    func fullwidthAndHalfwidthForms(_ text: String, _ width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test(arguments: [
        ("😀", 2), ("👍", 2), ("🚀", 2), ("⌚", 2), ("⭐", 2),
        // Skin tones.
        ("👍🏽", 2), ("👍🏻👍🏿", 4), ("☝🏽", 2), ("🧑🏾‍💻", 2),
        // ZWJ sequences.
        ("👨‍👩‍👧‍👦", 2), ("🧑‍💻", 2), ("🏳️‍🌈", 2), ("❤️‍🔥", 2),
        // Flags: regional-indicator pairs and tag sequences.
        ("🇯🇵", 2), ("🇯🇵🇰🇷", 4), ("🏴󠁧󠁢󠁳󠁣󠁴󠁿", 2),
        // Keycaps.
        ("1️⃣", 2), ("#️⃣", 2), ("*️⃣", 2),
        // VS16 asks for emoji presentation, VS15 for text presentation.
        ("❤️", 2), ("❤", 1), ("✔️", 2), ("✔", 1), ("☺︎", 1), ("⌚︎", 1), ("⚠️", 2), ("⚠", 1),
    ])
    func emoji(_ text: String, _ width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    /// A presentation selector only changes an emoji: after a space, a letter, an ideograph or
    /// nothing, terminals draw the character as it is (a softbreak's space before a stray
    /// U+FE0F measured 2 columns and moved the cursor one too far).
    @Test(arguments: [
        (" \u{FE0F}", 1), ("a\u{FE0F}", 1), ("\u{FE0F}", 0), ("\u{FE0E}", 0), ("中\u{FE0E}", 2),
        ("中\u{FE0F}", 2), ("t \u{FE0F}", 2), ("…\u{FE0F}", 1), ("\u{2764}\u{FE0F}", 2),
    ])
    func selectorsAfterNoEmoji(_ text: String, _ width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test(arguments: [
        ("e\u{301}", 1), ("é", 1), ("a\u{300}\u{301}\u{302}\u{303}\u{304}", 1),
        ("Z\u{351}\u{36B}\u{343}\u{36A}a\u{35B}\u{345}l\u{316}g\u{33C}o", 5), ("\u{301}", 0),
        ("\u{200B}", 0), ("\u{200D}", 0), ("a\u{200B}b", 2), ("中\u{E0100}", 2),
    ])
    func combiningAndZeroWidthCharacters(_ text: String, _ width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    /// Unicode 15.1 makes an Indic conjunct or a Thai vowel with its consonant one grapheme
    /// cluster, but terminals draw every spacing character of it (glibc `wcwidth` gives the
    /// virama and nonspacing signs 0, consonants and spacing vowel signs 1; every expected
    /// width here is glibc's `wcswidth`).
    @Test(arguments: [
        ("क्ष", 2), ("नमस्ते", 4), ("की", 2), ("हिन्दी", 5), ("ক্ষ", 2), ("கொ", 2),
        ("กำ", 2), ("ค่ำ", 2), ("สวัสดี", 4),
    ])
    func clustersOfSeveralSpacingCharacters(_ text: String, _ width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test func aStringIsTheSumOfItsClusters() {
        let pieces = ["a", "中", "👍🏽", "🇯🇵", "e\u{301}", "\u{1B}", "ｱ", "क्ष", " ", "~"]
        var random = LayoutFixtures.Random(seed: 3)
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0...20, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            #expect(DisplayWidth.of(text) == text.reduce(0) { $0 + DisplayWidth.of($1) })
            #expect(DisplayWidth.of(text[...]) == DisplayWidth.of(text))
        }
    }
}

/// More of the width table: the cases terminals and libraries most often disagree on.
extension RillTests.Layout.DisplayWidthTests {
    @Test(arguments: [
        // CJK beyond the basic block: Extension B, compatibility ideographs, Bopomofo, symbols, small kana.
        ("𠀋", 2), ("𪚲", 2), ("豈", 2), ("ㄅㄆ", 4), ("〆", 2), ("ゃゅょ", 6), ("㍿", 2), ("〜", 2),
        // Mixed with ASCII and fullwidth punctuation.
        ("東京Tokyo", 9), ("「引用」", 8),
    ])
    func moreCJK(_ text: String, _ width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test(arguments: [
        // Compatibility jamo are wide; halfwidth Hangul is narrow; a syllable plus a combining mark stays 2.
        ("ㄱㄴ", 4), ("ᄀ", 2), ("ﾡﾢ", 2), ("한\u{302}", 2), ("\u{1100}\u{1161}\u{11A8}\u{302}", 2),
    ])
    func moreHangul(_ text: String, _ width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test(arguments: [
        ("ａｂｃ", 6), ("＠", 2), ("￦", 2), ("￠￡", 4), ("｡", 1), ("ｰ", 1), ("Ｗ\u{308}", 2),
    ])
    func moreFullwidthAndHalfwidthForms(_ text: String, _ width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test(arguments: [
        // Every skin tone, on its own and on a hand; a toned person in a ZWJ sequence.
        ("👋🏻", 2), ("👋🏼", 2), ("👋🏽", 2), ("👋🏾", 2), ("👋🏿", 2), ("🏽", 2),
        ("👩🏾‍🚀", 2), ("🏃🏽‍♀️", 2), ("👨🏿‍🦰", 2), ("🧑🏻‍🤝‍🧑🏿", 2), ("👩🏽‍❤️‍💋‍👨🏿", 2),
        // Families of two to four, with and without skin tones.
        ("👩‍👧", 2), ("👩‍👩‍👦", 2), ("👨‍👨‍👧‍👧", 2), ("👨🏻‍👩🏽‍👧🏿", 2), ("👪", 2),
        // Families next to text.
        ("a👨‍👩‍👧‍👦b", 4), ("👨‍👩‍👧‍👦👨‍👩‍👧‍👦", 4),
    ])
    func skinTonesAndFamilies(_ text: String, _ width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test(arguments: [
        ("🇺🇳", 2), ("🇩🇪🇫🇷🇬🇧", 6), ("a🇫🇷b", 4), ("🏴‍☠️", 2), ("🏳️", 2), ("🏴󠁧󠁢󠁷󠁬󠁳󠁿", 2), ("🏴󠁧󠁢󠁥󠁮󠁧󠁿🏴󠁧󠁢󠁳󠁣󠁴󠁿", 4),
    ])
    func moreFlags(_ text: String, _ width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test(arguments: [
        // Stacked marks, decomposed Vietnamese, Hebrew points, Arabic harakat, an enclosing circle.
        ("e\u{323}\u{302}", 1), ("ệ", 1), ("Vie\u{323}\u{302}t", 4), ("שָׁלוֹם", 4), ("بَ", 1), ("a\u{20DD}", 1),
        // Marks on wide characters add nothing.
        ("中\u{301}", 2), ("日\u{308}\u{330}", 2), ("👍\u{301}", 2),
        // A mark with nothing before it is its own cluster of no width.
        ("\u{301}a", 1),
    ])
    func moreCombiningMarks(_ text: String, _ width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }
}

extension RillTests.Layout.DisplayWidthTests {
    /// Scalars that stand alone (the fast paths), beside ones that join a cluster or change its
    /// width: marks, joiners, selectors, jamo, sound marks, regional indicators, modifiers.
    static let pieces: [String] = [
        "a", " ", "\r", "\n", "é", "—", "“", "”", "→", "│", "─", "漢", "字", "ひ", "カ", "한", "ｶ", "Ａ", "、",
        "\u{301}", "\u{200D}", "\u{FE0F}", "\u{FE0E}", "\u{1160}", "\u{11A8}", "\u{1100}", "\u{FF9F}", "\u{3099}",
        "\u{1F1FA}", "\u{1F3FD}", "👍", "©", "‼", "〰", "\u{0903}", "क", "\u{094D}", "\u{E0100}", "\u{AD}",
    ]

    /// Random strings of those pieces.
    static func strings(count: Int, seed: UInt64) -> [String] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            (0..<Int.random(in: 1...12, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
        }
    }

    @Test("A string's width is the sum of its clusters' widths, whatever path measures it")
    func fastPathsAgreeWithClusters() {
        for text in Self.strings(count: 3_000, seed: 11) {
            #expect(DisplayWidth.of(text) == text.reduce(0) { $0 + DisplayWidth.of($1) }, "\(text.debugDescription)")
        }
    }

    @Test("Wrapped lines keep every cluster whole and measure as their clusters do")
    func wrapAgreesWithClusters() {
        for (index, text) in Self.strings(count: 1_000, seed: 12).enumerated() {
            let width = 1 + index % 9
            let lines = TextWrapper.wrap([Span(text)], width: width)
            let shown = lines.map { $0.spans.map(\.text).joined() }
            for (line, string) in zip(lines, shown) {
                let measured = string.reduce(0) { $0 + DisplayWidth.of($1) }
                #expect(line.width == measured, "\(text.debugDescription) at \(width): \(string.debugDescription)")
                #expect(measured <= width || string.count == 1, "\(text.debugDescription) at \(width)")
            }
            // Clusters are never split: the shown text, spaces and breaks aside, is the input's.
            let kept = shown.joined().filter { $0 != " " }
            let input = text.filter { $0 != " " && $0 != "\n" && $0 != "\r" && $0 != "\r\n" }
            #expect(kept == input || kept.contains("…"), "\(text.debugDescription) at \(width): \(shown)")
        }
    }
}
