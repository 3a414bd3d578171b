@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

/// A fenced code block is final as soon as a complete closing line ends it; whether cmark closed
/// it is read from its parse.
@Suite struct FencedCodeTests {
    @Test("Closed or still open, as cmark parsed it", arguments: [
        ("```\nx\n```\n", true), ("```\nx\n", false), ("```\n```\n", true), ("```\n", false), ("```\nx\n\n", false),
        ("````\nx\n```\n", false), ("~~~\nx\n```\n", false), ("```js\na\nb\n  ```\n", true), ("```\nx\n``` y\n", false),
    ])
    func closed(_ text: String, _ expected: Bool) throws {
        let source = Array(text.utf8)
        let block = try #require(Oracle.parse(source).first)
        #expect(FencedCode.isClosed(block, source: source) == expected)
    }

    /// The last line of input, with no line ending, is a closing fence: it closes the block, and
    /// the block's range covers it. Streamed, that line was still incomplete when the block was
    /// followed, so it was neither content nor (until the end) a closing line.
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

    @Test("A closed fence is final at once, before the next block starts on a complete line")
    func closedFenceIsFinal() {
        var stream = MarkdownStream()
        stream.append(Array("```\nx\n```\n\nNext para".utf8))
        stream.advance()
        #expect(stream.finalBlocks.map(\.kind.name) == ["code_block"])
    }
}
