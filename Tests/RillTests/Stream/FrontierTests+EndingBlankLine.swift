@_spi(Testing) import Rill
import RillTestSupport
import Testing

/// A blank line the text ends with closes the block above it when nothing written later can
/// reach back into that block: a writer that pauses after a paragraph (a tool call, thinking)
/// has that paragraph final while it waits, not once the next block's first byte arrives.
extension FrontierTests {
    /// `text` with its line feeds written as `ending` (`\r\n` for a blank line that ends so).
    static func lines(_ text: String, endingLike blank: String) -> String {
        blank.hasSuffix("\r\n") ? text.replacingOccurrences(of: "\n", with: "\r\n") : text
    }

    @Test("A paragraph, a table, a quote or a heading is final as soon as a blank line ends the text",
          arguments: [("Para one.", ["paragraph"]),
                      ("A paragraph\nof two lines, the last one `code`", ["paragraph"]),
                      ("| a | b |\n|---|---|\n| 1 | 2 |", ["table"]),
                      ("Intro split off\n| a | b |\n|---|---|\n| 1 | 2 |", ["paragraph", "table"]),
                      ("> quoted\n> more", ["block_quote"]),
                      ("> - item\n>   text", ["block_quote"]),
                      ("> ```\n> unclosed code", ["block_quote"]),
                      ("# Title", ["heading"]),
                      ("Title\n=====", ["heading"])],
          ["\n", "\r\n", " \t\n", "   \n"])
    func finalAtEndingBlankLine(block: (text: String, kinds: [String]), blank: String) {
        let text = Self.lines(block.text + "\n", endingLike: blank) + blank
        let next = Self.lines("Next.\n", endingLike: blank)
        let (updates, afterFirst, end) = Self.framed([text, next])
        #expect(afterFirst.finalBlocks.map(\.kind.name) == block.kinds)
        #expect(updates[0].finalized == afterFirst.finalBlocks.map(\.id))
        #expect(afterFirst.openBlocks.isEmpty)
        #expect(afterFirst.frontierOffset == text.utf8.count)
        #expect(updates[1].finalized.isEmpty && updates[1].removed.isEmpty && updates[1].changed.isEmpty)
        Self.expectOneShot(end, text + next)
        let bytes = Array((text + next).utf8)
        #expect(StreamCheck.firstFailure(bytes, chunkSeeds: [1, 2]) == nil)
    }

    @Test("A list, indented code, fenced code, an HTML block or a thematic break stays open after a blank line",
          arguments: [("- item", "  continues the item\n"), ("1. one", "2. two\n"), ("    code", "    more code\n"),
                      ("```\ncode", "still code\n```\n"), ("<!-- comment", "still the comment -->\n"),
                      ("***", "  \nNext.\n"), ("---", "\t\nNext.\n")])
    func openAfterEndingBlankLine(block: String, rest: String) {
        let text = block + "\n\n"
        let (updates, afterFirst, end) = Self.framed([text, rest])
        #expect(updates[0].finalized.isEmpty)
        #expect(afterFirst.finalBlocks.isEmpty)
        Self.expectOneShot(end, text + rest)
        #expect(StreamCheck.firstFailure(Array((text + rest).utf8), chunkSeeds: [1]) == nil)
    }

    @Test("A thematic break's range reaches over the blank lines after it that hold a space or a tab")
    func thematicBreakRangeReachesOverBlankLines() {
        // Why a blank line does not make a thematic break final: its range is not known yet.
        let alone = Oracle.parse(Array("***\n\n".utf8)).first
        let later = Oracle.parse(Array("***\n\n  \nNext.\n".utf8)).first
        #expect(alone?.range == 0..<3)
        #expect(later?.range == 0..<7)
    }

    @Test("Without a blank line at the end the paragraph stays open", arguments: ["Para.\n", "Para.\r\n"])
    func openWithoutEndingBlankLine(text: String) {
        let (updates, afterFirst, end) = Self.framed([text, "more\n"])
        #expect(updates[0].finalized.isEmpty)
        #expect(afterFirst.openBlocks.map(\.kind.name) == ["paragraph"])
        Self.expectOneShot(end, text + "more\n")
    }

    @Test("A paragraph final at its blank line still gets the link a later definition makes of it")
    func laterDefinitionResolvesParagraphFinalAtBlankLine() {
        let pieces = ["See [x].\n\n", "[x]: /u\n", "\n", "Next.\n"]
        let (updates, afterFirst, end) = Self.framed(pieces)
        #expect(updates[0].finalized.map(\.description) == ["e0"])
        #expect(afterFirst.finalBlocks.first?.kind == .paragraph([.text("See [x].")]))
        // A title may still follow on the next line: the definition is kept once a blank line ends it.
        #expect(updates[1].changed.isEmpty)
        let link = BlockKind.paragraph([.text("See "), .link(destination: "/u", title: "", [.text("x")]), .text(".")])
        #expect(updates[2].changed.map(\.id.description) == ["e0"])
        #expect(updates[2].changed.first?.kind == link)
        #expect(end.finalBlocks.first?.kind == link)
        Self.expectOneShot(end, pieces.joined())
    }

    @Test("A paragraph split off above a table, final with it at a blank line, gets its link from a later definition")
    func laterDefinitionResolvesSplitOffParagraph() {
        let pieces = ["a [spec] b\n| x | y |\n|---|---|\n| 1 | 2 |\n\n", "[spec]: /p\n\n", "after\n"]
        let (updates, _, end) = Self.framed(pieces)
        #expect(updates[0].finalized.count == 2)
        #expect(updates[1].changed.map(\.id.description) == ["e0"])
        Self.expectOneShot(end, pieces.joined())
    }
}
