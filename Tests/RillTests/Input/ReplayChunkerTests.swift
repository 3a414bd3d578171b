import Rill
import Testing

/// Replay splitting: token-like pieces never split a character; fixed pieces are exact.
@Suite struct ReplayChunkerTests {
    static let text = Array("Plain ASCII, é, 日本語, 😀👍🏽, \r\n and 👨‍👩‍👧 again. ".utf8) + Array(repeating: 0x61, count: 50)

    static func expectCovers(_ pieces: [Range<Int>], _ count: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(pieces.first?.lowerBound == 0, sourceLocation: sourceLocation)
        #expect(pieces.last?.upperBound == count, sourceLocation: sourceLocation)
        #expect(zip(pieces, pieces.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound }, sourceLocation: sourceLocation)
        #expect(pieces.allSatisfy { !$0.isEmpty }, sourceLocation: sourceLocation)
    }
}

extension ReplayChunkerTests {
    @Test("Token pieces cover every byte and never end inside a UTF-8 character", arguments: UInt64(0)..<20)
    func tokens(_ seed: UInt64) {
        let pieces = ReplayChunker.ranges(of: Self.text, mode: .tokens(seed: seed))
        Self.expectCovers(pieces, Self.text.count)
        for piece in pieces {
            #expect(String(validating: Self.text[piece], as: UTF8.self) != nil, "piece \(piece) splits a character")
            #expect(piece.count <= 8 + 3, "1–8 bytes, extended only to the end of a character")
        }
    }

    @Test("Token pieces are 1–8 bytes on ASCII and the same for the same seed")
    func tokensDeterministic() {
        let ascii = Array(repeating: UInt8(ascii: "x"), count: 2000)
        let pieces = ReplayChunker.ranges(of: ascii, mode: .tokens(seed: 7))
        #expect(pieces.allSatisfy { (1...8).contains($0.count) })
        #expect(Set(pieces.map(\.count)).count == 8, "every size from 1 to 8 occurs")
        #expect(pieces == ReplayChunker.ranges(of: ascii, mode: .tokens(seed: 7)))
        #expect(pieces != ReplayChunker.ranges(of: ascii, mode: .tokens(seed: 8)))
    }

    @Test("Fixed pieces are exactly N bytes (the last may be shorter) and may split characters")
    func fixed() {
        let pieces = ReplayChunker.ranges(of: Self.text, mode: .fixed(5))
        Self.expectCovers(pieces, Self.text.count)
        #expect(pieces.dropLast().allSatisfy { $0.count == 5 })
        #expect(pieces.last!.count <= 5)
        #expect(pieces.contains { String(validating: Self.text[$0], as: UTF8.self) == nil })
        #expect(ReplayChunker.ranges(of: Self.text, mode: .fixed(1)).count == Self.text.count)
        #expect(ReplayChunker.ranges(of: Self.text, mode: .fixed(0)).count == Self.text.count, "sizes below 1 mean 1")
        #expect(ReplayChunker.ranges(of: Self.text, mode: .fixed(10_000)) == [0..<Self.text.count])
    }

    @Test("Nothing to split gives no pieces")
    func empty() {
        #expect(ReplayChunker.ranges(of: [], mode: .tokens(seed: 1)).isEmpty)
        #expect(ReplayChunker.ranges(of: [], mode: .fixed(3)).isEmpty)
    }

    @Test("SplitMix64 gives the reference sequence, so seeds mean the same on every machine")
    func splitMix() {
        var generator = SplitMix64(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
        var other = SplitMix64(seed: 1234567)
        var again = SplitMix64(seed: 1234567)
        #expect((0..<10).map { _ in other.next() } == (0..<10).map { _ in again.next() })
    }
}
