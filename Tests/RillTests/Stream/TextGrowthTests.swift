@_spi(Testing) import Rill
import RillTestSupport
import Testing

/// A paragraph written as one long line grows its last text where it is stored: a live view
/// lets go of the text after each frame, so the stream holds it alone when it appends the next
/// words, and what the view shows is what it shows when laid out afresh.
@Suite struct TextGrowthTests {
    /// A long line of words, with a `]` late in it (a reference may then follow).
    static func words(_ count: Int) -> [UInt8] {
        let words = (0..<count).map { ["lorem", "ipsum", "dolor,", "sit", "amet.", "中文", "x-y"][$0 % 7] }
        return Array(words.joined(separator: " ").utf8)
    }

    @Test("Streamed a byte at a time into a live layout, a long line's text is not copied at each frame")
    func growsInPlace() {
        let bytes = Array(String(repeating: "lorem ipsum dolor, sit amet. ", count: 100).utf8)
        var layout = LiveLayout(context: LayoutContext(width: 40, theme: .dark), maxLines: 8)
        var stream = MarkdownStream()
        stream.grownTextLetGoLength = 0
        for byte in bytes {
            stream.append([byte])
            stream.advance()
            _ = layout.frame(stream)
        }
        #expect(stream.extendedFrames > bytes.count * 9 / 10)
        // Moved when outgrown (its capacity doubles) or when another holder kept it.
        #expect(stream.grownTextMoves < 64, "\(stream.grownTextMoves) moves in \(stream.extendedFrames) extended frames")
    }

    /// The lines of every frame of a live layout fed `bytes` in `size`-byte pieces, with those
    /// already committed, against a live layout made afresh for that frame.
    static func mismatches(_ bytes: [UInt8], size: Int) -> [Int] {
        let context = LayoutContext(width: 30, theme: .dark)
        var layout = LiveLayout(context: context, maxLines: 10_000)
        var stream = MarkdownStream()
        stream.grownTextLetGoLength = 0  // every growing text let go of
        var committed: [StyledLine] = []
        var mismatches: [Int] = []
        for piece in Chunkings.fixed(bytes.count, size: size) {
            stream.append(bytes[piece])
            stream.advance()
            let frame = layout.frame(stream)
            var fresh = LiveLayout(context: context, maxLines: 10_000)
            if committed + frame.lines != fresh.frame(stream).lines { mismatches.append(piece.upperBound) }
            committed += frame.lines.prefix(frame.committed)
        }
        return mismatches
    }

    @Test("Every frame of a growing line laid out from what the view let go of is its layout afresh",
          arguments: [1, 3])
    func sameAsAfresh(size: Int) {
        // Plain words (grown in place), a `]` late (a reference may follow: not settled), then
        // emphasis and code (parsed: the text let go of is taken back), then plain words again.
        var bytes = Self.words(120)
        bytes += Array(" [x] and *more* `code` after".utf8) + Self.words(60) + Array("\n\nNext *para ".utf8) + Self.words(40)
        let mismatches = Self.mismatches(bytes, size: size)
        #expect(mismatches.isEmpty, "frames differ after bytes \(mismatches.prefix(10))")
    }
}
