import Rill
import RillTestSupport
import Testing

/// The frontier: an incomplete last line that looks like a block start must not make the block
/// before it final, because the rest of the line can turn it back into a continuation.
@Suite struct FrontierTests {
    /// Feeds `first`, takes a frame, feeds `rest`, takes a frame, finishes.
    /// Returns the stream after the first frame, the second frame's update, and the stream at the end.
    /// These tests look at the parse itself, so nothing is held back for display.
    static func feed(_ first: String, then rest: String)
        -> (afterFirst: MarkdownStream, second: DocumentUpdate, end: MarkdownStream) {
        var stream = MarkdownStream()
        stream.stabilizesTail = false
        stream.append(Array(first.utf8))
        _ = stream.update()
        let afterFirst = stream
        stream.append(Array(rest.utf8))
        let second = stream.update()
        _ = stream.finish()
        return (afterFirst, second, stream)
    }

    static func expectOneShot(_ stream: MarkdownStream, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let differences = BlockTree.differences(stream.finalBlocks, Oracle.parse(Array(text.utf8)))
        #expect(differences.isEmpty, "\(text.debugDescription): \(differences)", sourceLocation: sourceLocation)
    }
}

extension FrontierTests {
    @Test("`a\\n#` then `b`: the paragraph is not final while `#` may become `#b`")
    func headingMarkerUnderParagraph() {
        let (afterFirst, second, end) = Self.feed("a\n#", then: "b")
        #expect(afterFirst.blocks.map(\.kind.name) == ["paragraph", "heading"])
        #expect(afterFirst.finalBlocks.isEmpty)
        #expect(second.removed.map(\.description) == ["e2"])          // the heading is gone…
        #expect(second.changed.map(\.id.description) == ["e0"])        // …and joined the paragraph
        #expect(end.blocks.map(\.kind) == [.paragraph([.text("a"), .softBreak, .text("#b")])])
        Self.expectOneShot(end, "a\n#b")
    }

    @Test("`a\\n#` then ` b\\n`: a real heading makes the paragraph final once its line is complete")
    func headingAfterParagraph() {
        let (_, second, end) = Self.feed("a\n#", then: " b\n")
        #expect(second.finalized.map(\.description) == ["e0"])
        #expect(end.blocks.map(\.kind.name) == ["paragraph", "heading"])
        Self.expectOneShot(end, "a\n# b\n")
    }

    @Test("`1.\\n\\n2` then `.`: the list is not final while `2` may become the marker `2.`")
    func orderedMarkerAfterBlank() {
        let (afterFirst, second, end) = Self.feed("1.\n\n2", then: ".")
        #expect(afterFirst.blocks.map(\.kind.name) == ["list", "paragraph"])
        #expect(afterFirst.finalBlocks.isEmpty)
        #expect(second.removed.map(\.description) == ["e4"])
        #expect(end.blocks.count == 1)
        #expect(end.blocks.first?.children.count == 2)
        Self.expectOneShot(end, "1.\n\n2.")
    }

    @Test("`> a\\n-` then `b`: the quote is not final while `-` may become a lazy continuation")
    func listMarkerAfterQuote() {
        let (afterFirst, _, end) = Self.feed("> a\n-", then: "b")
        #expect(afterFirst.blocks.map(\.kind.name) == ["block_quote", "list"])
        #expect(afterFirst.finalBlocks.isEmpty)
        #expect(end.blocks.map(\.kind.name) == ["block_quote"])
        Self.expectOneShot(end, "> a\n-b")
    }

    @Test("A new table row begins with a lone `|`, which closes the table until the row is complete")
    func tableRowStartingWithPipe() {
        let table = "| a | b |\n|---|---|\n| 1 | 2 |\n"
        let (afterFirst, second, end) = Self.feed(table + "|", then: " 3 | 4 |\n")
        #expect(afterFirst.blocks.map(\.kind.name) == ["table", "paragraph"])
        #expect(afterFirst.finalBlocks.isEmpty, "the table is not final while its next row is incomplete")
        #expect(second.changed.map(\.id.description) == ["e0"])
        #expect(end.blocks.count == 1)
        #expect(end.blocks.first?.children.count == 3)                 // header and two body rows
        Self.expectOneShot(end, table + "| 3 | 4 |\n")
    }

    @Test("A complete line that starts a new block makes everything before it final")
    func completeLineMovesTheFrontier() {
        var stream = MarkdownStream()
        stream.append(Array("para\n\n# h\n\n- x".utf8))
        let first = stream.update()
        #expect(first.finalized.map(\.description) == ["e0"], "`- x` is incomplete, so `# h` anchors")
        #expect(stream.frontierOffset == 6)
        stream.append(Array("\n".utf8))
        let second = stream.update()
        #expect(second.finalized.map(\.description) == ["e6"])
        #expect(stream.frontierOffset == 11)
        #expect(stream.openBlocks.map(\.kind.name) == ["list"])
    }

    @Test("A line of only indentation is not passed over: `    ` then `r` is indented code")
    func indentationOnlyLine() {
        let (afterFirst, _, end) = Self.feed("    ", then: "r")
        #expect(afterFirst.blocks.isEmpty)
        #expect(afterFirst.frontierOffset == 0)
        Self.expectOneShot(end, "    r")
        #expect(end.blocks.first?.kind == .codeBlock(CodeBlock(info: "", literal: "r\n", isFenced: false)))
    }

    @Test("Text that makes no block is not passed over: `\\t` then `-`, and `[n]:o` then `c`")
    func textWithoutBlocks() {
        Self.expectOneShot(Self.feed("\t", then: "-").end, "\t-")
        Self.expectOneShot(Self.feed(" ", then: "#").end, " #")
        let (afterFirst, _, end) = Self.feed("[n]:o", then: "c")
        #expect(afterFirst.blocks.isEmpty)
        #expect(end.blocks.isEmpty, "[n]:oc is a link reference definition")
        Self.expectOneShot(end, "[n]:oc")
    }
}
