import Foundation
import Rill
import RillTestSupport
import Testing

/// The built `rill` executable, run as a user would.
@Suite struct EndToEndTests {
    /// Replaying in 1-byte pieces writes every changed block again at each frame: for the
    /// Corpus's big single blocks that is minutes and gigabytes in a debug build. By default
    /// documents above this size are replayed in 61-byte pieces (which still split characters);
    /// RILL_EXHAUSTIVE=1 replays all of them in 1-byte pieces.
    static let chunkOneLimit = 6 * 1024

    static func path(_ name: String) -> String { Corpus.directory.appendingPathComponent(name).path }

    /// Checks a run that should succeed and returns its last (done) line.
    static func doneLine(_ result: RillProcess.Result, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) -> Substring? {
        #expect(!result.crashed && result.status == 0, "\(what): exit \(result.status)\(result.crashed ? " (signal)" : ""): \(result.stderr)",
                sourceLocation: sourceLocation)
        #expect(result.stderr.isEmpty, "\(what): \(result.stderr)", sourceLocation: sourceLocation)
        let lines = result.lines
        #expect(lines.last == "", "\(what): output ends with a newline", sourceLocation: sourceLocation)
        let body = lines.dropLast()
        #expect(body.dropLast().allSatisfy { $0.hasPrefix("{\"frame\":") }, "\(what): frame lines", sourceLocation: sourceLocation)
        guard let done = body.last, done.hasPrefix("{\"done\":true,") else {
            Issue.record("\(what): no done line at the end", sourceLocation: sourceLocation)
            return nil
        }
        return done
    }
}

extension EndToEndTests {
    @Test("The rill executable is next to the test bundle")
    func executableIsBuilt() {
        #expect(FileManager.default.isExecutableFile(atPath: RillProcess.executable.path), "\(RillProcess.executable.path)")
    }

    @Test("`--replay DOC --chunk 1` and `< DOC` end with the same done line, the one-shot parse's",
          arguments: Corpus.documentNames)
    func replayAndStandardInputAgree(_ name: String) throws {
        let bytes = Corpus.bytes(name)
        let chunk = bytes.count <= Self.chunkOneLimit || TestEnvironment.isExhaustive ? 1 : 61
        let replay = try RillProcess.run(["--replay", Self.path(name), "--chunk", "\(chunk)", "--format", "jsonl"])
        let piped = try RillProcess.run(["--format", "jsonl"], input: Corpus.directory.appendingPathComponent(name))
        let replayDone = Self.doneLine(replay, "\(name) replayed in \(chunk)-byte pieces")
        let pipedDone = Self.doneLine(piped, "\(name) on standard input")
        #expect(replayDone == pipedDone, "\(name): replay and standard input end differently")
        let oneShot = String(decoding: EventEncoder.doneLine(Oracle.parse(bytes)).dropLast(), as: UTF8.self)
        #expect(pipedDone.map(String.init) == oneShot, "\(name): standard input differs from a one-shot parse")
        #expect(replay.lines.count > 2, "a replay has frames before the done line")
    }

    @Test("A file argument reads the same as standard input")
    func fileArgument() throws {
        let name = "stream-tabs-crlf.md"
        let file = try RillProcess.run([Self.path(name), "--format", "jsonl"])
        let piped = try RillProcess.run(["--format", "jsonl"], input: Corpus.directory.appendingPathComponent(name))
        #expect(Self.doneLine(file, "file argument") == Self.doneLine(piped, "standard input"))
    }

    @Test("In colour, code is highlighted unless --highlight never; the text is the same either way")
    func highlighting() throws {
        let file = Self.path("answer-c-ring-buffer.md")
        let on = try RillProcess.run(["--color", "always", "--theme", "dark", "--width", "80", file])
        let off = try RillProcess.run(["--color", "always", "--theme", "dark", "--width", "80", "--highlight", "never", file])
        #expect(on.status == 0 && off.status == 0)
        let keyword = "\u{1B}[0;38;5;176;48;5;235m"  // a keyword on the dark code band
        #expect(String(decoding: on.stdout, as: UTF8.self).contains(keyword))
        #expect(!String(decoding: off.stdout, as: UTF8.self).contains(keyword))
        let text = { (bytes: [UInt8]) in
            String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        }
        #expect(text(on.stdout) == text(off.stdout))
    }

