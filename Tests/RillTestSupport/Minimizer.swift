/// Shrinks a failing input to a small one that still fails (delta debugging over lines, then bytes).
public enum Minimizer {
    /// The smallest input found that still satisfies `fails`, starting from `input` (which must).
    public static func minimize(_ input: [UInt8], fails: ([UInt8]) -> Bool) -> [UInt8] {
        var current = input
        // Whole lines first (keeping line endings), then single bytes.
        current = reduce(current, units: lines(of: current), fails: fails)
        current = reduce(current, units: current.map { [$0] }, fails: fails)
        return current
    }

    private static func lines(of bytes: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var line: [UInt8] = []
        for byte in bytes {
            line.append(byte)
            if byte == 0x0A { lines.append(line); line = [] }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    private static func reduce(_ input: [UInt8], units start: [[UInt8]], fails: ([UInt8]) -> Bool) -> [UInt8] {
        var units = start
        var granularity = 2
        while units.count >= 2 {
            let size = max(1, units.count / granularity)
            var reduced = false
            var index = 0
            while index < units.count {
                var candidate = units
                candidate.removeSubrange(index..<min(units.count, index + size))
                if fails(candidate.flatMap { $0 }) {
                    units = candidate
                    reduced = true
                    granularity = max(granularity - 1, 2)
                } else {
                    index += size
                }
            }
            if !reduced {
                if size == 1 { break }
                granularity = min(units.count, granularity * 2)
            }
        }
        return units.flatMap { $0 }
    }
}
