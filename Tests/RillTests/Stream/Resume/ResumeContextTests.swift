@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

/// The context lines a slice is parsed after must make it parse as it does in place.
@Suite struct ResumeContextTests {
    @Test("The stand-in header parses as a table of the same columns and alignments", arguments: [
        [ColumnAlignment.none], [.left, .right], [.none, .left, .right, .center], Array(repeating: .center, count: ParseLimits.maxTableColumns),
    ])
    func standInHeader(_ alignments: [ColumnAlignment]) {
        let blocks = Oracle.parse(ResumeContext.table(alignments) + Array("| x |\n".utf8))
        guard blocks.count == 1, case .table(let parsed) = blocks[0].kind else {
            Issue.record("not one table: \(blocks.map(\.kind.name))")
            return
        }
        #expect(parsed == alignments)
        #expect(blocks[0].children.count == 2)
        #expect(blocks[0].children.first?.children.count == alignments.count)
    }

    @Test("Content columns, and openers that make an item whose content starts there", arguments: [
        ("- a", 2), ("1. a", 3), ("10.  a", 5), ("-     a", 2), ("  * a", 4), ("-", 2), ("1)", 3), ("123456789. a", 11),
    ])
    func contentColumn(_ line: String, _ column: Int) throws {
        let bytes = Array(line.utf8)
        let marker = bytes.firstIndex { $0 != 0x20 } ?? 0
        #expect(ResumeContext.contentColumn(bytes, itemLine: 0, marker: marker) == column)
        let opener = try #require(ResumeContext.opener(column: column))
        let spaces = String(repeating: " ", count: column)
        let blocks = Oracle.parse(opener + Array("\(spaces)- x\n".utf8))
        #expect(blocks.count == 1 && blocks.first?.children.count == 1)
        if case .list? = blocks.first?.children.first?.children.first?.kind {} else {
            Issue.record("column \(column): the opener's item does not hold the sub-list")
        }
    }

    @Test("No opener beyond column 14, no column after a tab", arguments: [15, 40])
    func noOpenerBeyond(_ column: Int) {
        #expect(ResumeContext.opener(column: column) == nil)
        #expect(ResumeContext.contentColumn(Array("-\ta".utf8), itemLine: 0, marker: 0) == nil)
    }

    @Test("A stand-in line makes the lines after it continuation lines, inside an item too", arguments: [0, 3])
    func paragraphStandIn(_ column: Int) throws {
        let opener = column == 0 ? [] : try #require(ResumeContext.opener(column: column))
        let text = opener + ResumeContext.paragraphStandIn(column: column) + Array("   # heading\n".utf8)
        let blocks = Oracle.parse(text)
        // A heading interrupts a paragraph, under the stand-in as in place.
        let leaves = column == 0 ? blocks : blocks.first?.children.first?.children ?? []
        #expect(leaves.map(\.kind.name) == ["paragraph", "heading"])
    }

    @Test("A fence's opening line as context: the lines after it are its content", arguments: ["```", "~~~~ swift", "  ```js"])
    func fenceOpener(_ line: String) throws {
        let source = Array((line + "\nlet x = 1\n").utf8)
        let fence = source.firstIndex { $0 != 0x20 } ?? 0
        let opener = try #require(ResumeContext.fenceOpener(source, fence: fence))
        #expect(opener == Array((line + "\n").utf8))
        let blocks = Oracle.parse(opener + Array("more\n".utf8))
        guard case .codeBlock(let code)? = blocks.first?.kind else {
            Issue.record("not a code block: \(blocks.map(\.kind.name))")
            return
        }
        #expect(code.literal == "more\n")
    }

    @Test("Lines inside an item's column", arguments: [
        ("   a\n   b\n", 3, true), ("   a\n\n   b\n", 3, true), ("   a\n  b\n", 3, false), ("   a\nlazy\n", 3, false),
        ("\ta\n", 3, false), ("      deeper\n", 3, true),
    ])
    func inside(_ text: String, _ column: Int, _ expected: Bool) {
        #expect(ResumeContext.isInside(Array(text.utf8)[...], column: column) == expected)
    }

    @Test("Lines that could be a table's delimiter row are never parsed under the stand-in",
          arguments: [("|---|---|", true), (" :-- | --: ", true), ("- - -", true), ("a | b", false), ("|", false),
                      ("text\n---\n", true), ("text\nmore\n", false)])
    func delimiterRows(_ text: String, _ expected: Bool) {
        #expect(ResumeContext.mayHoldDelimiterRow(Array(text.utf8)[...]) == expected)
    }
}

extension ResumeContextTests {
    @Test("The lengths the schedule weighs are those of the context lines", arguments: 0...20)
    func countsAreLengths(column: Int) {
        #expect(ResumeContext.openerCount(column: column) == ResumeContext.opener(column: column)?.count)
        #expect(ResumeContext.paragraphStandInCount(column: column) == ResumeContext.paragraphStandIn(column: column).count)
    }
}
