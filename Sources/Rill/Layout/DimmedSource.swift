
/// Parts of the source drawn dimmed: a model's reasoning, shown with `--show-reasoning`.
///
/// A block that starts inside one of the ranges is laid out dimmed, with all it contains (see
/// ``BlockLayout/layout(_:in:open:)``). Shared by reference between whoever feeds the stream,
/// which sets the ranges as text arrives, and the layouts that read them. A block's start never
/// moves and a range only grows at its end, so a block is dimmed or not for good from the
/// first frame that shows it.
public final class DimmedSource: Sendable {
    private let ranges = LockedValue<[Range<Int>]>([])

    /// Creates an empty set of ranges.
    public init() {}

    /// Replaces the ranges (increasing, not overlapping).
    public func set(_ newRanges: [Range<Int>]) {
        ranges.withLock { $0 = newRanges }
    }

    /// Whether `offset` is inside one of the ranges.
    ///
    /// - Complexity: O(log n) in the number of ranges.
    public func contains(_ offset: Int) -> Bool {
        ranges.withLock { ranges in
            var low = 0, high = ranges.count
            while low < high {
                let middle = (low + high) / 2
                if ranges[middle].upperBound <= offset { low = middle + 1 } else { high = middle }
            }
            return low < ranges.count && ranges[low].contains(offset)
        }
    }
}

extension StyledLine {
    /// The line with every span dimmed (SGR 2), neighbours that now share a style merged.
    func dimmed() -> StyledLine {
        StyledLine(spans.map { span in
            var span = span
            span.style.isDim = true
            return span
        })
    }
}
