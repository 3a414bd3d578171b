/// Questions about UTF-8 bytes answered eight at a time, with the classic tests on a 64-bit word:
/// each sets, in a byte's high bit, a flag for at least the first byte that matches. A word with
/// no flag holds no such byte; a flagged one may hold false flags above a true one, so the bytes
/// from a flagged word on are read one at a time.
///
/// Used where the engine, the layout and the painter ask about every line or span at every frame
/// (control characters, ASCII, printable ASCII): a byte loop costs
/// three to five instructions per byte, a word test about one.
enum WordBytes {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Flags for the bytes of `word` equal to `byte`: a zero byte (`(x − 0x01…) & ~x & 0x80…`)
    /// after XOR with the byte repeated.
    @inline(__always)
    static func equal(to byte: UInt8, in word: UInt64) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highs
    }

    /// Flags for the bytes of `word` below `bound`, which must be at most 0x80.
    @inline(__always)
    static func below(_ bound: UInt8, in word: UInt64) -> UInt64 {
        (word &- ones &* UInt64(bound)) & ~word & highs
    }

    /// Flags for the bytes of `word` that are not ASCII.
    @inline(__always)
    static func nonASCII(in word: UInt64) -> UInt64 {
        word & highs
    }

    /// Offset of the first whole eight-byte word of `bytes` from `start` on that `flags` flags,
    /// or of the bytes after the last whole word when none does: no byte between `start` and it
    /// needs another look.
    ///
    /// - Complexity: O(n / 8) word tests.
    @inline(__always)
    static func firstFlaggedWord(in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0,
                                 _ flags: (UInt64) -> UInt64) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let raw = UnsafeRawPointer(base)
        var offset = start
        while offset + 8 <= bytes.count, flags(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) == 0 {
            offset += 8
        }
        return offset
    }
}
