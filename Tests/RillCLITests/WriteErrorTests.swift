import Foundation
import Glibc
import RillTestSupport
import Testing

/// An output that refuses what is written (a full disk, a closed standard output, a terminal
/// gone) ends `rill` with one line on standard error and status 1, in every format. (A reader
/// that went away, `| head`, is no error: see `EndToEndTests` and `LiveTerminalTests`.)
@Suite struct WriteErrorTests {
    static func path(_ name: String) -> String { Corpus.directory.appendingPathComponent(name).path }

    /// Runs `rill arguments` through `sh -c script`, where `"$@"` is rill and its arguments:
    /// the script redirects its standard output. Standard error is collected.
    static func run(_ arguments: [String], redirecting script: String) throws -> (status: Int32, stderr: String) {
        let errors = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, "sh", RillProcess.executable.path] + arguments
        process.environment = RillProcess.environment([:])
        process.standardInput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "rill was killed by signal \(process.terminationStatus)")
        return (process.terminationStatus, stderr)
    }

    static let formats: [[String]] = [["--format", "plain"], ["--format", "text", "--color", "always"],
                                      ["--format", "jsonl"], ["--help"], ["--version"]]
}

extension WriteErrorTests {
    @Test("A full disk (`> /dev/full`): the error on standard error, status 1", arguments: formats)
    func fullDisk(_ format: [String]) throws {
        let (status, stderr) = try Self.run(format + [Self.path("answer-long-guide.md")],
                                            redirecting: "exec \"$@\" > /dev/full")
        #expect(status == 1)
        #expect(stderr == "rill: write error: No space left on device\n")
    }

    @Test("A closed standard output (`>&-`): the error on standard error, status 1", arguments: formats)
    func closedStandardOutput(_ format: [String]) throws {
        let (status, stderr) = try Self.run(format + [Self.path("answer-long-guide.md")], redirecting: "exec \"$@\" >&-")
        #expect(status == 1)
        #expect(stderr == "rill: write error: Bad file descriptor\n")
    }

    @Test("The live view's terminal gone mid-stream (EIO): the error on standard error, status 1")
    func liveTerminalGone() throws {
        let master = LibC.posixOpenpt(O_RDWR | O_NOCTTY)
        try #require(master >= 0 && LibC.grantpt(master) == 0 && LibC.unlockpt(master) == 0)
        let name = try #require(LibC.ptsname(master))
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let slave = open(name, O_RDWR | O_NOCTTY)
        try #require(slave >= 0)

        let errors = Pipe()
        let process = Process()
        process.executableURL = RillProcess.executable
        process.arguments = ["--replay", Self.path("answer-long-guide.md"), "--rate", "100"]
        process.environment = RillProcess.environment(["TERM": "xterm-256color"])
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardError = errors
        try process.run()
        close(slave)

        // Some frames drawn, then the terminal goes away: the next write fails with EIO.
        var received = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(30)
        while received < 200, Date() < deadline {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if count > 0 { received += count } else { break }
        }
        close(master)
        #expect(received >= 200, "rill drew \(received) bytes before the terminal went away")
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 1,
                "rill ended with \(process.terminationStatus) (\(process.terminationReason == .exit ? "status" : "signal"))")
        #expect(stderr == "rill: write error: Input/output error\n")
    }
}
