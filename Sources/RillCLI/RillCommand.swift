import Glibc
import Rill

/// The `rill` command: parses options, opens the input, runs the frame loop, and maps how it
/// ended to an exit status.
public enum RillCommand {
    /// Version printed by `--version`.
    public static let version = "0.1.0"

    /// Runs the command with `arguments` (without the program name) and ends the process.
    ///
    /// After a signal asked it to stop (Ctrl-C, SIGTERM, SIGHUP) and the terminal was left
    /// usable, the process ends by that same signal rather than with an exit status, so the
    /// calling shell knows it was interrupted: `for f in *.md; do rill "$f"; done` stops at
    /// Ctrl-C instead of moving on to the next file.
    ///
    /// SIGPIPE is ignored from the start: a reader gone before anything was written (`rill --help
    /// | true`) is an EPIPE from `write(2)`, which ends the run quietly, as it does mid-stream.
    public static func main(_ arguments: [String]) -> Never {
        AllocatorSettings.returnLargeBlocks()
        signal(SIGPIPE, SIG_IGN)
        let ending = execute(arguments)
        if let number = ending.signal {
            signal(number, SIG_DFL)
            var signals = sigset_t()
            sigemptyset(&signals)
            sigaddset(&signals, number)
            sigprocmask(SIG_UNBLOCK, &signals, nil)
            raise(number)
        }
        exit(ending.status)
    }

    /// Runs the command with `arguments` (without the program name) and returns the exit status
    /// (128 + the signal's number after an interruption).
    public static func run(_ arguments: [String]) -> Int32 {
        execute(arguments).status
    }

    /// How a run ended: an exit status, and the signal that interrupted it, if one did.
    struct Ending: Equatable {
        var status: Int32
        var signal: Int32? = nil
    }

    static func execute(_ arguments: [String]) -> Ending {
        let options: Options
        do {
            options = try Options.parse(arguments)
        } catch {
            printError("rill: \(error.description)\n\(Options.synopsis)\nTry 'rill --help' for more information.")
            return Ending(status: 2)
        }
        if options.showHelp { return printOutput(Options.usage) }
        if options.showVersion { return printOutput("rill \(version)") }

        let input: InputFeed
        switch openInput(options) {
        case .success(let feed): input = feed
        case .failure(let failure):
            printError("rill: \(failure.description)")
            return Ending(status: 1)
        }

        SignalMonitor.install()
        let dimmed = DimmedSource()
        var loop = FrameLoop(input: input, fps: options.fps,
                             decoder: ModelStreamDecoder(format: options.input, showsReasoning: options.showReasoning),
                             dimmed: dimmed)
        let output = OutputChannel(descriptor: STDOUT_FILENO)
        let outcome: FrameLoop.Outcome
        var sinkLines: [String] = []
        var bytesWritten = 0
        var outputWaits = 0
        if options.format == .jsonl {
            var sink = JSONLSink(output: output)
            outcome = loop.run(into: &sink)
            bytesWritten = sink.bytesWritten
            outputWaits = sink.outputWaits
        } else {
            let isTerminal = isatty(STDOUT_FILENO) == 1
            let settings = TerminalSettings.resolve(
                options, environment: TerminalSettings.processEnvironment, isTerminal: isTerminal,
                terminalSize: TerminalSettings.terminalSize())
            if settings.isLiveTerminal {
                var sink = LiveSink(output: output, settings: settings, requestedWidth: options.width, dimmed: dimmed)
                outcome = loop.run(into: &sink)
                sinkLines = sink.statisticsLines
                bytesWritten = sink.bytesWritten
                outputWaits = sink.outputWaits
            } else {
                var context = settings.context
                context.dimmed = dimmed
                var sink = BlockStreamSink(output: output, context: context,
                                           encoder: ANSIEncoder(depth: settings.depth, hyperlinks: settings.hyperlinks))
                outcome = loop.run(into: &sink)
                bytesWritten = sink.bytesWritten
                outputWaits = sink.outputWaits
            }
        }
        if options.showStats {
            let stats = loop.statistics
            let lines = [
                "rill statistics",
                "frames:                \(stats.frames)",
                "bytes read:            \(stats.bytesRead)",
                "wakeups:               \(stats.wakeups)",
                "reads:                 \(stats.reads)",
                "bytes written:         \(bytesWritten)",
                "output waits:          \(outputWaits)",
                "bytes parsed:          \(loop.stream.bytesParsed)",
                "frames not parsed:     \(loop.stream.extendedFrames) (plain words added to a paragraph or table cell, text to a code line)",
                "parse time:            \(Statistics.milliseconds(stats.parse))",
                "render time:           \(Statistics.milliseconds(stats.sink))",
            ] + inputLines(loop.decoder) + sinkLines
            printError(lines.joined(separator: "\n"))
        }
        // Told once the terminal is the shell's again: a line written while the live view draws
        // would land inside its region.
        for message in loop.decoder.messages { printError("rill: \(message)") }
        switch outcome {
        case .finished, .outputClosed:
            return Ending(status: loop.decoder.failed ? 1 : 0)
        case .interrupted(let number):
            return Ending(status: 128 + number, signal: number)
        case .readFailed(let message):
            printError("rill: cannot read input: \(message)")
            return Ending(status: 1)
        case .writeFailed(let code):
            return writeFailed(code)
        }
    }

