import Foundation

/// The results as a Markdown table.
enum Report {
    static func table(_ results: [Measurement]) -> String {
        func f(_ value: Double, _ digits: Int = 1) -> String {
            value.isNaN ? "–" : String(format: "%.\(digits)f", value)
        }
        var lines = [
            "| input | KB | one-shot ms | ×4 B | ×16 B | ×64 B | ×60 fps | flatness | bytes ÷ batch (plain / colour) | frame p50 µs | p99 µs | RSS MB |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for result in results {
            lines.append("| \(result.name) | \(f(Double(result.bytes) / 1024, 0)) | \(f(result.oneShotMS, 2)) | "
                + "\(f(result.ratio4)) | \(f(result.ratio16)) | \(f(result.ratio64)) | \(f(result.ratioCoalesced, 2)) | "
                + "\(f(result.flatness, 2)) | \(f(result.plainBytesRatio, 2)) / \(f(result.bytesRatio, 2)) | \(f(result.frameP50US)) | \(f(result.frameP99US)) | "
                + "\(result.peakRSSMB.map { f($0, 0) } ?? "") |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
