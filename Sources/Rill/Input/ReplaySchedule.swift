/// A document split into pieces, each due at a time set by the replay rate: a model's stream
/// replayed from a file, for demos, tests and benchmarks.
public struct ReplaySchedule: Sendable {
    /// The whole document.
    public let bytes: [UInt8]
    /// The pieces, in order, covering ``bytes``.
    public let pieces: [Range<Int>]
    /// Nanoseconds between pieces; 0 releases one piece per frame, as fast as possible.
    public let interval: UInt64
    private(set) var next = 0
    private var start: UInt64?

    /// A schedule of `bytes` cut as `mode` says, `rate` pieces a second (0: as fast as possible).
    public init(bytes: [UInt8], mode: ReplayChunker.Mode, rate: Double) {
        self.bytes = bytes
        self.pieces = ReplayChunker.ranges(of: bytes, mode: mode)
        self.interval = rate > 0 ? UInt64(1_000_000_000 / rate) : 0
    }

    /// Whether every piece was released.
    public var isExhausted: Bool { next >= pieces.count }

    /// When the next piece is due (nanoseconds on the caller's clock, which started the
    /// schedule at its first call); nil once all were released.
    public mutating func deadline(now: UInt64) -> UInt64? {
        guard !isExhausted else { return nil }
        let origin = start ?? now
        start = origin
        return origin + UInt64(next) * interval
    }

    /// Releases the pieces due by `now`, joined (or exactly one piece when the rate is 0).
    public mutating func take(now: UInt64) -> [UInt8]? {
        guard let due = deadline(now: now), due <= now else { return nil }
        if interval == 0 {
            defer { next += 1 }
            return Array(bytes[pieces[next]])
        }
        let origin = start ?? now
        let first = next
        while next < pieces.count, origin + UInt64(next) * interval <= now { next += 1 }
        return Array(bytes[pieces[first].lowerBound..<pieces[next - 1].upperBound])
    }
}
