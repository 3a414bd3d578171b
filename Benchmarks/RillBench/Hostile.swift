import Foundation
import Glibc
@_spi(Testing) import Rill

/// Pathological shapes of input, each measured in a process of its own (so that its peak RSS is
/// its own): one-shot, streamed in 1-byte and in 4 KB pieces, its events streamed in 1-byte
/// pieces, and cmark-gfm's command line on the same text:
/// `rill-bench --hostile [--size N] [--only NAME] [--timeout S]`.
enum Hostile {
    /// A shape: its name, the size it is measured at (nil: `--size`), and how to make about `n` bytes of it.
    struct Shape: Sendable {
        let name: String
        let size: Int?
        let make: @Sendable (Int) -> [UInt8]

        init(_ name: String, size: Int? = nil, _ make: @escaping @Sendable (Int) -> String) {
            self.name = name
            self.size = size
            self.make = { Array(make($0).utf8) }
        }
    }

    static func table(columns: Int, rows: Int) -> String {
        "|" + Array(repeating: "h", count: columns).joined(separator: "|") + "|\n"
            + "|" + Array(repeating: "-", count: columns).joined(separator: "|") + "|\n"
            + String(repeating: "a\n", count: rows)
    }

    /// Lines of a list nested one level deeper each line, up to 400 levels, then back to the top.
    static func deepList(_ n: Int) -> String {
        var text = ""
        var line = 0
        while text.utf8.count < n {
            let level = line % 400
            text += String(repeating: " ", count: 4 * level) + "- item \(line)\n"
            line += 1
        }
        return text
    }

    static func words(_ n: Int) -> String {
        String(String(repeating: "lorem ipsum dolor sit amet ", count: n / 27 + 1).prefix(n)) + "\n"
    }

    /// The shapes, in the order of the table.
    static let shapes: [Shape] = [
        Shape("table 1000 cols, short rows") { table(columns: 1_000, rows: $0 / 2) },
        Shape("table 64 cols, short rows") { table(columns: 64, rows: $0 / 2) },
        Shape("table 31 cols, one-letter rows", size: 50_000) { table(columns: 31, rows: ($0 - 124) / 2) },
        Shape("row of pipes") { "a|b\n-|-\n" + String(repeating: "|", count: $0) + "\n" },
        Shape("mismatched delimiter rows") { "a\n" + String(repeating: "-|-|-\n-|-\n", count: $0 / 10) },
        Shape("[ run") { String(repeating: "[", count: $0) + "\n" },
        Shape("![[ run") { String(repeating: "![[", count: $0 / 3) + "\n" },
        Shape("nested emphasis") { String(repeating: "*a ", count: $0 / 4) + String(repeating: "*", count: $0 / 4) + "\n" },
        Shape("< run") { String(repeating: "<", count: $0) + "\n" },
        Shape("< run, 1 MB", size: 1 << 20) { String(repeating: "<", count: $0) + "\n" },
        Shape("*a × n") { String(repeating: "*a", count: $0 / 2) + "\n" },
        Shape("a_ × n") { String(repeating: "a_", count: $0 / 2) + "\n" },
        Shape("a@ × n") { String(repeating: "a@", count: $0 / 2) + "\n" },
        Shape("backtick runs") { n in
            var s = "", k = 1
            while s.utf8.count < n { s += String(repeating: "`", count: k) + "a"; k += 1 }
            return s + "\n"
        },
        Shape("nested > one line") { String(repeating: ">", count: $0) + " a\n" },
        Shape("10,000 nested > then text", size: 20_000) { n in
            let quotes = String(repeating: ">", count: 10_000) + " "
            return quotes + words(max(0, n - quotes.utf8.count))
        },
        Shape("nested lists one line") { String(repeating: "- ", count: $0 / 2) + "a\n" },
        Shape("list nested to 400 levels, 1 MB", size: 1 << 20, deepList),
        Shape("list nested to 400 levels, 20,000 lines", size: 15_500_000, deepList),
        Shape("link definitions") { n in
            (0..<(n / 16)).map { "[l\($0)]: /u\($0)\n" }.joined() + "[l0] [l1]\n"
        },
        Shape("one line of words") { words($0) },
        Shape("one line of words, 1 MB", size: 1 << 20) { words($0) },
        Shape("one line of words after a heading") { "# Words\n\n" + words(max(0, $0 - 10)) },
        Shape("one line of CJK and Latin words") { n in
            let words = "lorem 中文 ipsum 日本語 dolor 한국어 sit "
            return String(repeating: words, count: max(1, n / words.utf8.count)) + "\n"
        },
        Shape("one line of words, 10 MB", size: 10 << 20) { words($0) },
    ]

