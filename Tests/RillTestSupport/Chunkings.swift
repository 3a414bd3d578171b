import Rill

/// Ways of cutting a document into the pieces a stream receives.
public enum Chunkings {
    /// Offsets where a UTF-8 character starts (every byte that is not a continuation byte),
    /// after 0, plus the end: the cuts of a character-by-character feed.
    public static func characterBoundaries(_ bytes: [UInt8]) -> [Int] {
        var cuts: [Int] = []
        for index in bytes.indices.dropFirst() where bytes[index] & 0xC0 != 0x80 {
            cuts.append(index)
        }
        if !bytes.isEmpty { cuts.append(bytes.count) }
        return cuts
    }

    /// Consecutive pieces ending at each of `cuts` (increasing; duplicates and 0 are ignored),
    /// with a last piece to the end of the text if `cuts` stops short.
    public static func pieces(count: Int, cuts: [Int]) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = 0
        for cut in cuts where cut > start && cut <= count {
            pieces.append(start..<cut)
            start = cut
        }
        if start < count { pieces.append(start..<count) }
        return pieces
    }

    /// One piece per UTF-8 character.
    public static func everyCharacter(_ bytes: [UInt8]) -> [Range<Int>] {
        pieces(count: bytes.count, cuts: characterBoundaries(bytes))
    }

    /// Pieces ending at every `stride`-th character boundary, plus `extra` boundaries drawn at random:
    /// a sample of the character-by-character feed for long documents.
    public static func sampledCharacters(_ bytes: [UInt8], stride: Int, extra: Int, seed: UInt64) -> [Range<Int>] {
        let boundaries = characterBoundaries(bytes)
        guard !boundaries.isEmpty else { return [] }
        var chosen = Set<Int>()
        for index in Swift.stride(from: 0, to: boundaries.count, by: max(1, stride)) { chosen.insert(boundaries[index]) }
        var generator = SplitMix64(seed: seed)
        for _ in 0..<extra { chosen.insert(boundaries[Int(generator.next() % UInt64(boundaries.count))]) }
        return pieces(count: bytes.count, cuts: chosen.sorted())
    }

    /// Fixed pieces of `size` bytes (which may split characters and CRLF pairs).
    public static func fixed(_ count: Int, size: Int) -> [Range<Int>] {
        ReplayChunker.ranges(of: Array(repeating: 0, count: count), mode: .fixed(size))
    }

    /// Cuts inside every multi-byte character (after its first byte) and between every `\r` and `\n`,
    /// with a few more bytes in between: the splits a reader is most likely to get wrong.
    public static func hostile(_ bytes: [UInt8]) -> [Range<Int>] {
        var cuts: [Int] = []
        for index in bytes.indices.dropFirst() {
            let byte = bytes[index]
            if byte & 0xC0 == 0x80 && bytes[index - 1] & 0xC0 != 0x80 { cuts.append(index) }     // after a lead byte
            else if byte == 0x0A && bytes[index - 1] == 0x0D { cuts.append(index) }              // inside CRLF
        }
        return pieces(count: bytes.count, cuts: cuts)
    }

    /// Random pieces of 1…`maxSize` bytes cut anywhere (inside characters and CRLF pairs too).
    public static func random(_ count: Int, maxSize: Int, seed: UInt64) -> [Range<Int>] {
        var generator = SplitMix64(seed: seed)
        var pieces: [Range<Int>] = []
        var start = 0
        while start < count {
            let end = min(count, start + 1 + Int(generator.next() % UInt64(max(1, maxSize))))
            pieces.append(start..<end)
            start = end
        }
        return pieces
    }

    /// Named chunkings for a seed: the seed picks the style as well as the sizes, so a range of
    /// seeds covers small, large, byte-exact and character-preserving splits.
    public static func seeded(_ bytes: [UInt8], seed: UInt64) -> (name: String, pieces: [Range<Int>]) {
        var generator = SplitMix64(seed: seed &* 0x2545_F491_4F6C_DD1D)
        switch seed % 6 {
        case 0:
            return ("tokens(seed: \(seed))", ReplayChunker.ranges(of: bytes, mode: .tokens(seed: seed)))
        case 1:
            return ("random 1…3 bytes, seed \(seed)", random(bytes.count, maxSize: 3, seed: generator.next()))
        case 2:
            return ("random 1…16 bytes, seed \(seed)", random(bytes.count, maxSize: 16, seed: generator.next()))
        case 3:
            return ("random 1…200 bytes, seed \(seed)", random(bytes.count, maxSize: 200, seed: generator.next()))
        case 4:
            let size = 2 + Int(generator.next() % 31)
            return ("fixed \(size) bytes", fixed(bytes.count, size: size))
        default:
            // Mostly tiny pieces with an occasional burst, as a fast producer with a slow reader.
            var pieces: [Range<Int>] = []
            var start = 0
            while start < bytes.count {
                let burst = generator.next() % 10 == 0
                let size = burst ? 50 + Int(generator.next() % 500) : 1 + Int(generator.next() % 4)
                let end = min(bytes.count, start + size)
                pieces.append(start..<end)
                start = end
            }
            return ("bursts, seed \(seed)", pieces)
        }
    }

    /// `pieces` with runs of neighbours merged at random so that about `maxPieces` remain; the
    /// cuts kept are a subset of the original ones (so a chunking that splits characters still
    /// does, at fewer places). Unchanged if it already has at most `maxPieces`.
    public static func capped(_ pieces: [Range<Int>], maxPieces: Int, seed: UInt64) -> [Range<Int>] {
        guard pieces.count > maxPieces, let last = pieces.last else { return pieces }
        var generator = SplitMix64(seed: seed)
        let keep = UInt64(maxPieces)
        let total = UInt64(pieces.count)
        var cuts: [Int] = []
        for piece in pieces.dropLast() where generator.next() % total < keep {
            cuts.append(piece.upperBound)
        }
        cuts.append(last.upperBound)
        return Self.pieces(count: last.upperBound, cuts: cuts)
    }
}
