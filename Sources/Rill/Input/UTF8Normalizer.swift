/// Turns arbitrary byte chunks into valid UTF-8, identically however the stream was split.
///
/// An incomplete sequence at a chunk's end is carried to the next chunk. Each maximal ill-formed
/// subsequence (Unicode's "maximal subpart" practice, as in WHATWG decoding) becomes one U+FFFD,
/// and so does NUL, which C parsers would take as the end of the text, and so do the
/// ``reservedBytes`` (SOH, STX and ETX), which the normalized text never holds, so that later stages
/// may use them as marks of their own. Every other byte value passes through unchanged; control
/// characters are made harmless later, when rendering.
public struct UTF8Normalizer: Sendable {
    /// Bytes of a sequence that is valid so far but not yet complete.
    private var pending: [UInt8] = []
    /// How many bytes the pending sequence needs in all.
    private var needed = 0

    /// Creates a normalizer with nothing pending.
    public init() {}

    /// Bytes that never occur in normalized text (SOH, STX and ETX): free for later stages to mark with.
    public static let reservedBytes: (first: UInt8, second: UInt8, third: UInt8) = (0x01, 0x02, 0x03)

    /// Whether `byte` is one of the ``reservedBytes``.
    public static func isReserved(_ byte: UInt8) -> Bool { byte >= 0x01 && byte <= 0x03 }

    /// The UTF-8 encoding of U+FFFD REPLACEMENT CHARACTER.
    public static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// Normalizes one chunk, appending the valid output to `output`.
    ///
    /// - Complexity: O(n) in the chunk's length.
    public mutating func normalize<C: Collection>(_ chunk: C, into output: inout [UInt8]) where C.Element == UInt8 {
        // Grow geometrically: reserving just enough at every chunk would copy the whole text
        // each time (`reserveCapacity` does not round up), quadratic over a long stream.
        let needed = output.count + chunk.count + 3
        if output.capacity < needed { output.reserveCapacity(max(needed, 2 * output.capacity)) }
        let done: Void? = chunk.withContiguousStorageIfAvailable { bytes in
            // Runs of printable ASCII and line endings, the bulk of any text, are copied whole.
            var index = 0
            while index < bytes.count {
                if pending.isEmpty {
                    var end = index
                    while end < bytes.count, bytes[end] > 0x03, bytes[end] < 0x80 { end += 1 }
                    if end > index {
                        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
                        index = end
                        continue
                    }
                }
                consume(bytes[index], into: &output)
                index += 1
            }
        }
        // A collection not stored contiguously is copied into one that is, and read the same way.
        if done == nil { normalize(Array(chunk), into: &output) }
    }

    /// Flushes a sequence left incomplete at the end of the stream as U+FFFD.
    public mutating func finish(into output: inout [UInt8]) {
        if !pending.isEmpty {
            output.append(contentsOf: Self.replacement)
            pending.removeAll()
            needed = 0
        }
    }

    private mutating func consume(_ byte: UInt8, into output: inout [UInt8]) {
        if pending.isEmpty {
            start(byte, into: &output)
            return
        }
        if Self.isValidContinuation(byte, after: pending) {
            pending.append(byte)
            if pending.count == needed {
                output.append(contentsOf: pending)
                pending.removeAll(keepingCapacity: true)
            }
            return
        }
        // The pending prefix is a maximal subpart: replace it, then read `byte` afresh.
        output.append(contentsOf: Self.replacement)
        pending.removeAll(keepingCapacity: true)
        start(byte, into: &output)
    }

    private mutating func start(_ byte: UInt8, into output: inout [UInt8]) {
        switch byte {
        case 0x00, Self.reservedBytes.first, Self.reservedBytes.second, Self.reservedBytes.third:
            output.append(contentsOf: Self.replacement)
        case 0x04...0x7F:
            output.append(byte)
        case 0xC2...0xDF:
            pending.append(byte); needed = 2
        case 0xE0...0xEF:
            pending.append(byte); needed = 3
        case 0xF0...0xF4:
            pending.append(byte); needed = 4
        default:  // 0x80...0xC1 (stray continuation, overlong lead) and 0xF5...0xFF
            output.append(contentsOf: Self.replacement)
        }
    }

    /// Whether `byte` may follow `prefix` in a well-formed sequence (Unicode Table 3-7).
    private static func isValidContinuation(_ byte: UInt8, after prefix: [UInt8]) -> Bool {
        guard prefix.count == 1 else { return byte & 0xC0 == 0x80 }
        switch prefix[0] {
        case 0xE0: return (0xA0...0xBF).contains(byte)
        case 0xED: return (0x80...0x9F).contains(byte)
        case 0xF0: return (0x90...0xBF).contains(byte)
        case 0xF4: return (0x80...0x8F).contains(byte)
        default: return byte & 0xC0 == 0x80
        }
    }
}
