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

    /// Where the UTF-8 bytes are stored, for a text with storage of its own (longer than a small
    /// string, held in the value itself); nil otherwise.
    var utf8StorageAddress: UnsafeRawPointer? {
        guard utf8.count > 15 else { return nil }
        return utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
    }

    /// Whether the two texts are the same bytes in the same storage (never for small strings):
    /// then the one holder that lets go of its copy does not copy the other's bytes.
    func sharesStorage(with other: String) -> Bool {
        guard let address = utf8StorageAddress else { return false }
        return address == other.utf8StorageAddress && utf8.count == other.utf8.count
    }

    /// Whether the UTF-8 bytes hold `byte`, searched by `memchr`.
    ///
    /// - Complexity: O(n), a small fraction of an instruction per byte (`memchr` reads a vector
    ///   register at a time; a word-at-a-time loop costs about one instruction per byte, a byte
    ///   loop three): an open paragraph's text is searched for `]` at every frame.
    func utf8Contains(_ byte: UInt8) -> Bool {
        withUTF8Bytes { Self.contains(byte, in: $0) }
    }

    /// Whether `bytes` hold `byte`, searched by `memchr`.
    static func contains(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = bytes.baseAddress, !bytes.isEmpty else { return false }
        return memchr(start, Int32(byte), bytes.count) != nil
    }

    /// Whether every byte is ASCII, read eight at a time (see ``WordBytes``).
    var isASCII: Bool {
        withUTF8Bytes { bytes in
            let start = WordBytes.firstFlaggedWord(in: bytes) { WordBytes.nonASCII(in: $0) }
            return bytes[start...].allSatisfy { $0 < 0x80 }
        }
    }

    /// Whether every byte is printable ASCII (space to tilde).
    var isPrintableASCII: Bool {
        withUTF8Bytes { Self.isPrintableASCII($0) }
    }

    /// Whether every one of `bytes` is printable ASCII (space to tilde), read eight at a time
    /// (see ``WordBytes``): no byte that is not ASCII, below a space, or DEL.
    ///
    /// - Complexity: O(n), about one instruction per byte (a byte loop costs four); the width of
    ///   every span and the agreed-width checks of the painter ask it.
    static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = WordBytes.firstFlaggedWord(in: bytes) { word in
            WordBytes.nonASCII(in: word) | WordBytes.below(0x20, in: word) | WordBytes.equal(to: 0x7F, in: word)
        }
        return bytes[start...].allSatisfy { $0 >= 0x20 && $0 < 0x7F }
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

    /// Whether the two strings hold the same UTF-8 bytes: at once when their lengths differ or
    /// they share their storage, else by `memcmp` (`==` compares canonical equivalence, which
    /// for text that is not ASCII walks both strings even when their lengths differ).
    func utf8Equals(_ other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        return withUTF8Bytes { bytes in
            other.withUTF8Bytes { others in
                guard let a = bytes.baseAddress, let b = others.baseAddress, a != b else { return true }
                return memcmp(a, b, bytes.count) == 0
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
