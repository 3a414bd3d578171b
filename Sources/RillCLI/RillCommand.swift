import Glibc
import Rill

/// The `rill` command: parses options, opens the input, runs the frame loop, and maps how it
/// ended to an exit status.
public enum RillCommand {
    /// Version printed by `--version`.
    public static let version = "0.1.0"

    /// Runs the command with `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        let options: Options
        do {
            options = try Options.parse(arguments)
        } catch {
            printError("rill: \(error.description)\nTry 'rill --help' for more information.")
            return 2
        }
        if options.showHelp {
            print(Options.usage)
            return 0
        }
        if options.showVersion {
            print("rill \(version)")
            return 0
        }

        let input: InputFeed
        switch openInput(options) {
        case .success(let feed): input = feed
        case .failure(let failure):
            printError("rill: \(failure.description)")
            return 1
        }

        SignalMonitor.install()
        var loop = FrameLoop(input: input, fps: options.fps)
        let output = OutputChannel(descriptor: STDOUT_FILENO)
        let outcome: FrameLoop.Outcome
        var sinkLines: [String] = []
        var bytesWritten = 0
        if options.format == .jsonl {
            var sink = JSONLSink(output: output)
            outcome = loop.run(into: &sink)
            bytesWritten = sink.bytesWritten
        } else {
            let isTerminal = isatty(STDOUT_FILENO) == 1
            let settings = TerminalSettings.resolve(
                options, environment: TerminalSettings.processEnvironment, isTerminal: isTerminal,
                terminalSize: isTerminal ? TerminalSettings.terminalSize(of: STDOUT_FILENO) : nil)
            if settings.isLiveTerminal {
                var sink = LiveSink(output: output, settings: settings, requestedWidth: options.width)
                outcome = loop.run(into: &sink)
                sinkLines = sink.statisticsLines
                bytesWritten = sink.bytesWritten
            } else {
                var sink = BlockStreamSink(output: output, context: settings.context,
                                           encoder: ANSIEncoder(depth: settings.depth, hyperlinks: settings.hyperlinks))
                outcome = loop.run(into: &sink)
                bytesWritten = sink.bytesWritten
            }
        }
        if options.showStats {
            let stats = loop.statistics
            let lines = [
                "rill statistics",
                "frames:                \(stats.frames)",
                "bytes read:            \(stats.bytesRead)",
                "bytes written:         \(bytesWritten)",
                "bytes parsed:          \(loop.stream.bytesParsed)",
                "parse time:            \(Statistics.milliseconds(stats.parse))",
                "render time:           \(Statistics.milliseconds(stats.sink))",
            ] + sinkLines
            printError(lines.joined(separator: "\n"))
        }
        switch outcome {
        case .finished, .outputClosed:
            return 0
        case .interrupted(let number):
            return 128 + number
        case .readFailed(let message):
            printError("rill: cannot read input: \(message)")
            return 1
        }
    }

    private static func openInput(_ options: Options) -> Result<InputFeed, Options.Failure> {
        if let path = options.replayPath {
            guard let bytes = readFile(path) else {
                return .failure(Options.Failure(description: "cannot read '\(path)': \(String(cString: strerror(errno)))"))
            }
            let mode: ReplayChunker.Mode = options.chunkSize.map { .fixed($0) } ?? .tokens(seed: options.seed)
            return .success(.replay(ReplaySchedule(bytes: bytes, mode: mode, rate: options.rate)))
        }
        guard let path = options.inputPath, path != "-" else { return .success(.descriptor(STDIN_FILENO)) }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            return .failure(Options.Failure(description: "cannot open '\(path)': \(String(cString: strerror(errno)))"))
        }
        return .success(.descriptor(fd))
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
