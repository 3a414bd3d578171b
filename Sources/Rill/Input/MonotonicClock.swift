import Glibc

/// Nanoseconds from a monotonic clock, for frame pacing and replay schedules.
public enum MonotonicClock {
    /// Nanoseconds since an arbitrary fixed point (boot), never going back.
    public static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }
}
