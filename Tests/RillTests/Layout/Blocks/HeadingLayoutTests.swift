@_spi(Testing) @testable import Rill
import Testing

extension RillTests.Layout {
    /// Headings: rules, markers, and how their markup shows without colour.
    @Suite struct HeadingLayoutTests {}
}

extension RillTests.Layout.HeadingLayoutTests {
    static func lines(_ markdown: String, _ context: LayoutContext) -> [String] {
        LayoutFixtures.text(DocumentLayout.lines(for: MarkdownStream.parse(Array(markdown.utf8)), in: context))
    }

    @Test("Without colour a heading written wholly strong shows no delimiters; strong inside one keeps them")
    func wholeStrongHeading() {
        #expect(Self.lines("## **Objective**\n", LayoutFixtures.plain(40)) == ["Objective", "─────────"])
        #expect(Self.lines("### The **main** idea\n", LayoutFixtures.plain(40)) == ["### The **main** idea"])
        #expect(Self.lines("## **Objective**\n", LayoutFixtures.dark(40)).first == "Objective")
    }
}