    /// Inputs over this size are not streamed in 1-byte pieces (millions of frames).
    static let largestStreamedByByte = 1 << 20

    /// What one measuring process reports.
    struct Figures {
        var cpu: Double  // seconds
        var peakMB: Double
        var bytesParsed: Int
    }

    /// Measures every shape, or only those whose name contains `only`, each in a child process
    /// stopped after `timeout` seconds.
    static func run(size: Int, only: String? = nil, timeout: Int) {
        print("shape | bytes | cmark-gfm s | one-shot s (÷ cmark) | 1 B pieces s (÷ one-shot) | 4 KB pieces s (÷ one-shot) | events, 1 B pieces s (÷ one-shot) | peak RSS MB one-shot, 1 B, 4 KB, events (bound) | parsed ÷ bytes at 1 B")
        print("---|--:|--:|--:|--:|--:|--:|--:|--:")
        for shape in shapes where only.map(shape.name.contains) ?? true {
            let bytes = shape.make(shape.size ?? size)
            let cmark = cmarkCPU(bytes, timeout: timeout)
            let measure = { (chunk: Int, events: Bool) in
                child(shape.name, size: shape.size ?? size, chunk: chunk, events: events, timeout: timeout)
            }
            let oneShot = measure(0, false)
            let byByte = bytes.count <= largestStreamedByByte ? measure(1, false) : nil
            let byBlock = measure(4096, false)
            let eventsByByte = bytes.count <= largestStreamedByByte ? measure(1, true) : nil
            let bound = 3 * Double(bytes.count) / 1e6 + 64
            func seconds(_ figures: Figures?, over base: Double?) -> String {
                guard let figures else { return "—" }
                guard figures.cpu.isFinite else { return "> \(timeout)" }
                let ratio = base.map { String(format: " (%.1f×)", figures.cpu / max($0, 1e-4)) } ?? ""
                return String(format: "%.3f", figures.cpu) + ratio
            }
            let peaks = [oneShot, byByte, byBlock, eventsByByte].map { $0.map { $0.cpu.isFinite ? String(format: "%.0f", $0.peakMB) : "?" } ?? "—" }
            let parsed = byByte.map { $0.cpu.isFinite ? String(format: "%.1f", Double($0.bytesParsed) / Double(bytes.count)) : "?" } ?? "—"
            let cmarkText = cmark.map { $0.isFinite ? String(format: "%.3f", $0) : "> \(timeout)" } ?? "—"
            print("\(shape.name) | \(bytes.count) | \(cmarkText) | "
                  + "\(seconds(oneShot, over: cmark.flatMap { $0.isFinite ? $0 : nil })) | \(seconds(byByte, over: oneShot?.cpu)) | \(seconds(byBlock, over: oneShot?.cpu)) | "
                  + "\(seconds(eventsByByte, over: oneShot?.cpu)) | "
                  + "\(peaks.joined(separator: ", ")) (\(String(format: "%.0f", bound))) | \(parsed)")
            fflush(nil)  // every stream: the row shows while the next shape runs
        }
    }

