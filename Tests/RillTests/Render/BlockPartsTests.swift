@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

/// What a top-level block's parts say about themselves before the block is final: what the
/// engine's settlement says, in the parts' terms.
@Suite struct BlockPartsTests {
    /// The parts of `text`'s only block, parsed whole and open, its last line incomplete unless
    /// it ends with a line ending.
    static func openParts(_ text: String) throws -> BlockParts {
        let bytes = Array(text.utf8)
        let blocks = Oracle.parse(bytes)
        try #require(blocks.count == 1)
        let incomplete = bytes.last == 0x0A ? Int.max : (bytes.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0)
        let settlement = Settlement.of(blocks[0], incompleteFrom: incomplete, source: bytes)
        return BlockParts(open: blocks[0], index: 0, settlement: settlement)
    }

    @Test("An open quote may yet be emptied only while its one paragraph may become a link definition", arguments: [
        ("> [d]: /u \"title", true), ("> [d", true), ("> [!NOTE] Read this first", false), ("> text [d]", false),
        ("- [d]: /u \"title", false),
    ])
    func mayEmpty(_ text: String, _ expected: Bool) throws {
        #expect(try Self.openParts(text).mayEmpty == expected)
        // Final, nothing of it can change.
        let final = try #require(MarkdownStream.parse(Array(text.utf8)).first)
        #expect(!BlockParts(final: final, index: 0).mayEmpty)
    }

    @Test("A table's rows are its child parts after the header: complete up to the row being written")
    func tableRows() throws {
        let parts = try Self.openParts("| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n| 5")
        #expect(parts.childCount == 3)
        #expect(parts.firstOpenChild == 1)
        #expect((0..<3).map(parts.isComplete) == [true, true, false])
    }

    @Test("A table whose only row is being written: no row is complete")
    func tableFirstRow() throws {
        let parts = try Self.openParts("| a | b |\n|---|---|\n| 1")
        #expect(parts.childCount == 1)
        #expect(parts.firstOpenChild == 0)
        #expect(!parts.isComplete(0))
    }

    @Test("A code block's lines are its child parts: settled once complete", arguments: [
        ("```\nlet a\nlet b", 1), ("```\nlet a\nlet b\n", 2), ("    let a\n    let b", 1),
    ])
    func codeLines(_ text: String, complete: Int) throws {
        let parts = try Self.openParts(text)
        #expect(parts.firstOpenChild == complete)
        #expect((0..<parts.childCount).map { parts.settlement(ofChild: $0) == .settled }
            == (0..<parts.childCount).map { $0 < complete })
    }
}
