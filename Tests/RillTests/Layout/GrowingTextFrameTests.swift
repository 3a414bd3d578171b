@testable import Rill
import Testing

extension RillTests.Layout {
    /// A holder that let go of the stream's growing text takes it back when the stream passes it
    /// on, keeps waiting while it grows, and forgets it otherwise.
    @Suite struct GrowingTextFrameTests {
        static let leaf = BlockID(anchor: 0)
        static let text = String(repeating: "lorem ipsum ", count: 500)

        /// A stream's growth record with `text` growing in `leaf`.
        static func growing(_ length: Int = text.utf8.count) -> TextGrowth {
            var growth = TextGrowth()
            growth.letGoLength = 0
            growth.note(GrownText(leaf: leaf, length: length, moved: false))
            return growth
        }

        @Test("A text of the generation still growing is waited for")
        func stillGrowing() throws {
            let growth = Self.growing()
            let current = try #require(growth.current)
            let frame = GrowingTextFrame(growth, tail: OpenTail())
            #expect(frame.fate(of: LetGoText(generation: current.generation, length: 100)) == .stillGrowing)
            #expect(frame.fate(of: LetGoText(generation: current.generation, length: current.length)) == .stillGrowing)
        }

        @Test("A text of the generation the stream ended is taken back, when its length is the one let go of")
        func takenBack() throws {
            var growth = Self.growing()
            let generation = try #require(growth.current?.generation)
            growth.end(lastText: Self.text)
            let frame = GrowingTextFrame(growth, tail: OpenTail())
            let length = Self.text.utf8.count
            #expect(frame.fate(of: LetGoText(generation: generation, length: length)) == .takeBack(Self.text))
            #expect(frame.fate(of: LetGoText(generation: generation, length: length - 1)) == .forget)
            #expect(frame.fate(of: LetGoText(generation: generation, length: length + 1)) == .forget)
        }

        @Test("A text of another generation, or with no growing text at all, is forgotten")
        func forgotten() throws {
            let growth = Self.growing()
            let generation = try #require(growth.current?.generation)
            let frame = GrowingTextFrame(growth, tail: OpenTail())
            #expect(frame.fate(of: LetGoText(generation: generation + 1, length: 10)) == .forget)
            #expect(GrowingTextFrame().fate(of: LetGoText(generation: generation, length: 10)) == .forget)
            var ended = growth
            ended.end(lastText: nil)
            #expect(GrowingTextFrame(ended, tail: OpenTail()).fate(of: LetGoText(generation: generation, length: 10)) == .forget)
        }
    }
}
