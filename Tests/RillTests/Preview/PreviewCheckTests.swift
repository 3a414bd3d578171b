@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

/// A leaf parsed with anticipated closers is accepted only if it shows the text written, as
/// cmark reads it, less delimiter characters.
@Suite struct PreviewCheckTests {
    /// The last leaf of a one-shot parse of `text`.
    static func leaf(_ text: String) -> Block? {
        var leaf = Oracle.parse(Array(text.utf8)).last
        while let block = leaf, let last = block.children.last { leaf = last }
        return leaf
    }

    static func accepts(shown: String, truth: String) -> Bool {
        guard let shown = leaf(shown), let truth = leaf(truth) else { return false }
        return PreviewCheck.showsOnlyWrittenText(shown: shown, truth: truth)
    }

    @Test("Closers that hide only delimiters are accepted", arguments: [
        ("Use `code`", "Use `code"),
        ("a **bold**", "a **bold"),
        ("**Use `code`**", "**Use `code"),
        ("`a\nb`", "`a\nb"),                              // a code span's line ending shows as a space
        ("# A *b*", "# A *b"),
        ("| a |\n|---|\n| **b** |", "| a |\n|---|\n| **b"),
        ("Long settled text. *open*", "Long settled text. *open"),
    ])
    func accepted(shown: String, truth: String) {
        #expect(Self.accepts(shown: shown, truth: truth), "\(shown) for \(truth)")
    }

    @Test("Anything that shows a character not written, or hides one, is refused", arguments: [
        ("Use ``", "Use `"),                               // the extra backtick
        ("my_v_", "my_v"),                                 // an intraword closer shows as text
        ("snake_ca_", "snake_ca"),
        ("*a\\**", "*a\\"),                                // the closer escaped
        ("Use `a &amp; b`", "Use `a &amp; b"),             // the entity shows as code
        ("``double `backtick` c``", "``double `backtick` c"), // delimiters the text hid show as code
        ("a b", "a bc"),                                    // a letter missing
        ("# a *b*", "## a *b"),                             // another heading level
        ("a *b*", "# a *b"),                                // another kind
    ])
    func refused(shown: String, truth: String) {
        #expect(!Self.accepts(shown: shown, truth: truth), "\(shown) for \(truth)")
    }

    @Test("A container is not a leaf")
    func containers() {
        let list = Oracle.parse(Array("- *a*".utf8))[0]
        #expect(!PreviewCheck.showsOnlyWrittenText(shown: list, truth: list))
    }
}
