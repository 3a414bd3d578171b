@_spi(Testing) @testable import Rill
import Testing

extension RillTests.Layout {
    /// Inline markup turned into styled spans.
    @Suite struct InlineStylerTests {}
}

extension RillTests.Layout.InlineStylerTests {
    static func text(_ markdown: String, hyperlinks: Bool = false) -> String {
        guard case .paragraph(let inlines)? = MarkdownStream.parse(Array(markdown.utf8)).first?.kind else { return "" }
        let context = LayoutContext(width: 80, theme: .plain, hyperlinks: hyperlinks, isPlain: true)
        return InlineStyler.spans(inlines, base: .plain, in: context).map(\.text).joined()
    }

    @Test("A link's target follows its text only when the text does not already say it")
    func linkTargets() {
        #expect(Self.text("[docs](https://e.x/docs)") == "docs (https://e.x/docs)")
        #expect(Self.text("[https://e.x](https://e.x)") == "https://e.x")
        #expect(Self.text("[docs](https://e.x/docs)", hyperlinks: true) == "docs")
    }

    @Test("Bare www. and e-mail autolinks show no target: it is their text with a scheme")
    func autolinkedSchemes() {
        #expect(Self.text("see www.example.org now") == "see www.example.org now")
        #expect(Self.text("mail ada@example.com now") == "mail ada@example.com now")
        #expect(Self.text("<https://e.x/a>") == "https://e.x/a")
        // A different host is still shown.
        #expect(Self.text("[www.example.org](https://evil.example)") == "www.example.org (https://evil.example)")
    }
}

extension RillTests.Layout.InlineStylerTests {
    @Test("Without colour, markup keeps its markdown delimiters; in colour, only its look shows it")
    func plainDelimiters() {
        let markdown = "Some *emphasis*, **strong**, ***both***, `code` and ~~gone~~."
        #expect(Self.text(markdown) == "Some *emphasis*, **strong**, ***both***, `code` and ~~gone~~.")
        guard case .paragraph(let inlines)? = MarkdownStream.parse(Array(markdown.utf8)).first?.kind else {
            Issue.record("not a paragraph")
            return
        }
        let colour = InlineStyler.spans(inlines, base: .plain, in: LayoutContext(width: 80, theme: .dark))
        #expect(colour.map(\.text).joined() == "Some emphasis, strong, both, code and gone.")
    }
}
