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

    static func colored(_ markdown: String) -> [Span] {
        guard case .paragraph(let inlines)? = MarkdownStream.parse(Array(markdown.utf8)).first?.kind else { return [] }
        let context = LayoutContext(width: 80, theme: .dark, hyperlinks: false, isPlain: false)
        return InlineStyler.spans(inlines, base: .plain, in: context)
    }

    @Test("Math is shown as written with its backslashes, simple TeX as Unicode; prices stay text")
    func math() {
        let lines = DocumentLayout.lines(for: MarkdownStream.parse(Array("area \\[ x \\] and\n\\(\\alpha^2\\)\n$$y$$".utf8)),
                                         in: LayoutFixtures.plain(80))
        #expect(lines.map(\.plainText) == ["area", "\\[x\\]", "and \\(α²\\)", "$$y$$"])
        #expect(Self.text("$\\frac{a}{b} \\leq c_i$, not $5 and $10") == "$a/b ≤ cᵢ$, not $5 and $10")
        let spans = Self.colored("so $x \\times y$ ok")
        #expect(spans.map(\.text).joined() == "so x × y ok")
        #expect(spans.first { $0.text == "x × y" }?.style == Theme.dark.math)
    }

    @Test("A footnote reference shows as its label in brackets, in the footnote style")
    func footnotes() {
        #expect(Self.text("Claim[^1].\n") == "Claim[1].")
        #expect(Self.colored("Claim[^1].").first { $0.text == "[1]" }?.style == Theme.dark.footnote)
    }

    @Test("kbd is a key cap, sup and sub of digits are Unicode scripts, other HTML stays dimmed")
    func htmlElements() {
        #expect(Self.text("<kbd>Ctrl</kbd>+<kbd>C</kbd>, H<sub>2</sub>O, x<sup>2</sup>, a<sup>note</sup> <b>b</b>")
            == "[Ctrl]+[C], H₂O, x², a^note <b>b</b>")
        let spans = Self.colored("press <kbd>Esc</kbd> <i>x</i>")
        #expect(spans.contains { $0.text == "Esc" && $0.style.isInverse })
        #expect(spans.contains { $0.text == "<i>" && $0.style == Theme.dark.html })
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
