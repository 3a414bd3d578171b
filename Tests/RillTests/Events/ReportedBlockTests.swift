@_spi(Testing) import Rill
import RillTestSupport
import Testing

/// The open blocks an update last reported let go of the text the stream grows in place (as a
/// live view does), so that reporting a long line a byte at a time does not copy it at every
/// frame, and the events stay those of a report that kept it.
@Suite struct ReportedBlockTests {
    /// The frame lines of `bytes` fed in `size`-byte pieces with an update per piece, the growing
    /// text let go of from `letGoLength` bytes on.
    static func frameLines(_ bytes: [UInt8], size: Int, letGoLength: Int) throws -> (lines: [[UInt8]], moves: Int, mismatched: [Int]) {
        var stream = MarkdownStream()
        stream.grownTextLetGoLength = letGoLength
        var reducer = EventReducer()
        var lines: [[UInt8]] = []
        var mismatched: [Int] = []
        for piece in Chunkings.fixed(bytes.count, size: size) {
            stream.append(bytes[piece])
            let update = stream.update()
            guard !update.isEmpty else { continue }
            let line = EventEncoder.frameLine(update)
            lines.append(line)
            try reducer.apply(line: line)
            if try reducer.document != EventReplayTests.json(stream.blocks) { mismatched.append(piece.upperBound) }
        }
        lines.append(EventEncoder.frameLine(stream.finish()))
        return (lines, stream.grownTextMoves, mismatched)
    }

    @Test("Reported a byte at a time, a long line's text is not copied at each frame")
    func growsInPlace() throws {
        let bytes = Array(String(repeating: "lorem ipsum dolor, sit amet. ", count: 100).utf8)
        let replay = try Self.frameLines(bytes, size: 1, letGoLength: 0)
        // Moved when outgrown (its capacity doubles) or when another holder kept it.
        #expect(replay.moves < 64, "\(replay.moves) moves in \(bytes.count) frames")
        #expect(replay.mismatched.isEmpty)
    }

    @Test("Events of a growing line reported from what the last report let go of are those of a report that kept it",
          arguments: [1, 3])
    func sameEvents(size: Int) throws {
        // Plain words (grown in place), a `]` late (a reference may follow: parsed), emphasis and
        // code (parsed: the text let go of is taken back), plain words again, then a new
        // paragraph and a list item that grow the same way.
        var bytes = TextGrowthTests.words(120)
        bytes += Array(" [x] and *more* `code` after".utf8) + TextGrowthTests.words(60)
        bytes += Array("\n\nNext *para ".utf8) + TextGrowthTests.words(40)
        bytes += Array("\n\n- item ".utf8) + TextGrowthTests.words(40) + Array("\n  > quoted ".utf8) + TextGrowthTests.words(30)
        let letGo = try Self.frameLines(bytes, size: size, letGoLength: 0)
        let kept = try Self.frameLines(bytes, size: size, letGoLength: .max)
        #expect(letGo.mismatched.isEmpty, "frames differ from the stream after bytes \(letGo.mismatched.prefix(10))")
        #expect(letGo.lines.count == kept.lines.count)
        let differing = zip(letGo.lines, kept.lines).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(differing.isEmpty, "frame lines differ: \(differing.prefix(10))")
        #expect(letGo.moves < kept.moves)
    }
}
