import Rill
import RillTestSupport
import Testing

/// Property 2: however the input is split, the final state is the one-shot parse.
@Suite struct ChunkingIndependenceTests {
    /// Seeded random chunkings per document (each seed also picks a style; see `Chunkings.seeded`):
    /// 6 by default; with RILL_EXHAUSTIVE=1, 60 (12 for documents over 12 KB, whose uncapped
    /// chunkings take minutes each in a debug build).
    static func seeds(_ bytes: [UInt8]) -> Range<UInt64> {
        guard TestEnvironment.isExhaustive else { return 0..<6 }
        return bytes.count > 12 * 1024 ? 0..<12 : 0..<60
    }
    /// Each frame re-parses the open block, and the Corpus has single blocks of 15–29 KB (a list,
    /// a table, a code block), on which a debug build spends up to 20 ms per frame. So by default
    /// a chunking with more pieces than this keeps a random subset of its cuts (it still splits
    /// where it did, at fewer places); RILL_EXHAUSTIVE=1 keeps all of them.
    static func maxFrames(_ bytes: [UInt8]) -> Int? {
        TestEnvironment.isExhaustive ? nil : bytes.count > 12 * 1024 ? 120 : 300
    }
    /// Splits inside characters and CRLF pairs are kept in full for documents up to this size,
    /// and 1-byte pieces for documents up to a third of it (for ASCII with LF only, 1-byte pieces
    /// are the prefix replay's per-character feed).
    static let uncappedSplitLimit = 6 * 1024

    static func check(_ name: String, _ bytes: [UInt8], _ chunking: String, _ all: [Range<Int>], capped: Bool = true) {
        let limit = capped ? maxFrames(bytes) : nil
        let pieces = limit.map { Chunkings.capped(all, maxPieces: $0, seed: UInt64(all.count)) } ?? all
        let chunking = pieces.count < all.count ? "\(chunking), \(pieces.count) of its \(all.count) cuts" : chunking
        let check = StreamCheck.run(bytes, pieces: pieces)
        #expect(check.violations.isEmpty, "\(name), \(chunking) (\(pieces.count) pieces):\n\(check.report)")
    }
}

extension ChunkingIndependenceTests {
    @Test("A single chunk, 1-byte pieces, and splits inside every character and CRLF pair",
          arguments: Corpus.documentNames)
    func fixedChunkings(_ name: String) {
        let bytes = Corpus.bytes(name)
        Self.check(name, bytes, "one chunk", [0..<bytes.count])
        Self.check(name, bytes, "split inside every character and CRLF", Chunkings.hostile(bytes),
                   capped: bytes.count > Self.uncappedSplitLimit)
        Self.check(name, bytes, "1-byte pieces", Chunkings.fixed(bytes.count, size: 1),
                   capped: bytes.count > Self.uncappedSplitLimit / 3)
    }

    @Test("Seeded random chunkings", arguments: Corpus.documentNames)
    func seededChunkings(_ name: String) {
        let bytes = Corpus.bytes(name)
        for seed in Self.seeds(bytes) {
            let (chunking, pieces) = Chunkings.seeded(bytes, seed: seed)
            Self.check(name, bytes, chunking, pieces)
        }
    }

    @Test("Capping a chunking keeps a subset of its cuts")
    func capping() {
        let pieces = Chunkings.fixed(10_000, size: 1)
        let capped = Chunkings.capped(pieces, maxPieces: 300, seed: 9)
        #expect((200...400).contains(capped.count))
        #expect(capped.first?.lowerBound == 0 && capped.last?.upperBound == 10_000)
        #expect(zip(capped, capped.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        #expect(Chunkings.capped(pieces, maxPieces: 20_000, seed: 9) == pieces)
    }

    @Test("The hostile chunking really splits characters and CRLF pairs")
    func hostileSplits() {
        let bytes = Array("a\r\né😀\r\n".utf8)
        let pieces = Chunkings.hostile(bytes)
        #expect(pieces.contains { $0.upperBound == 2 })               // between \r and \n
        #expect(pieces.contains { $0.upperBound == 4 })               // inside é
        #expect(pieces.contains { $0.upperBound == 6 })               // inside 😀
        #expect(pieces.map(\.count).reduce(0, +) == bytes.count)
    }
}
