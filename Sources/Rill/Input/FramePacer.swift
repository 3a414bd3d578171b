/// When the next frame is due: whatever input arrived is coalesced into at most one frame per
/// interval, the first at once; a burst past the byte budget makes a frame due at once, so that
/// one frame's work stays bounded however fast the writer is.
///
/// The command line's frame loop and ``MarkdownSnapshots`` both pace with it.
public struct FramePacer: Sendable {
    /// Shortest time between two frames, in nanoseconds.
    public let interval: UInt64
    /// Input since the last frame that makes the next frame due at once.
    public let byteBudget: Int
    /// When the last frame was made (``MonotonicClock`` nanoseconds); nil before the first.
    public private(set) var lastFrame: UInt64?
    /// Whether input arrived since the last frame.
    public private(set) var isPending = false
    /// Bytes received since the last frame.
    public private(set) var pendingBytes = 0

    /// Creates a pacer for `framesPerSecond` frames a second at most.
    public init(framesPerSecond: Double, byteBudget: Int = .max) {
        self.interval = UInt64(1_000_000_000 / max(framesPerSecond, 0.001))
        self.byteBudget = byteBudget
    }

    /// Notes `count` bytes of input.
    public mutating func received(_ count: Int) {
        isPending = true
        pendingBytes += count
    }

    /// When the next frame is due, or nil while no input is pending.
    public var deadline: UInt64? {
        guard isPending else { return nil }
        guard let lastFrame, pendingBytes < byteBudget else { return 0 }
        return lastFrame + interval
    }

    /// Whether a frame is due at `now`.
    public func isDue(at now: UInt64) -> Bool {
        deadline.map { now >= $0 } ?? false
    }

    /// Notes a frame made at `now`: the input so far is in it.
    public mutating func framed(at now: UInt64) {
        lastFrame = now
        isPending = false
        pendingBytes = 0
    }

    /// Makes the next frame due as soon as input is pending (a replay as fast as possible).
    public mutating func forgetLastFrame() {
        lastFrame = nil
    }
}
