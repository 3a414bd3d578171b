import Rill
import RillTestSupport
import Testing

/// A fenced code block that grows line by line without parsing (``FenceGrowth``) ends exactly as
/// a parse of the whole text ends it.
@Suite struct FenceGrowthTests {
    /// The last line of input, with no line ending, is a closing fence: it closes the block, and
    /// the block's range covers it. Streamed, that line was still incomplete when the block
    /// began to grow, so it was neither content nor (until the end) a closing line.
    @Test("A closing fence on the last line without a line ending closes the block at the end of input",
          arguments: ["```\nx\n```", "a\n\n```swift\nlet # x = 1\n```", "```\nx\n```  ", "```\nx\n ``` \r",
                      "~~~\nx\n~~~~", "```\nx\n``"])
    func closingFenceAtEndOfInput(_ text: String) {
        let bytes = Array(text.utf8)
        let expected = Oracle.parse(bytes)
        for size in 1...bytes.count {
            let check = StreamCheck.run(bytes, pieces: Chunkings.fixed(bytes.count, size: size))
            #expect(check.violations.isEmpty, "fed in pieces of \(size):\n\(check.report)")
        }
        #expect(expected.contains { $0.kind.name == "code_block" })
    }
}
