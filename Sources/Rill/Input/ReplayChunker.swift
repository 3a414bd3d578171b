/// Splits a document into the pieces a replay feeds, as a model's tokens would arrive.
public enum ReplayChunker {
    /// How to split.
    public enum Mode: Sendable, Equatable {
        /// Token-like pieces of 1–8 bytes chosen by a seeded generator, never splitting a UTF-8
        /// character (a multi-byte character longer than the drawn size is one piece).
        case tokens(seed: UInt64)
        /// Fixed pieces of `n` bytes, which may split a UTF-8 character (the reader must cope).
        case fixed(Int)
    }

    /// The chunk boundaries of `bytes` in `mode`, as consecutive ranges covering all of it.
    ///
    /// - Complexity: O(n) in the document's length.
    public static func ranges(of bytes: [UInt8], mode: Mode) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        switch mode {
        case .fixed(let size):
            let size = max(1, size)
            while start < bytes.count {
                let end = min(bytes.count, start + size)
                ranges.append(start..<end)
                start = end
            }
        case .tokens(let seed):
            var generator = SplitMix64(seed: seed)
            while start < bytes.count {
                var end = min(bytes.count, start + Int(generator.next() % 8) + 1)
                // Never end inside a character: move forward past continuation bytes.
                while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
                ranges.append(start..<end)
                start = end
            }
        }
        return ranges
    }
}
