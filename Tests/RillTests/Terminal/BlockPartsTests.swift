@testable import Rill
import RillTestSupport
import Testing

/// What a top-level block's parts say about themselves before the block is final.
@Suite struct BlockPartsTests {
    @Test("An open quote may yet be emptied only while its one paragraph may become a link definition", arguments: [
        ("> [d]: /u \"title", true), ("> [d", true), ("> [d]", true), ("> [a\\]b]: x \"t", true),
        ("> [!NOTE] Read this first", false), ("> [link](x) text", false), ("> text [d]", false),
        ("> [d]: /u\n>\n> more", false),
    ])
    func quoteMayEmpty(_ text: String, _ expected: Bool) throws {
        let bytes = Array(text.utf8)
        // Open as the live view sees it: the text so far parsed whole, as one block.
        let blocks = Oracle.parse(bytes)
        let quote = try #require(blocks.first)
        let parts = BlockParts(block: quote, index: 0, isFinal: false, incompleteFrom: bytes.count)
        #expect(parts.quoteMayEmpty(bytes) == expected, "\(blocks.map(\.kind.name))")
    }
}
