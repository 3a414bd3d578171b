@_spi(Testing) @testable import Rill
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

extension RillTests.Layout.ListLayoutTests {
    /// `* c`, a blank line, an indented code block in the item, then `    ~` on the incomplete
    /// line: the code block is closed only by a paragraph on that line, which the stream holds
    /// back once it reads `~~~` (it may open a fence). The code block is then the item's last
    /// child, drawn open without its bottom line: that line must not have been settled.
    @Test("A block closed only by the incomplete line is settled as if it were open")
    func closedOnlyByTheIncompleteLine() throws {
        let text = Array("* c\n \r       s\n    ~".utf8)
        let incomplete = try #require(text.lastIndex(of: 0x0A)) + 1
        let list = try #require(MarkdownStream.parse(text).first)
        let open = Settlement.of(list, incompleteFrom: incomplete, source: text)
        let laidOut = BlockLayout.layout(list, in: LayoutFixtures.plain(40), settlement: open)
        #expect(LayoutFixtures.text(laidOut.lines) == ["• c", "", "  ╭─", "  │  s", "  ╰─", "  ~"])
        // The code block's top and line are settled; its bottom waits for a complete line.
        #expect(laidOut.stableCount == 4)
        // Once the paragraph starts on a complete line, the bottom is settled with the rest above it.
        let complete = BlockLayout.layout(list, in: LayoutFixtures.plain(40),
                                          settlement: Settlement.of(list, incompleteFrom: .max, source: text))
        #expect(complete.stableCount == 5)
    }

    @Test("An item closed only by one that starts on the incomplete line is settled as if open")
    func itemClosedOnlyByTheIncompleteLine() throws {
        let text = Array("- a\n\n      code\n- b".utf8)
        let incomplete = try #require(text.lastIndex(of: 0x0A)) + 1
        let list = try #require(MarkdownStream.parse(text).first)
        let laidOut = BlockLayout.layout(list, in: LayoutFixtures.plain(40),
                                         settlement: Settlement.of(list, incompleteFrom: incomplete, source: text))
        #expect(LayoutFixtures.text(laidOut.lines) == ["• a", "", "  ╭─", "  │ code", "  ╰─", "• b"])
        #expect(laidOut.stableCount == 4)
    }
}