    /// Writes `message` and a line feed to standard output: status 0, or the write error told.
    private static func printOutput(_ message: String) -> Ending {
        var channel = OutputChannel(descriptor: STDOUT_FILENO)
        do throws(OutputChannel.Failure) {
            try channel.write(message + "\n")
        } catch {
            switch error {
            case .closed: break
            case .failed(let code): return writeFailed(code)
            }
        }
        return Ending(status: 0)
    }

    /// The output refused what was written (`errno` `code`): one line on standard error, status 1.
    private static func writeFailed(_ code: Int32) -> Ending {
        printError("rill: write error: \(String(cString: strerror(code)))")
        return Ending(status: 1)
    }

    /// `--stats` lines about the input's format, for a model API's stream.
    private static func inputLines(_ decoder: ModelStreamDecoder) -> [String] {
        guard let format = decoder.format, format != .markdown else { return [] }
        let report = decoder.report
        return [
            "input:                 \(format.rawValue), \(report.events) events (\(report.malformed) malformed, \(report.unknown) unknown)",
            "text decoded:          \(report.textBytes) bytes (reasoning: \(report.reasoningBytes))",
        ]
    }

    private static func openInput(_ options: Options) -> Result<InputFeed, Options.Failure> {
        if let path = options.replayPath {
            guard let bytes = readFile(path) else {
                return .failure(Options.Failure(description: "cannot read '\(path)': \(String(cString: strerror(errno)))"))
            }
            let mode: ReplayChunker.Mode = options.chunkSize.map { .fixed($0) } ?? .tokens(seed: options.seed)
            return .success(.replay(ReplaySchedule(bytes: bytes, mode: mode, rate: options.rate)))
        }
        guard let path = options.inputPath, path != "-" else {
            if isDirectory(STDIN_FILENO) {
                return .failure(Options.Failure(description: "cannot read standard input: \(String(cString: strerror(EISDIR)))"))
            }
            return .success(.descriptor(STDIN_FILENO))
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            return .failure(Options.Failure(description: "cannot open '\(path)': \(String(cString: strerror(errno)))"))
        }
        if isDirectory(fd) {
            close(fd)
            return .failure(Options.Failure(description: "cannot read '\(path)': \(String(cString: strerror(EISDIR)))"))
        }
        return .success(.descriptor(fd))
    }

    /// Whether `descriptor` is a directory, which `open(2)` accepts but `read(2)` refuses.
    private static func isDirectory(_ descriptor: Int32) -> Bool {
        var status = stat()
        return fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Reads a whole file, or nil with `errno` set.
    static func readFile(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 { bytes.append(contentsOf: buffer[0..<count]) }
            else if count == 0 { return bytes }
            else if errno != EINTR { return nil }
        }
    }

    static func printError(_ message: String) {
        var channel = OutputChannel(descriptor: STDERR_FILENO)
        try? channel.write(message + "\n")
    }
}
