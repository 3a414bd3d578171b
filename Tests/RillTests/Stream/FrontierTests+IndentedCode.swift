@_spi(Testing) import Rill
import RillTestSupport
import Testing

/// Indented code ends at the first line with text before the code indent: once the incomplete
/// line holds such text, nothing after it can reopen the block.
extension FrontierTests {
    @Test("Indented code is final once the incomplete line holds text before column 4",
          arguments: ["word0 word1", "> word0", "  - item", "   x"])
    func indentedCodeFinalBeforeIncompleteLine(line: String) {
        let code = "    indented code line\n    another one\n\n"
        let (afterFirst, _, end) = Self.feed(code + line, then: " and more\n")
        #expect(afterFirst.finalBlocks.map(\.kind.name) == ["code_block"])
        #expect(afterFirst.frontierOffset == code.utf8.count)
        Self.expectOneShot(end, code + line + " and more\n")
    }

    @Test("Indented code stays open while the incomplete line may still be indented or blank",
          arguments: ["   ", "\t", "  \t", " \tno", "    more", ""])
    func indentedCodeOpenBeforeIndentation(line: String) {
        let code = "    indented code line\n\n"
        let (afterFirst, _, end) = Self.feed(code + line, then: " x\n")
        #expect(afterFirst.finalBlocks.isEmpty)
        Self.expectOneShot(end, code + line + " x\n")
    }

    @Test("Fenced code left open by its fence stays open whatever the incomplete line holds")
    func openFenceBeforeIncompleteLine() {
        let (afterFirst, _, end) = Self.feed("```\ncode\n\nword", then: "\n")
        #expect(afterFirst.finalBlocks.isEmpty)
        Self.expectOneShot(end, "```\ncode\n\nword\n")
    }
}
