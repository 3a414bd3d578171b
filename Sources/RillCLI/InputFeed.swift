import Glibc
import Rill

/// Where bytes come from: a file descriptor read as data arrives, or a replayed document.
enum InputFeed {
    /// Standard input or a file, read with plain `read(2)`: whatever arrived is handed on, never
    /// waiting for a newline or a full buffer.
    case descriptor(Int32)
    /// A document split into pieces released on a schedule.
    case replay(ReplaySchedule)

    /// Largest single read; a burst bigger than this is simply read again next time round.
    static let readSize = 64 * 1024

    /// What one attempt to take input produced.
    enum Take {
        case bytes([UInt8])
        case nothing
        case end
        case failure(String)
    }

    /// Reads whatever is available now (call after `poll` says the descriptor is readable),
    /// through `buffer` (``readSize`` bytes, kept by the caller: not allocated and zeroed per read).
    static func read(_ descriptor: Int32, through buffer: inout [UInt8]) -> Take {
        if buffer.count < readSize { buffer = [UInt8](repeating: 0, count: readSize) }
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { return .bytes(Array(buffer[0..<count])) }
            if count == 0 { return .end }
            if errno == EINTR { continue }
            if errno == EAGAIN { return .nothing }
            return .failure(String(cString: strerror(errno)))
        }
    }
}

/// A document split into pieces, each due at a time set by the replay rate.
struct ReplaySchedule {
    let bytes: [UInt8]
    let pieces: [Range<Int>]
    /// Nanoseconds between pieces; 0 releases one piece per frame, as fast as possible.
    let interval: UInt64
    private(set) var next = 0
    private var start: UInt64?

    init(bytes: [UInt8], mode: ReplayChunker.Mode, rate: Double) {
        self.bytes = bytes
        self.pieces = ReplayChunker.ranges(of: bytes, mode: mode)
        self.interval = rate > 0 ? UInt64(1_000_000_000 / rate) : 0
    }

    var isExhausted: Bool { next >= pieces.count }

    /// When the next piece is due; nil once all were released.
    mutating func deadline(now: UInt64) -> UInt64? {
        guard !isExhausted else { return nil }
        let origin = start ?? now
        start = origin
        return origin + UInt64(next) * interval
    }

    /// Releases the pieces due by `now`, joined (or exactly one piece when the rate is 0).
    mutating func take(now: UInt64) -> [UInt8]? {
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
