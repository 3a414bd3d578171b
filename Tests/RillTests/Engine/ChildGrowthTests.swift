@testable import Rill
import RillTestSupport
import Testing

/// A growing table's rows are parsed after a stand-in header (``ChildGrowth/tableContext(_:)``),
/// not the table's own: it must read them exactly as the real header does, and keep the bytes
/// handed to cmark independent of how wide the header is.
@Suite struct ChildGrowthTests {
    @Test("The stand-in header parses as a table of the same columns and alignments", arguments: [
        [ColumnAlignment.none], [.left, .right], [.none, .left, .right, .center], Array(repeating: .center, count: ParseLimits.maxTableColumns),
    ])
    func standInHeader(_ alignments: [ColumnAlignment]) {
        let blocks = Oracle.parse(ChildGrowth.tableContext(alignments) + Array("| x |\n".utf8))
        guard blocks.count == 1, case .table(let parsed) = blocks[0].kind else {
            Issue.record("not one table: \(blocks.map(\.kind.name))")
            return
        }
        #expect(parsed == alignments)
        #expect(blocks[0].children.count == 2)
        #expect(blocks[0].children.first?.children.count == alignments.count)
    }

    @Test("Tables and lists streamed a byte at a time equal their one-shot parse at every frame", arguments: [
        // A paragraph continued into the header line; a header with a reference, code holding a
        // pipe, an escaped pipe; rows with fewer and more cells than the header.
        "Intro line\n| a | b |\n|:--|--:|\n| 1 | 2 |\n| 3 |\n| 4 | 5 | 6 |\nafter\n",
        "[h]: /u\n\n| [h] | `a|b` | c \\| d |\n|---|:-:|---|\n| x | y | z |\n| `p|q` | [h] | \\| |\n| last |\n",
        // A row that looks like a delimiter row, a row that looks like a definition, emphasis.
        "| a | b |\n| - | - |\n| --- | --- |\n| [p]: x | *em* |\n[p]: /p\n| **s** | _t_ |\n\n- item\n",
        // One column without outer pipes; a table in a block quote after it.
        "a\n-\n|x|\n|-|\n| 1 |\n| 2 |\n> | q | r |\n> |---|---|\n> | 1 | 2 |\n",
        // Lines that start like an item but become a thematic break, a setext underline, an
        // empty item, another list or a nested one.
        "- a\n- - -\n- b\n* **bold** c\n* * *\n",
        "Para\n- a\n--\n- b\n-\n- c\n+ d\n1. e\n1) f\n2) g\n",
        "- a\n\n- b\n- c\n  - d\n  - e\n- f\n\n\n- g\n",
        "1. a\n2. b\n10. c\n   - d\n3. e *f\n4. g*\n",
        "- [ ] a\n- [x] b\n- [c]: /u\n- [c]\n",
    ])
    func streamedTablesAndLists(_ text: String) {
        Self.expectEveryFrameMatches(text)
    }

    /// Streams `text` a character at a time and expects every frame to equal a one-shot parse
    /// of the text so far.
    static func expectEveryFrameMatches(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let bytes = Array(text.utf8)
        let check = StreamCheck.run(bytes, pieces: Chunkings.everyCharacter(bytes), compareWithPrefix: { _ in true })
        #expect(check.violations.isEmpty, "\(check.report)", sourceLocation: sourceLocation)
    }

    @Test("A table's rows are parsed without its header: a wide header costs nothing per frame")
    func wideHeaderIsNotParsedAgain() {
        let header = (0..<8).map { "Column number \($0) with a long and descriptive [name](https://example.com/\($0))" }
        var text = "| " + header.joined(separator: " | ") + " |\n|" + String(repeating: "---|", count: 8) + "\n"
        for row in 0..<120 { text += "| \(row) | b | c | d | e | f | g | h |\n" }
        let bytes = Array(text.utf8)
        let stream = DeferredParseTests.streamed(bytes, size: 16)
        #expect(BlockTree.differences(stream.finalBlocks, Oracle.parse(bytes)).isEmpty)
        // With the header (≈ 780 bytes) parsed again for each of the ≈ 300 frames of the rows,
        // cmark would be handed over 230 KB; the rows alone are ≈ 4 KB.
        #expect(stream.bytesParsed < 10 * bytes.count, "parsed \(stream.bytesParsed) bytes of a \(bytes.count)-byte table")
    }

    @Test("An incomplete line anchors a list or table once it surely starts an item or row", arguments: [
        ("- a", ChildGrowth.Kind.list, true), ("-", .list, false), ("- ", .list, false), ("--", .list, false),
        ("- -", .list, false), ("- - -", .list, false), ("* **", .list, false), ("* **b", .list, true),
        ("- **001.**", .list, true), ("1. x", .list, true), ("1.", .list, false), ("1. ", .list, false),
        ("10) 2", .list, true), ("1234567890. x", .list, false), ("   - a", .list, true), ("    - a", .list, false),
        ("-\tx", .list, false), ("-x", .list, false), ("+ + +", .list, false), ("| a", .table, true),
        ("|", .table, false), ("|  ", .table, false), ("  | `c`", .table, true), ("a | b", .table, false),
        ("> a", .quote, false), ("- a", .quote, false),
    ])
    func decidedLines(_ line: String, _ kind: ChildGrowth.Kind, _ expected: Bool) {
        #expect(ChildGrowth.isDecided(Array(line.utf8)[...], kind: kind) == expected)
    }

    @Test("An item being written is parsed without the item before it")
    func itemIsParsedAlone() {
        var text = "Steps:\n\n"
        for item in 0..<150 { text += "- **Step \(item).** check the `config-\(item)` file and report back\n" }
        let bytes = Array(text.utf8)
        let stream = DeferredParseTests.streamed(bytes, size: 16)
        #expect(BlockTree.differences(stream.finalBlocks, Oracle.parse(bytes)).isEmpty)
        // Each frame of an item parsed it with the item before it: 68.9 KB handed to cmark for
        // this 8.8 KB list. Parsed alone once its line is surely an item: 29.8 KB.
        #expect(stream.bytesParsed < 4 * bytes.count, "parsed \(stream.bytesParsed) bytes of a \(bytes.count)-byte list")
    }
}
