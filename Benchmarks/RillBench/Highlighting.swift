import Foundation
import Glibc
import Rill

/// `rill-bench --highlight`: what syntax highlighting costs. Loading a language's definition,
/// highlighting one line (p50, p99, per language), the slowest lines that fit the length limit,
/// and streamed runs with highlighting on and off, back to back and with the process asleep
/// between frames as under a model's pace.
enum Highlighting {
    /// Wall-clock nanoseconds (the vDSO clock: a per-line reading costs ~20 ns, where the process
    /// CPU clock is a system call of 0.85 µs, as much as a short line).
    static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    static func us(_ nanoseconds: UInt64) -> String { String(format: "%.1f", Double(nanoseconds) / 1000) }
    static func ms(_ nanoseconds: UInt64) -> String { String(format: "%.2f", Double(nanoseconds) / 1e6) }

    static let languages = ["python", "c", "cpp", "go", "rs", "javascript", "sh", "sql", "json", "html", "css", "diff",
                            "java", "ruby", "php", "haskell", "scala", "lua", "perl", "r", "makefile", "xml", "csharp", "zsh"]

    /// Every section, or with `streamedOnly` the streamed runs alone.
    static func run(streamed documents: [String], pause: UInt32, streamedOnly: Bool) {
        if !streamedOnly {
            loads()
            perLine()
            hostile()
        }
        for name in documents { streamed(name, pause: pause) }
    }

    /// The first highlighter of each language loads and compiles its definition.
    static func loads() {
        print("## Loading a language (first use in the process)")
        var times: [(String, UInt64)] = []
        for name in languages {
            let start = now()
            let highlighter = CodeHighlighter(language: name)
            times.append(("\(name) (\(highlighter?.definition ?? "none"))", now() - start))
        }
        for (name, time) in times { print("  \(name): \(ms(time)) ms") }
        let sorted = times.map(\.1).sorted()
        print("  median \(ms(sorted[sorted.count / 2])) ms, slowest \(ms(sorted.last ?? 0)) ms")
    }

    /// The code lines of every Corpus block in a known language, each highlighted once from the
    /// line before's state, five times over; a line's cost is its median.
    static func perLine() {
        print("## One line, highlighted from the state the line before left (Corpus code, median of 5 runs)")
        var blocks: [(language: String, lines: [Substring])] = []
        for input in Inputs.corpus() {
            var stack = MarkdownStream.parse(input.bytes)
            while let block = stack.popLast() {
                stack += block.children
                guard case .codeBlock(let code) = block.kind, let word = code.language,
                      CodeHighlighter(language: word) != nil else { continue }
                var literal = code.literal[...]
                if literal.hasSuffix("\n") { literal = literal.dropLast() }
                blocks.append((word, literal.split(separator: "\n", omittingEmptySubsequences: false)))
            }
        }
        var samples: [[UInt64]] = blocks.map { Array(repeating: 0, count: $0.lines.count) }
        var runs: [[[UInt64]]] = []
        for _ in 0..<5 {
            for (index, block) in blocks.enumerated() {
                var highlighter = CodeHighlighter(language: block.language)!
                for (line, text) in block.lines.enumerated() {
                    let start = now()
                    _ = highlighter.highlight(text)
                    samples[index][line] = now() - start
                }
            }
            runs.append(samples)
        }
        var all: [UInt64] = []
        var byLanguage: [String: (times: [UInt64], bytes: Int)] = [:]
        for (index, block) in blocks.enumerated() {
            let definition = CodeHighlighter(language: block.language)!.definition
            for line in block.lines.indices {
                let time = runs.map { $0[index][line] }.median
                all.append(time)
                byLanguage[definition, default: ([], 0)].times.append(time)
                byLanguage[definition, default: ([], 0)].bytes += block.lines[line].utf8.count + 1
            }
        }
        let bytes = byLanguage.values.reduce(0) { $0 + $1.bytes }
        let total = all.reduce(0, +)
        print("  \(all.count) lines in \(blocks.count) blocks, \(bytes) bytes: p50 \(us(all.median)) µs, "
              + "p99 \(us(all.percentile(0.99))) µs, max \(us(all.max() ?? 0)) µs, "
              + String(format: "%.2f MB/s", Double(bytes) / (Double(total) / 1e9) / 1e6))
        for (definition, entry) in byLanguage.sorted(by: { $0.value.times.count > $1.value.times.count }) {
            print("  \(definition): \(entry.times.count) lines, p50 \(us(entry.times.median)) µs, "
                  + "p99 \(us(entry.times.percentile(0.99))) µs")
        }
    }

