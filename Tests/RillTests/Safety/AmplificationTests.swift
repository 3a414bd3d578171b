import Rill
import RillTestSupport
import Testing

/// Shapes of input that make cmark-gfm's table extension do more than linear work, and what Rill
/// makes of them: bounded work (counted in cells, never timed), sane blocks, and a streamed
/// result equal to the one-shot parse.
@Suite struct AmplificationTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    static func table(columns: Int, rows: Int, row: String = "a") -> String {
        let header = "|" + Array(repeating: "h", count: columns).joined(separator: "|") + "|\n"
        let delimiter = "|" + Array(repeating: "-", count: columns).joined(separator: "|") + "|\n"
        return header + delimiter + String(repeating: row + "\n", count: rows)
    }

    static func cellCount(_ blocks: [Block]) -> Int {
        BlockTree.allBlocks(blocks).filter { if case .tableCell = $0.kind { true } else { false } }.count
    }

    static func expectStreamedEqualsOneShot(_ bytes: [UInt8], chunk: Int = 64, sourceLocation: SourceLocation = #_sourceLocation) {
        let check = StreamCheck.run(bytes, pieces: Chunkings.fixed(bytes.count, size: chunk))
        #expect(check.violations.isEmpty, "\(check.report)", sourceLocation: sourceLocation)
    }
}

extension AmplificationTests {
    @Test("A table of exactly the maximum width is a table")
    func widestTableIsATable() {
        let blocks = Oracle.parse(Self.bytes(Self.table(columns: ParseLimits.maxTableColumns, rows: 3)))
        guard case .table(let alignments)? = blocks.first?.kind else {
            Issue.record("expected a table, got \(blocks.map(\.kind.name))")
            return
        }
        #expect(alignments.count == ParseLimits.maxTableColumns)
    }

    @Test("A table one column wider than the maximum is a paragraph, with its text intact")
    func tooWideTableIsAParagraph() {
        let text = Self.table(columns: ParseLimits.maxTableColumns + 1, rows: 3)
        let blocks = Oracle.parse(Self.bytes(text))
        #expect(blocks.map(\.kind.name) == ["paragraph"])
        let shown = blocks.first?.kind.inlines?.plainText ?? ""
        #expect(shown == text.split(separator: "\n").joined(separator: " "))
    }

    @Test("1,000 header columns over 4,000 short rows make no cells at all")
    func thousandColumnHeaderMakesNoCells() {
        let bytes = Self.bytes(Self.table(columns: 1_000, rows: 4_000))
        let blocks = Oracle.parse(bytes)
        #expect(Self.cellCount(blocks) == 0)
        #expect(blocks.map(\.kind.name) == ["paragraph"])
    }

    @Test("The cells of a table are bounded by its text: short rows are not filled to the header's width")
    func cellsAreBoundedByTheText() {
        let rows = 200
        let blocks = Oracle.parse(Self.bytes(Self.table(columns: ParseLimits.maxTableColumns, rows: rows)))
        // The header's cells, then one cell per one-cell row.
        #expect(Self.cellCount(blocks) == ParseLimits.maxTableColumns + rows)
        let full = Oracle.parse(Self.bytes(Self.table(columns: 4, rows: 3, row: "|a|b|c|d|")))
        #expect(Self.cellCount(full) == 4 * 4, "rows that fill the width keep every cell")
        let explicit = Oracle.parse(Self.bytes(Self.table(columns: 4, rows: 1, row: "|a|b| | |")))
        #expect(Self.cellCount(explicit) == 4 + 2, "trailing empty cells are left out, written or not")
    }

    @Test("A row of 20,000 pipes keeps the table's own cells, and the pipes past the cap as text")
    func rowOfManyPipes() {
        let pipes = String(repeating: "x|", count: 20_000)
        let blocks = Oracle.parse(Self.bytes("a|b\n-|-\n" + pipes + "\n"))
        guard case .table? = blocks.first?.kind, blocks.first?.children.count == 2 else {
            Issue.record("expected a table of two rows, got \(blocks.map(\.kind.name)) \(blocks.first.map { BlockTree.summary($0) } ?? "")")
            return
        }
        let row = blocks[0].children[1]
        #expect(row.children.map { $0.kind.inlines?.plainText } == ["x", "x"])
        // A paragraph of the same line shows every pipe.
        let paragraph = Oracle.parse(Self.bytes(pipes + "\n"))
        #expect(paragraph.first?.kind.inlines?.plainText == pipes)
    }

    @Test("A paragraph of delimiter rows whose column counts never match stays one paragraph")
    func mismatchedDelimiterRows() {
        let text = "a\n" + String(repeating: "-|-|-\n-|-\n", count: 2_000)
        let blocks = Oracle.parse(Self.bytes(text))
        #expect(blocks.map(\.kind.name) == ["paragraph"])
        #expect(blocks.first?.kind.inlines?.plainText.contains("-|-|-") == true)
    }

    @Test("A table after a header line whose column count matches still starts, in lists and quotes too")
    func matchingHeadersStillMakeTables() {
        for text in ["a|b\n-|-\nc|d\n", "x\n| a | b |\n|---|:-:|\n", "- |a|b|\n  |-|-|\n",
                     "> a | b\n> --- | ---\n", "1. a|b\n   -|-\n", "a\\|b|c\n-|-\n", "a\n:-\n",
                     "a\n-|-|-\nb|c\n-|-\n"] {
            let blocks = Oracle.parse(Self.bytes(text))
            let tables = BlockTree.allBlocks(blocks).filter { if case .table = $0.kind { true } else { false } }
            #expect(tables.count == 1, "\(text.debugDescription): \(blocks.map(\.kind.name))")
        }
    }

    @Test("Guarded shapes stream to the one-shot result")
    func guardedShapesStream() {
        let shapes = [
            Self.table(columns: ParseLimits.maxTableColumns + 3, rows: 40),
            Self.table(columns: ParseLimits.maxTableColumns, rows: 40),
            "intro\n" + Self.table(columns: 3, rows: 30, row: String(repeating: "|y", count: 150)),
            "a\n" + String(repeating: "-|-|-\n-|-\n", count: 60),
            "> a|b\n> -|-\n" + String(repeating: "> " + String(repeating: "|", count: 90) + "\n", count: 20),
            "*x|" + String(repeating: "|*a*", count: 100) + "\n\n| a | b |\n|---|---|\n| *c* | d |\n",
            "| a | b | c |\n|---|---|---|\n| x | y |\n| - | - |\n| 1 | 2 | 3 |\n| - | - | - |\n| - | - |\nend\n",
        ]
        for shape in shapes {
            Self.expectStreamedEqualsOneShot(Self.bytes(shape))
            Self.expectStreamedEqualsOneShot(Self.bytes(shape), chunk: 7)
        }
    }
}
