import Glibc

/// The process's CPU time, in nanoseconds (user + system, all threads). CPU time rather than
/// wall time, so a busy shared machine disturbs the figures less.
enum CPUClock {
    static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    /// CPU nanoseconds spent in `body`.
    static func measure(_ body: () -> Void) -> UInt64 {
        let start = now()
        body()
        return now() - start
    }
}

/// Medians and percentiles of samples.
extension Array where Element == UInt64 {
    func percentile(_ fraction: Double) -> UInt64 {
        guard !isEmpty else { return 0 }
        let sorted = self.sorted()
        let index = Swift.min(sorted.count - 1, Swift.max(0, Int((Double(sorted.count - 1) * fraction).rounded())))
        return sorted[index]
    }

    var median: UInt64 { percentile(0.5) }
}

extension Array where Element == Double {
    /// The middle value (the mean of the two middle ones for an even count); NaN when empty.
    var median: Double {
        guard !isEmpty else { return .nan }
        let sorted = self.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