    @Test("A file that does not exist: a clear message and exit status 1")
    func missingFile() throws {
        let missing = try RillProcess.run(["/nonexistent/notes.md"])
        #expect(missing.status == 1 && !missing.crashed)
        #expect(missing.stderr == "rill: cannot open '/nonexistent/notes.md': No such file or directory\n")
        #expect(missing.stdout.isEmpty)
        let replay = try RillProcess.run(["--replay", "/nonexistent/notes.md"])
        #expect(replay.status == 1 && !replay.crashed)
        #expect(replay.stderr == "rill: cannot read '/nonexistent/notes.md': No such file or directory\n")
    }

    @Test("A command-line mistake: the message, the usage lines, a hint, and exit status 2")
    func usageError() throws {
        let result = try RillProcess.run(["--bogus"])
        #expect(result.status == 2 && !result.crashed)
        #expect(result.stderr == """
            rill: unknown option '--bogus'
            usage: rill [options] [FILE]
                   rill --replay FILE [--chunk N | --seed S] [--rate R] [options]
            Try 'rill --help' for more information.

            """)
        #expect(result.stdout.isEmpty)
    }

    @Test("Numbers too big for the option are a usage error, not a crash",
          arguments: [["--seed", "1e30"], ["--chunk", "1e300"], ["--rate", "1e-300"], ["--seed", "-0.5"]])
    func hugeNumbers(_ flag: [String]) throws {
        let result = try RillProcess.run(["--replay", Self.path("stream-setext.md")] + flag)
        #expect(!result.crashed, "\(flag): killed by signal \(result.status)")
        #expect(result.status == 2, "\(flag): exit \(result.status)")
        #expect(result.stderr.hasPrefix("rill: \(flag[0]) "), "\(flag): \(result.stderr.prefix(200))")
    }

    @Test("Standard output closed by the reader (`rill | head -1`): exit 0, nothing on standard error",
          arguments: [false, true])
    func closedOutput(readFirstLine: Bool) throws {
        let process = Process()
        process.executableURL = RillProcess.executable
        process.arguments = ["--replay", Self.path("answer-long-guide.md"), "--chunk", "1", "--format", "jsonl"]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        if readFirstLine {
            var first = Data()
            while !first.contains(0x0A) {
                let data = output.fileHandleForReading.availableData
                if data.isEmpty { break }
                first.append(data)
            }
            // Frames that change nothing print no line, so the first line may be a later frame.
            #expect(first.starts(with: Array("{\"frame\":".utf8)))
        }
        try output.fileHandleForReading.close()
        // A rill that kept writing into a pipe nobody reads would block forever: give it a minute.
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            Issue.record("rill kept running after its standard output was closed")
        }
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(stderr.isEmpty, "\(stderr)")
    }

    /// A reader gone before the first byte (`rill --help | true`, a `head` that exited early):
    /// the first write fails, and that is no error, whatever is written.
    @Test("A reader gone before anything was written: exit 0, nothing on standard error",
          arguments: [["--help"], ["--version"], ["--format", "plain", "answer-long-guide.md"],
                      ["--format", "jsonl", "answer-long-guide.md"]])
    func readerGoneBeforeOutput(_ arguments: [String]) throws {
        let output = Pipe(), errors = Pipe()
        try output.fileHandleForReading.close()
        let process = Process()
        process.executableURL = RillProcess.executable
        process.arguments = arguments.map { $0.hasSuffix(".md") ? Self.path($0) : $0 }
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try output.fileHandleForWriting.close()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "\(arguments): killed by signal \(process.terminationStatus)")
        #expect(process.terminationStatus == 0, "\(arguments)")
        #expect(stderr.isEmpty, "\(arguments): \(stderr)")
    }
}

extension EndToEndTests {
    /// The last frame is due as soon as the input ends, whatever the frame rate: at `--fps 1` a
    /// run waiting a frame interval for the end would take a second.
    @Test("The end of the input is shown at once, from a file and from a pipe whose writer closed")
    func endOfInputAtOnce() throws {
        let name = "answer-rust-ownership.md"
        let clock = ContinuousClock()
        let fromFile = clock.now
        let file = try RillProcess.run(["--fps", "1", "--color", "never", Self.path(name)])
        let fileTime = clock.now - fromFile
        #expect(file.status == 0 && !file.stdout.isEmpty)
        #expect(fileTime < .milliseconds(900), "a file took \(fileTime) at --fps 1")

        let fromPipe = clock.now
        let piped = try RillProcess.runFeeding(["--fps", "1", "--color", "never"], pieces: [Corpus.bytes(name)], pause: 0)
        let pipeTime = clock.now - fromPipe
        #expect(piped.status == 0 && piped.stdout == file.stdout)
        #expect(pipeTime < .milliseconds(900), "a pipe took \(pipeTime) at --fps 1")
    }
}
