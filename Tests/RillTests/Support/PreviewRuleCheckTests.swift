import Rill
import RillTestSupport
import Testing

/// The preview rule's checker catches what the rule forbids and lets through what it allows,
/// so that a sweep that finds nothing means something.
@Suite struct PreviewRuleCheckTests {
    /// The checker's verdict on showing the one-shot parse of `shown` for the text `source`.
    static func violation(shown: String, source: String) -> String? {
        let bytes = Array(source.utf8)
        let lineStart = (bytes.lastIndex(where: { $0 == 0x0A }) ?? -1) + 1
        return PreviewRule.violation(shown: Oracle.parse(Array(shown.utf8)), finalCount: 0, source: bytes,
                                     incompleteLineStart: lineStart < bytes.count ? lineStart : nil)
    }

    @Test("Frames showing a character not written, or missing one, are violations", arguments: [
        ("Use ``", "Use `"),                       // the issue's doubled backtick
        ("my_v_", "my_v"),                         // the issue's stray underscore
        ("``double `backtick` c``", "``double `backtick` c"),
        ("Hello wor", "Hello world"),               // text missing
        ("a\n\n# b", "a\n\n#b"),                   // another block kind
        ("- a\n- b", "- a\n- bc"),
        ("```\ncode\nmo\n", "```\ncode\nmore\n"),   // code must be exact
    ])
    func violations(shown: String, source: String) {
        #expect(Self.violation(shown: shown, source: source) != nil, "\(shown) for \(source)")
    }

    @Test("Frames showing the text less anticipated delimiters, or less the last line, obey the rule", arguments: [
        ("Use `c`", "Use `c"),
        ("**bold te**", "**bold te"),
        ("2*3 here **bold**", "2*3 here **bold"),
        ("| a |\n|---|\n| **b** |", "| a |\n|---|\n| **b"),
        ("a\n", "a\n#"),                           // the incomplete line held back
        ("```\ncode\n", "```\ncode\n``"),
        ("`a\nb`", "`a\nb"),                       // a soft break shown as a space in code
    ])
    func allowed(shown: String, source: String) {
        #expect(Self.violation(shown: shown, source: source) == nil, "\(shown) for \(source)")
    }

    @Test("Visible text: delimiters may be deleted, nothing else")
    func deletion() {
        func scalars(_ text: String) -> [Unicode.Scalar] { Array(text.unicodeScalars) }
        #expect(PreviewRule.isDelimiterDeletion(of: scalars("a **b** `c`"), giving: scalars("a b c")))
        #expect(PreviewRule.isDelimiterDeletion(of: scalars("x\ny"), giving: scalars("x y")))
        #expect(!PreviewRule.isDelimiterDeletion(of: scalars("a `"), giving: scalars("a ``")))
        #expect(!PreviewRule.isDelimiterDeletion(of: scalars("a b"), giving: scalars("a")))
        #expect(!PreviewRule.isDelimiterDeletion(of: scalars("x y"), giving: scalars("x\ny")))
    }
}
