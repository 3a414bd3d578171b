import Foundation
import Rill

/// Pathological shapes of input , each at a size and four times that size, to show
/// that one-shot and streamed time grow in proportion: `rill-bench --hostile [--size N]`.
enum Hostile {
    static func table(columns: Int, rows: Int) -> String {
        "|" + Array(repeating: "h", count: columns).joined(separator: "|") + "|\n"
            + "|" + Array(repeating: "-", count: columns).joined(separator: "|") + "|\n"
            + String(repeating: "a\n", count: rows)
    }

    /// Name and generator of about `n` bytes.
    static let shapes: [(String, @Sendable (Int) -> String)] = [
        ("table 1000 cols, short rows", { table(columns: 1_000, rows: $0 / 2) }),
        ("table 64 cols, short rows", { table(columns: 64, rows: $0 / 2) }),
        ("row of pipes", { "a|b\n-|-\n" + String(repeating: "|", count: $0) + "\n" }),
        ("mismatched delimiter rows", { "a\n" + String(repeating: "-|-|-\n-|-\n", count: $0 / 10) }),
        ("[ run", { String(repeating: "[", count: $0) + "\n" }),
        ("![[ run", { String(repeating: "![[", count: $0 / 3) + "\n" }),
        ("nested emphasis", { String(repeating: "*a ", count: $0 / 4) + String(repeating: "*", count: $0 / 4) + "\n" }),
        ("< run", { String(repeating: "<", count: $0) + "\n" }),
        ("*a × n", { String(repeating: "*a", count: $0 / 2) + "\n" }),
        ("a_ × n", { String(repeating: "a_", count: $0 / 2) + "\n" }),
        ("a@ × n", { String(repeating: "a@", count: $0 / 2) + "\n" }),
        ("backtick runs", { n in
            var s = "", k = 1
            while s.utf8.count < n { s += String(repeating: "`", count: k) + "a"; k += 1 }
            return s + "\n"
        }),
        ("nested > one line", { String(repeating: ">", count: $0) + " a\n" }),
        ("nested lists one line", { String(repeating: "- ", count: $0 / 2) + "a\n" }),
        ("link definitions", { n in
            (0..<(n / 16)).map { "[l\($0)]: /u\($0)\n" }.joined() + "[l0] [l1]\n"
        }),
        ("one long line", { n in String(String(repeating: "lorem ipsum dolor sit amet ", count: n / 27 + 1).prefix(n)) + "\n" }),
    ]

    /// Measures every shape, or only those whose name contains `only`; `reparseThreshold`
    /// overrides the engine's (`Int.max` parses the open part at every frame).
    static func run(size: Int, only: String? = nil, reparseThreshold: Int? = nil) {
        print("shape | bytes | one-shot ms | streamed 4 KB ms | parsed/bytes | ratio 4N/N (one-shot, streamed)")
        for (name, make) in shapes where only.map(name.contains) ?? true {
            var previous: (Double, Double)?
            for n in [size, size * 4] {
                let bytes = Array(make(n).utf8)
                let oneShot = Double(Runner.oneShot(bytes, plain: true).cpu) / 1e6
                let run = Runner.stream(bytes, pieces: Runner.fixed(bytes, 4096), plain: true, reparseThreshold: reparseThreshold)
                let streamed = Double(run.cpu) / 1e6
                var line = "\(name) | \(bytes.count) | \(String(format: "%.0f", oneShot)) | \(String(format: "%.0f", streamed))"
                line += " | \(String(format: "%.1f", Double(run.bytesParsed) / Double(max(1, bytes.count))))"
                if let (o, s) = previous {
                    line += " | \(String(format: "%.1f", oneShot / max(o, 0.001))), \(String(format: "%.1f", streamed / max(s, 0.001)))"
                }
                print(line)
                previous = (oneShot, streamed)
            }
        }
    }
}
