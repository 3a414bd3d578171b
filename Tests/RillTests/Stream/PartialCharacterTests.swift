@_spi(Testing) import Rill
import RillTestSupport
import Testing

/// Bytes that end mid-character add nothing to the text until the character is complete: such a
/// frame shows what the last one showed, without a parse, and the words after it are still added
/// to the paragraph without one.
@Suite struct PartialCharacterTests {
    /// A line mixing CJK and Latin words, fed a byte at a time with a frame after each.
    static func streamed(_ text: String) -> (stream: MarkdownStream, revisions: Set<Int>, frames: Int) {
        var stream = MarkdownStream()
        var revisions: Set<Int> = []
        for byte in text.utf8 {
            stream.append([byte])
            stream.advance()
            revisions.insert(stream.revision)
        }
        return (stream, revisions, text.utf8.count)
    }

    @Test("A frame that received only a character's first bytes parses nothing and changes nothing")
    func partialCharacterChangesNothing() {
        let words = ["lorem", "中文", "ipsum", "日本語", "dolor", "한국어"]
        let text = (0..<600).map { words[$0 % words.count] }.joined(separator: " ")
        let (stream, revisions, _) = Self.streamed(text)
        // One state per complete character at most; the bytes of a character's middle add none.
        #expect(revisions.count <= text.count + 1, "\(revisions.count) states for \(text.count) characters")
        // Shown by adding words to the paragraph, not parsed at each frame.
        #expect(stream.bytesParsed < text.utf8.count * 2, "\(stream.bytesParsed) bytes parsed for \(text.utf8.count)")
        #expect(stream.blocks == MarkdownStream.parse(Array(text.utf8)))
    }
}