    /// One measurement, run in this process: one-shot (`chunk` 0) or streamed in `chunk`-byte
    /// pieces, one frame each (a live view's, or with `events` an update written as a JSON
    /// line, as `rill --format jsonl` does); prints CPU ns, bytes handed to cmark and peak RSS in kB.
    static func measureHere(_ name: String, size: Int, chunk: Int, events: Bool = false) {
        guard let shape = shapes.first(where: { $0.name == name }) else { exit(2) }
        let bytes = shape.make(shape.size ?? size)
        var cpu: UInt64 = 0
        var parsed = bytes.count
        if chunk == 0 {
            cpu = Runner.oneShot(bytes, plain: true).cpu
        } else if events {
            var stream = MarkdownStream()
            var written = 0
            let start = CPUClock.now()
            var offset = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + chunk)
                stream.append(bytes[offset..<end])
                let update = stream.update()
                if !update.isEmpty { written += EventEncoder.frameLine(update).count }
                offset = end
            }
            var last = stream.finish()
            last.isDone = false  // the frame line, then the done line with every block
            written += EventEncoder.frameLine(last).count + EventEncoder.doneLine(stream.finalBlocks).count
            cpu = CPUClock.now() - start
            parsed = stream.bytesParsed
            precondition(written > 0)
        } else {
            var stream = MarkdownStream()
            var view = LiveView(context: Runner.plainContext, encoder: Runner.plainEncoder, height: Runner.height)
            let start = CPUClock.now()
            var offset = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + chunk)
                stream.append(bytes[offset..<end])
                stream.advance()
                _ = view.frame(stream)
                offset = end
            }
            stream.finish()
            _ = view.frame(stream)
            _ = view.close()
            cpu = CPUClock.now() - start
            parsed = stream.bytesParsed
        }
        print(cpu, parsed, peakKilobytes())
    }

    /// VmHWM, the peak resident size of this process image, in kB.
    static func peakKilobytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        return status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
            .flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) } ?? 0
    }

    /// Runs `measureHere` in a child process; nil figures when it failed, infinite CPU when it
    /// ran out of time.
    static func child(_ name: String, size: Int, chunk: Int, events: Bool = false, timeout: Int) -> Figures? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--hostile-run", name, "--size", "\(size)", "--chunk", "\(chunk)"] + (events ? ["--events"] : [])
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return nil }
        let deadline = Date().addingTimeInterval(Double(timeout))
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return Figures(cpu: .infinity, peakMB: 0, bytesParsed: 0)
        }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let fields = output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard process.terminationStatus == 0, fields.count == 3 else { return nil }
        return Figures(cpu: fields[0] / 1e9, peakMB: fields[2] / 1024, bytesParsed: Int(fields[1]))
    }

    /// CPU seconds (user + system) cmark-gfm's command line takes on `bytes` with the extensions
    /// Rill enables, the best of three runs; nil when it is not installed, infinite when it ran
    /// out of `timeout` seconds.
    static func cmarkCPU(_ bytes: [UInt8], timeout: Int) -> Double? {
        let path = "/usr/bin/cmark-gfm"
        guard FileManager.default.isExecutableFile(atPath: path) else { return nil }
        let file = NSTemporaryDirectory() + "rill-hostile-\(getpid()).md"
        guard FileManager.default.createFile(atPath: file, contents: Data(bytes)) else { return nil }
        defer { try? FileManager.default.removeItem(atPath: file) }
        var best = Double.infinity
        for _ in 0..<3 {
            var pid: pid_t = 0
            let arguments = [path, "-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tasklist", file]
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            var argv = arguments.map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) }; posix_spawn_file_actions_destroy(&actions) }
            guard posix_spawn(&pid, path, &actions, nil, &argv, environ) == 0 else { return nil }
            var status: Int32 = 0
            var usage = rusage()
            let deadline = Date().addingTimeInterval(Double(timeout))
            while wait4(pid, &status, WNOHANG, &usage) == 0 {
                guard Date() < deadline else {
                    kill(pid, SIGKILL)
                    wait4(pid, &status, 0, &usage)
                    return .infinity
                }
                usleep(10_000)
            }
            let seconds = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
                + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
            best = min(best, seconds)
            if seconds > 1 { break }  // a slow run varies little; three would take long
        }
        return best
    }
}