    /// Lines built to be slow, at the length limit, in every language: the slowest (best of 3).
    static func hostile() {
        let limit = CodeHighlighter.maxLineBytes
        print("## Hostile lines of \(limit) bytes (the limit; best of 3 runs each)")
        let units = ["a", "a+", "a+ ", "(", "\"\\", "\\\"", "\\\" ", "/*", "{-", "'''", "1.", "$(", "${", "<a ", "=>", "::",
                     "\"k\": \"\\\"", "x = \"", "# ", "<!--", "`", "'", "0x", "+", "\t", ".", "#include <", "a. "]
        var generator = SplitMix64(seed: 1)
        var shapes = units.map { unit in (unit.debugDescription, String(String(repeating: unit, count: limit).prefix(limit))) }
        shapes.append(("random printable", String((0..<limit).map { _ in Character(Unicode.Scalar(UInt8(32 + generator.next() % 95))) })))
        var results: [(String, String, UInt64)] = []
        for language in languages {
            guard let highlighter = CodeHighlighter(language: language) else { continue }
            var worst: (String, UInt64) = ("", 0)
            for (name, line) in shapes {
                let best = (0..<3).map { _ -> UInt64 in
                    let start = now()
                    _ = highlighter.preview(line[...])
                    return now() - start
                }.min() ?? 0
                if best > worst.1 { worst = (name, best) }
            }
            results.append((highlighter.definition, worst.0, worst.1))
        }
        for (definition, shape, time) in results.sorted(by: { $0.2 > $1.2 }) {
            print("  \(definition): slowest \(ms(time)) ms (\(shape) repeated)")
        }
        let over = String(repeating: "a+", count: limit)
        let start = now()
        _ = CodeHighlighter(language: "scala")!.preview(over[...])
        print("  a line over the limit (\(over.utf8.count) bytes): \(us(now() - start)) µs, not highlighted")
    }

    /// A document streamed as a model writes it (100 tokens a second, frames at most 30 a second)
    /// through the live view, highlighting on and off: back to back, then with the process asleep
    /// `pause` µs before each frame.
    static func streamed(_ name: String, pause: UInt32) {
        guard let input = Inputs.named(name) else { return print("no input \(name)") }
        let pieces = Runner.coalesced(input.bytes, tokensPerSecond: 100, fps: 30)
        print("## \(name), \(pieces.count) frames (100 tokens/s, ≤ 30 frames/s)")
        let on = Runner.context
        var off = Runner.context
        off.highlightsCode = false
        func run(_ context: LayoutContext, sleeping: UInt32) -> (cpu: UInt64, lines: Int, open: Int) {
            var stream = MarkdownStream()
            var view = LiveView(context: context, encoder: Runner.encoder, height: Runner.height)
            var cpu: UInt64 = 0
            for piece in pieces {
                if sleeping > 0 { usleep(sleeping) }
                let start = CPUClock.now()
                stream.append(input.bytes[piece])
                stream.advance()
                _ = view.frame(stream)
                cpu += CPUClock.now() - start
            }
            stream.finish()
            _ = view.frame(stream)
            return (cpu, view.statistics.codeLinesHighlighted, view.statistics.openCodeLinesHighlighted)
        }
        _ = run(on, sleeping: 0)
        _ = run(off, sleeping: 0)
        var hot: [(on: UInt64, off: UInt64)] = []
        for _ in 0..<5 { hot.append((run(on, sleeping: 0).cpu, run(off, sleeping: 0).cpu)) }
        let onHot = hot.map(\.on).median, offHot = hot.map(\.off).median
        let counts = run(on, sleeping: 0)
        print("  back to back: on \(ms(onHot)) ms, off \(ms(offHot)) ms, on ÷ off "
              + String(format: "%.2f", Double(onHot) / Double(offHot))
              + " (\(counts.lines) complete lines highlighted, \(counts.open) highlights of lines being written)")
        if pause > 0 {
            let pacedOn = run(on, sleeping: pause).cpu
            let pacedOff = run(off, sleeping: pause).cpu
            print("  \(pause / 1000) ms apart: on \(ms(pacedOn)) ms, off \(ms(pacedOff)) ms, on ÷ off "
                  + String(format: "%.2f", Double(pacedOn) / Double(pacedOff)))
        }
    }
}
