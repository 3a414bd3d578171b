#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte-level questions about strings, asked on every frame: answered from the UTF-8 storage
/// directly instead of through `Character`s or index arithmetic.
extension String {
    /// `count` spaces, written as bytes (`String(repeating:count:)` appends a string per space).
    static func spaces(_ count: Int) -> String {
        guard count > 0 else { return "" }
        return String(unsafeUninitializedCapacity: count) { buffer in
            buffer.initialize(repeating: 0x20)
            return count
        }
    }

    /// `unit` written `count` times, as bytes (`String(repeating:count:)` appends a string each time).
    static func repeating(_ unit: String, count: Int) -> String {
        guard count > 0 else { return "" }
        return unit.withUTF8Bytes { bytes in
            String(unsafeUninitializedCapacity: bytes.count * count) { buffer in
                for index in 0..<count {
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[index * bytes.count..<(index + 1) * bytes.count])
                        .initialize(from: bytes)
                }
                return bytes.count * count
            }
        }
    }

    /// Calls `body` with the UTF-8 bytes, from contiguous storage when there is one.
    @inline(__always)
    func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return copy.withUTF8(body)
    }

    /// Whether the UTF-8 bytes hold `byte`, read eight at a time.
    ///
    /// - Complexity: O(n), about one instruction per byte (a byte-by-byte `contains` costs
    ///   three; an open paragraph's text is searched for `]` at every frame).
    func utf8Contains(_ byte: UInt8) -> Bool {
        withUTF8Bytes { Self.contains(byte, in: $0) }
    }

    /// Whether `bytes` hold `byte`: eight bytes at a time with the classic test for a zero byte
    /// in a word (`(x − 0x01…) & ~x & 0x80…` after XOR with the byte repeated), then the rest
    /// one at a time.
    static func contains(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ pattern
            if (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0 { return true }
            offset += 8
        }
        while offset < bytes.count {
            if bytes[offset] == byte { return true }
            offset += 1
        }
        return false
    }

    /// Whether every byte is ASCII, read eight at a time (a high bit set in none of them).
    var isASCII: Bool {
        withUTF8Bytes { bytes in
            guard let base = bytes.baseAddress else { return true }
            let raw = UnsafeRawPointer(base)
            var offset = 0
            while offset + 8 <= bytes.count {
                if raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
                offset += 8
            }
            while offset < bytes.count {
                if bytes[offset] >= 0x80 { return false }
                offset += 1
            }
            return true
        }
    }

    /// Whether every byte is printable ASCII (space to tilde).
    var isPrintableASCII: Bool {
        withUTF8Bytes { Self.isPrintableASCII($0) }
    }

    /// Whether every one of `bytes` is printable ASCII (space to tilde), read eight at a time:
    /// no high bit set, no byte below 0x20 (`(x − 0x20…) & ~x & 0x80…`, exact for a bound up to
    /// 0x80) and no DEL (a zero byte after XOR with 0x7F repeated).
    ///
    /// - Complexity: O(n), about one instruction per byte (a byte loop costs four); the width of
    ///   every span and the agreed-width checks of the painter ask it.
    static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let delete = word ^ (ones &* 0x7F)
            if (word | (word &- ones &* 0x20) & ~word | (delete &- ones) & ~delete) & highs != 0 { return false }
            offset += 8
        }
        while offset < bytes.count {
            if bytes[offset] < 0x20 || bytes[offset] >= 0x7F { return false }
            offset += 1
        }
        return true
    }

    /// Whether the UTF-8 of `prefix` begins this string's UTF-8 (byte comparison, not clusters).
    ///
    /// - Complexity: O(length of `prefix`), compared by `memcmp`: an open paragraph's text is
    ///   checked against its last frame's at every frame (by the wrap memo, the styled-span memo
    ///   and the painter), and a byte-by-byte loop cost about nine instructions per byte.
    func utf8HasPrefix(_ prefix: String) -> Bool {
        withUTF8Bytes { bytes in
            prefix.withUTF8Bytes { start in
                guard start.count <= bytes.count else { return false }
                guard let a = bytes.baseAddress, let b = start.baseAddress else { return start.isEmpty }
                return memcmp(a, b, start.count) == 0
            }
        }
    }

    /// How many spaces end the string.
    var trailingSpaceCount: Int {
        withUTF8Bytes { bytes in
            var count = 0
            while count < bytes.count, bytes[bytes.count - 1 - count] == 0x20 { count += 1 }
            return count
        }
    }
}
