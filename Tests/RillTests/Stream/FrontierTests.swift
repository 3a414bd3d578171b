@_spi(Testing) import Rill
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

    /// Feeds each piece with an update after it, then finishes; returns the updates (the last
    /// one `finish()`'s), the stream after the first update, and the stream at the end.
    static func framed(_ pieces: [String]) -> (updates: [DocumentUpdate], afterFirst: MarkdownStream, end: MarkdownStream) {
        var stream = MarkdownStream()
        var updates: [DocumentUpdate] = []
        var afterFirst = stream
        for piece in pieces {
            stream.append(Array(piece.utf8))
            updates.append(stream.update())
            if updates.count == 1 { afterFirst = stream }
        }
        updates.append(stream.finish())
        return (updates, afterFirst, stream)
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
        #expect(second.changed.isEmpty)                                 // …and joined the paragraph,
        #expect(second.appended.map(\.id.description) == ["e0"])       // as text added at its end
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
        #expect(second.changed.isEmpty)
        #expect(Set(second.appended.map(\.id.description)) == ["e0"], "the row is added to the table's end")
        #expect(end.blocks.count == 1)
        #expect(end.blocks.first?.children.count == 3)                 // header and two body rows
        Self.expectOneShot(end, table + "| 3 | 4 |\n")
    }

    @Test("A complete line that starts a new block makes everything before it final")
    func completeLineMovesTheFrontier() {
        var stream = MarkdownStream()
        stream.append(Array("para\n\n- h\n\nx".utf8))
        let first = stream.update()
        #expect(first.finalized.map(\.description) == ["e0"], "`x` is incomplete, so the list anchors")
        #expect(stream.frontierOffset == 6)
        stream.append(Array("\n".utf8))
        let second = stream.update()
        #expect(second.finalized.map(\.description) == ["e6"])
        #expect(stream.frontierOffset == 11)
        #expect(stream.openBlocks.map(\.kind.name) == ["paragraph"])
    }

    @Test("A block the incomplete line starts after a blank line: the paragraph before it is final at once",
          arguments: ["\n", "\r\n", " \t\n"])
    func paragraphFinalBeforeIncompleteLine(blank: String) {
        let first = "One paragraph.\n" + blank + "The next one, being writ"
        let (afterFirst, second, end) = Self.feed(first, then: "ten.\n")
        #expect(afterFirst.finalBlocks.map(\.kind.name) == ["paragraph"])
        #expect(afterFirst.frontierOffset == first.utf8.count - "The next one, being writ".utf8.count)
        #expect(afterFirst.openBlocks.map(\.kind.name) == ["paragraph"])
        #expect(second.finalized.isEmpty && second.removed.isEmpty)
        Self.expectOneShot(end, first + "ten.\n")
    }

    @Test("A heading ends with its line: the block under it does not keep it open",
          arguments: ["# Title\n", "Title\n=====\n", "***\n"])
    func headingFinalBeforeIncompleteLine(head: String) {
        let (afterFirst, _, end) = Self.feed(head + "Text under it", then: "\n")
        #expect(afterFirst.finalBlocks.count == 1)
        #expect(afterFirst.frontierOffset == head.utf8.count)
        Self.expectOneShot(end, head + "Text under it\n")
    }

    @Test("Text between a heading and the incomplete line keeps the heading anchoring: `[b]:(` may join that line")
    func textBetweenHeadingAndIncompleteLine() {
        // `[b]:(` is a definition while `#` interrupts it, and a paragraph once `#` becomes `#######`.
        let (afterFirst, _, end) = Self.feed("2\n=\n[b]:(\r#", then: "######")
        #expect(afterFirst.frontierOffset == 0)
        Self.expectOneShot(end, "2\n=\n[b]:(\r#######")
    }

    @Test("A table, then a blank line and a quote being written: the table is final (and drawn closed)")
    func tableFinalBeforeIncompleteQuote() {
        let table = "| a | b |\n|---|---|\n| 1 | 2 |\n\n"
        var stream = MarkdownStream()
        stream.append(Array((table + "> **Important:** no regex").utf8))
        let first = stream.update()
        #expect(first.finalized.map(\.description) == ["e0"])
        #expect(stream.openBlocks.map(\.kind.name) == ["block_quote"])
        let (_, _, end) = Self.feed(table + "> **Important:** no regex", then: " fully implements it.\n")
        Self.expectOneShot(end, table + "> **Important:** no regex fully implements it.\n")
    }

    @Test("A quote, a blank line, then `-`: the quote is final, whatever the item becomes")
    func quoteFinalBeforeIncompleteItem() {
        let (afterFirst, _, end) = Self.feed("> a\n\n-", then: "b")
        #expect(afterFirst.finalBlocks.map(\.kind.name) == ["block_quote"])
        Self.expectOneShot(end, "> a\n\n-b")
    }

    @Test("Without a blank line the paragraph stays open, CR LF line endings included",
          arguments: ["\n", "\r\n", "\r"])
    func noBlankLineKeepsParagraphOpen(ending: String) {
        let (afterFirst, _, end) = Self.feed("a" + ending + "#", then: "b")
        #expect(afterFirst.finalBlocks.isEmpty)
        Self.expectOneShot(end, "a" + ending + "#b")
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
