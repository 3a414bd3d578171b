@_spi(Testing) @testable import Rill
import Testing

extension RillTests.Layout {
    /// Block quotes: the gutter, and what a quote shows on a screen too narrow for one.
    @Suite struct QuoteLayoutTests {}
}

extension RillTests.Layout.QuoteLayoutTests {
    static func lines(_ markdown: String, width: Int) -> [String] {
        LayoutFixtures.text(DocumentLayout.lines(for: MarkdownStream.parse(Array(markdown.utf8)), in: LayoutFixtures.plain(width)))
    }

    /// A quote of nothing (`>` lines alone) is its gutter line at every width, as the live view
    /// draws it: where the gutter would leave its text too narrow it is dropped beside text,
    /// but a quote without text still shows that it is there.
    @Test("An empty quote is a gutter line at every width", arguments: [80, 30, 14, 13, 12, 5, 1])
    func emptyQuote(width: Int) {
        #expect(Self.lines("a\n\n>\n> \n\nb\n", width: width) == ["a", "", "│", "", "b"])
    }

    @Test("Beside text the gutter goes where the text would be narrower than 12 columns")
    func gutterBesideText() {
        #expect(Self.lines("> quoted\n", width: 14) == ["│ quoted"])
        #expect(Self.lines("> quoted\n", width: 13) == ["quoted"])
    }
}
