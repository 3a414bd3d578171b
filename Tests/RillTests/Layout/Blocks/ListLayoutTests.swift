@testable import Rill
import Testing

extension RillTests.Layout {
    /// Lists: markers, number fields, hanging indents.
    @Suite struct ListLayoutTests {}
}

extension RillTests.Layout.ListLayoutTests {
    static func text(_ markdown: String, width: Int = 40) -> [String] {
        LayoutFixtures.text(DocumentLayout.lines(for: MarkdownStream.parse(Array(markdown.utf8)), in: LayoutFixtures.plain(width)))
    }

    @Test("The number field holds the list's first ten numbers", arguments: [
        (1, 2), (9, 2), (90, 2), (91, 3), (98, 3), (100, 3), (990, 3), (991, 4),
    ])
    func numberField(start: Int, digits: Int) {
        #expect(ListLayout.numberDigits(start: start) == digits)
    }

    @Test("Numbers stay right-aligned across 9→10 and 99→100")
    func rightAligned() {
        #expect(Self.text("9. a\n10. b\n") == [" 9. a", "10. b"])
        #expect(Self.text("98. a\n99. b\n100. c\n") == [" 98. a", " 99. b", "100. c"])
    }
}
