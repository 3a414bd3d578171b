import Foundation
import Glibc
import RillTestSupport
import Testing

/// How the built `rill` ends when the command line or the input is wrong: usage and status 2
/// for a command-line mistake, one clear line and status 1 for input it cannot read, and what
/// did arrive still shown when reading fails in the middle.
@Suite struct ProcessEndingTests {
    static func path(_ name: String) -> String { Corpus.directory.appendingPathComponent(name).path }

    /// Command lines that are mistakes, each with the start of the first line rill must print.
    static let mistakes: [(arguments: [String], message: String)] = [
        (["--width", "0"], "rill: --width needs a whole number from 1 to 10000, got '0'"),
        (["--width", "-3"], "rill: --width needs a whole number from 1 to 10000, got '-3'"),
        (["--width", "99999999999999999999"], "rill: --width needs a whole number from 1 to 10000, got '99999999999999999999'"),
        (["--width", "80.5"], "rill: --width needs a whole number"),
        (["--fps", "-1"], "rill: --fps needs a number from 1 to 1000, got '-1'"),
        (["--fps", "abc"], "rill: --fps needs a number from 1 to 1000, got 'abc'"),
        (["--fps", "nan"], "rill: --fps needs a number from 1 to 1000, got 'nan'"),
        (["--fps", "1e999"], "rill: --fps needs a number from 1 to 1000, got '1e999'"),
        (["--fps", ""], "rill: --fps needs a number from 1 to 1000, got ''"),
        (["--width"], "rill: --width needs a value"),
        (["--fps"], "rill: --fps needs a value"),
        (["--format"], "rill: --format needs a value"),
        (["--format", "html"], "rill: unknown --format 'html'"),
        (["--color", "sometimes"], "rill: unknown --color 'sometimes'"),
        (["--theme", "solarized"], "rill: unknown --theme 'solarized'"),
        (["--wdith", "80"], "rill: unknown option '--wdith'"),
        (["-x"], "rill: unknown option '-x'"),
        (["a.md", "b.md"], "rill: more than one input file"),
    ]
}

extension ProcessEndingTests {
    @Test("Unknown flags, bad or missing values: the mistake, the usage lines on standard error, status 2, nothing read",
          arguments: 0..<mistakes.count)
    func commandLineMistake(_ index: Int) throws {
        let (arguments, message) = Self.mistakes[index]
        // Standard input is a document: a rill that ignored the mistake would render it.
        let result = try RillProcess.run(arguments, input: Corpus.directory.appendingPathComponent("stream-setext.md"))
        #expect(!result.crashed && result.status == 2, "\(arguments): exit \(result.status)")
        #expect(result.stdout.isEmpty, "\(arguments): wrote \(result.stdout.count) bytes")
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix(message) == true, "\(arguments): \(result.stderr)")
        #expect(lines.count == 5 && lines[1].hasPrefix("usage: rill ") && lines[3].hasPrefix("Try 'rill --help'")
                    && lines[4].isEmpty,
                "\(arguments): \(result.stderr)")
    }

    @Test("A directory as the input file, on standard input, or to replay: one line on standard error, status 1")
    func directoryInput() throws {
        let directory = FileManager.default.temporaryDirectory.path
        let cases: [(what: String, arguments: [String], input: URL?, stderr: String)] = [
            ("file argument", [directory], nil, "rill: cannot read '\(directory)': Is a directory\n"),
            ("standard input", ["--format", "jsonl"], URL(fileURLWithPath: directory), "rill: cannot read standard input: Is a directory\n"),
            ("replay", ["--replay", directory], nil, "rill: cannot read '\(directory)': Is a directory\n"),
        ]
        for (what, arguments, input, stderr) in cases {
            let result = try RillProcess.run(arguments, input: input)
            #expect(!result.crashed && result.status == 1, "\(what): exit \(result.status)")
            #expect(result.stderr == stderr, "\(what): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(what): wrote \(result.stdout.count) bytes")
        }
    }

    @Test("A read error in the middle of the input: what arrived is shown, then one line on standard error, status 1")
    func readErrorMidStream() throws {
        // Standard input is a pseudo-terminal's master side: once the test closes the other
        // side, reading it fails with EIO after the bytes written before.
        let master = LibC.posixOpenpt(O_RDWR | O_NOCTTY)
        try #require(master >= 0 && LibC.grantpt(master) == 0 && LibC.unlockpt(master) == 0)
        let name = try #require(LibC.ptsname(master))
        let slave = open(name, O_RDWR | O_NOCTTY)
        try #require(slave >= 0)
        var settings = termios()
        tcgetattr(slave, &settings)
        cfmakeraw(&settings)  // bytes through as written, no echo
        tcsetattr(slave, TCSANOW, &settings)

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rill-eio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("stdout"), err = directory.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        let stdout = try FileHandle(forWritingTo: out), stderr = try FileHandle(forWritingTo: err)

        let process = Process()
        process.executableURL = RillProcess.executable
        process.arguments = ["--format", "plain", "--width", "80"]
        process.environment = RillProcess.environment([:])
        process.standardInput = FileHandle(fileDescriptor: master, closeOnDealloc: false)
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        close(master)

        let text = "# Arrived\n\nThis paragraph was read before the error.\n\nAnd this one is still open"
        _ = text.utf8CString.withUnsafeBufferPointer { write(slave, $0.baseAddress, $0.count - 1) }
        // Wait until rill has written the first final block, so it read before the error.
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, ((try? Data(contentsOf: out)) ?? Data()).isEmpty { usleep(10_000) }
        close(slave)
        process.waitUntilExit()
        try stdout.close()
        try stderr.close()

        #expect(process.terminationReason == .exit && process.terminationStatus == 1, "exit \(process.terminationStatus)")
        let errors = try String(contentsOf: err, encoding: .utf8)
        #expect(errors == "rill: cannot read input: Input/output error\n", "\(errors)")
        let shown = String(decoding: try Data(contentsOf: out), as: UTF8.self)
        for line in ["Arrived", "This paragraph was read before the error.", "And this one is still open"] {
            #expect(shown.contains(line), "not shown: \(line)\n\(shown)")
        }
    }
}
