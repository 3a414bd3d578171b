import Rill
import RillTestSupport
import Testing

/// Ranges where cmark-gfm reports wrong source positions, and the repairs.
@Suite struct PositionRepairTests {
    /// `(id, kind, range)` of every block of a one-shot parse, in document order.
    static func layout(_ text: String) -> [String] {
        BlockTree.allBlocks(Oracle.parse(Array(text.utf8))).map(BlockTree.summary)
    }
}

extension PositionRepairTests {
    @Test("A paragraph directly before a table gets its own lines (cmark gives it 0:0)")
    func paragraphBeforeTable() {
        #expect(Self.layout("Intro\n| a | b |\n|---|---|\n| 1 | 2 |\n") == [
            "e0 paragraph 0..<5", "e6 table 6..<35", "e6+1 table_row 6..<15",
            "e6+2 table_cell 7..<10", "e6+3 table_cell 11..<14",
            "e26 table_row 26..<35", "e27 table_cell 27..<30", "e31 table_cell 31..<34",
        ])
    }

    @Test("While a table forms under a paragraph, the paragraph keeps its ID at every frame")
    func paragraphBeforeTableStreamed() {
        let text = Array("Intro line\nmore\n| a | b |\n|---|---|\n| 1 | 2 |\n".utf8)
        var stream = MarkdownStream()
        for piece in Chunkings.everyCharacter(text) {
            stream.append(text[piece])
            _ = stream.update()
            #expect(stream.blocks.first?.id.description == "e0", "after \(piece.upperBound) bytes")
            #expect(stream.blocks.first?.kind.name == "paragraph")
        }
        _ = stream.finish()
        #expect(BlockTree.differences(stream.blocks, Oracle.parse(text)).isEmpty)
        #expect(stream.blocks.map(BlockTree.summary) == ["e0 paragraph 0..<15", "e16 table 16..<45"])
    }

    @Test("HTML blocks of types 1–5 end on their closing line (cmark ends them a line early)",
          arguments: ["<script>\nlet x = 1;\n</script>", "<!-- a\nb -->", "<?php\necho 1;\n?>",
                      "<!DOCTYPE\nhtml>", "<![CDATA[\nx\n]]>"])
    func htmlBlockEnds(_ html: String) {
        let blocks = Oracle.parse(Array((html + "\nafter\n").utf8))
        #expect(blocks.map(\.kind.name) == ["html_block", "paragraph"])
        #expect(blocks.first?.range == 0..<html.utf8.count)
    }

    @Test("Setext headings, lists, items and indented code end on their last line, not on a following blank line")
    func noSpillOntoBlankLine() {
        #expect(Self.layout("Title\n===\n\nnext\n") == ["e0 heading 0..<9", "e11 paragraph 11..<15"])
        #expect(Self.layout("- a\n- b\n\npara\n") == [
            "e0 list 0..<7", "e0+1 item 0..<3", "e2 paragraph 2..<3", "e4 item 4..<7", "e6 paragraph 6..<7",
            "e9 paragraph 9..<13",
        ])
        #expect(Self.layout("    code\n\npara") == ["e4 code_block 4..<8", "e10 paragraph 10..<14"])
    }

    @Test("A setext heading ends on its underline when the next line is not blank (cmark ends it on that line)")
    func setextClosedByNextLine() {
        #expect(Self.layout("k\n-\nb") == ["e0 heading 0..<3", "e4 paragraph 4..<5"])
        #expect(Self.layout("Title\n===\n---\n") == ["e0 heading 0..<9", "e10 thematic_break 10..<13"])
        #expect(Self.layout("Title\n===\n[x]: /u\n") == ["e0 heading 0..<9"])
        #expect(Self.layout("> a\n> ===\nb") == ["e0 block_quote 0..<9", "e2 heading 2..<9", "e10 paragraph 10..<11"])
    }

    @Test("An ATX heading covers its whole line: empty, indented, with a closing sequence")
    func atxHeadingRanges() {
        #expect(Self.layout("#") == ["e0 heading 0..<1"])
        #expect(Self.layout(" #") == ["e1 heading 1..<2"])
        #expect(Self.layout("## a ##\n") == ["e0 heading 0..<7"])
        #expect(Self.layout("> #") == ["e0 block_quote 0..<3", "e2 heading 2..<3"])
        #expect(Self.layout("- #") == ["e0 list 0..<3", "e0+1 item 0..<3", "e2 heading 2..<3"])
    }

    @Test("A fence left open in a container ends with the container (cmark ends it on the next line)")
    func openFenceInContainer() {
        #expect(Self.layout(">```\n<") == ["e0 block_quote 0..<4", "e1 code_block 1..<4", "e5 paragraph 5..<6"])
        #expect(Self.layout("- ```\nx\n") == [
            "e0 list 0..<5", "e0+1 item 0..<5", "e2 code_block 2..<5", "e6 paragraph 6..<7",
        ])
    }

    @Test("A short table row keeps only its real cells (the empty cells cmark pads it with are left out)")
    func paddingCells() {
        let layout = Self.layout("| a | b |\n|-|-|\n| 1 |")
        #expect(layout.suffix(2) == ["e16 table_row 16..<21", "e17 table_cell 17..<20"], "\(layout)")
    }

    @Test("A body row indented differently from the header line is placed on its own line")
    func bodyRowIndentation() {
        #expect(Self.layout("  a|b\n-|-\n| x | y |").suffix(3) == [
            "e10 table_row 10..<19", "e11 table_cell 11..<14", "e15 table_cell 15..<18",
        ])
        #expect(Self.layout("a|b\n-|-\n  | x | y |").suffix(3) == [
            "e10 table_row 10..<19", "e11 table_cell 11..<14", "e15 table_cell 15..<18",
        ])
        #expect(Self.layout(" -|-\n-|-\n]").suffix(2) == ["e9 table_row 9..<10", "e9+1 table_cell 9..<10"])
    }
}
