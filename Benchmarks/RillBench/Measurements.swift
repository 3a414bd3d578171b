/// Everything measured for one input, as medians over repeated runs.
struct Measurement: Encodable {
    var name: String
    var bytes: Int
    /// One-shot parse + layout + encode, CPU ms.
    var oneShotMS: Double
    /// Streaming CPU ms at 4-, 16- and 64-byte pieces (one frame each) and coalesced at 60 fps
    /// with 1,000 tokens/s arriving.
    var stream4MS: Double
    var stream16MS: Double
    var stream64MS: Double
    var coalescedMS: Double
    /// Streaming ÷ one-shot.
    var ratio4: Double
    var ratio16: Double
    var ratio64: Double
    var ratioCoalesced: Double
    /// Median frame cost near the end ÷ near the start (16-byte pieces).
    var flatness: Double
    /// Bytes written by the live view at 4-byte pieces ÷ bytes of the batch render, in colour.
    var bytesRatio: Double
    /// The same without colour (`--color never`).
    var plainBytesRatio: Double
    /// Frame CPU at 16-byte pieces, µs.
    var frameP50US: Double
    var frameP99US: Double
    /// Lines the live view committed before they were settled (the region was full).
    var linesCommittedEarly: Int
    /// Peak resident memory of a process streaming this input at 16-byte pieces, MB.
    var peakRSSMB: Double?
}

/// Frame cost against position in the document, for the plot.
struct Curve: Codable {
    var input: String
    var strategy: String
    /// Position (fraction of the document) and median frame CPU in µs.
    var points: [[Double]]
}

extension StreamRun {
    /// Median frame CPU in position buckets of the document (fractions 0…1).
    func curve(total: Int, buckets: Int = 40) -> [[Double]] {
        var byBucket = Array(repeating: [UInt64](), count: buckets)
        for (cpu, position) in zip(frameCPU, framePositions) {
            let bucket = min(buckets - 1, position * buckets / max(total, 1))
            byBucket[bucket].append(cpu)
        }
        return byBucket.enumerated().compactMap { index, samples in
            samples.isEmpty ? nil : [(Double(index) + 0.5) / Double(buckets), Double(samples.median) / 1000]
        }
    }

    /// Median frame cost in the last tenth of the document ÷ the first tenth.
    func flatness(total: Int) -> Double {
        var start: [UInt64] = []
        var end: [UInt64] = []
        for (cpu, position) in zip(frameCPU, framePositions) {
            if position * 10 < total { start.append(cpu) }
            if position * 10 >= total * 9 { end.append(cpu) }
        }
        guard !start.isEmpty, !end.isEmpty, start.median > 0 else { return .nan }
        return Double(end.median) / Double(start.median)
    }
}
