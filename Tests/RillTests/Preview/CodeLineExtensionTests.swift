@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

/// A fenced code block's line being written grows without a parse; every such frame must show
/// exactly what a parse shows.
@Suite struct CodeLineExtensionTests {
    /// `text` fed a byte at a time: the frames compared with and without extension.
    static func perByte(_ text: String) -> (differences: [String], extended: Int) {
        let bytes = Array(text.utf8)
        return PlainTextExtensionTests.compare(bytes, pieces: (0..<bytes.count).map { $0..<($0 + 1) })
    }

    @Test("Code lines written a byte at a time are extended, and equal their parse at every frame", arguments: [
        "```python\ndef area(r):\n    return 3.14159 * r * r  # a comment\n```\n",
        "Intro:\n\n  ~~~ js\n  const x = [1, 2, 3].map(v => v * 2);\n    indented more\n  ~~~\n",
        "```\nno language, `backticks` inside, **stars**, <b>html</b>, [links](x)\n```\n",
        "```c\n\tint tabbed = 1;\nchar *s = \"日本語 ünïcödé\";\n```\n",
    ])
    func extendedAndEqual(_ text: String) {
        let result = Self.perByte(text)
        #expect(result.differences.isEmpty, "\(result.differences.first ?? "")")
        #expect(result.extended > 10)
    }

    @Test("A line that may still close the fence, or is blank so far, is parsed", arguments: [
        "```\n`", "```\n``", "```\n   ``", "~~~\n~", "```\n    ", "```\n \t",
    ])
    func notExtended(_ text: String) {
        let bytes = Array(text.utf8)
        var stream = MarkdownStream()
        stream.append(bytes)
        stream.advance()
        stream.append(Array("`".utf8))
        stream.advance()
        #expect(stream.extendedFrames == 0, "\(text)")
    }

    @Test("A fence closed a byte at a time after extended lines ends the block as a parse does")
    func closingAfterExtension() {
        let result = Self.perByte("```sh\necho hello world\n```\nAfter the block.\n")
        #expect(result.differences.isEmpty, "\(result.differences.first ?? "")")
        #expect(result.extended > 5)
    }
}
