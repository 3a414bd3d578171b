import Foundation
import Glibc
import Testing

/// Runs the built `rill` executable, which sits next to the test bundle in the build products.
enum RillProcess {
    /// The build products directory: where the running test bundle is.
    static let productsDirectory: URL = {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).deletingLastPathComponent()
    }()

    static var executable: URL { productsDirectory.appendingPathComponent("rill") }

    struct Result {
        var status: Int32
        /// Whether the process was killed by a signal (a crash), `status` then being the signal.
        var crashed: Bool
        var stdout: [UInt8]
        var stderr: String

        var lines: [Substring] {
            String(decoding: stdout, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        }
    }

    /// Variables that change how `rill` looks: unset for every run, so the caller's terminal
    /// does not leak into a test; a test sets the ones it is about.
    static let presentationVariables = ["TERM", "COLUMNS", "NO_COLOR", "FORCE_COLOR", "CLICOLOR_FORCE", "COLORTERM",
                                        "COLORFGBG", "TERM_PROGRAM", "VTE_VERSION", "WT_SESSION", "KONSOLE_VERSION", "TMUX"]

    /// This process's environment without ``presentationVariables``, plus `overrides`.
    static func environment(_ overrides: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in presentationVariables { environment[name] = nil }
        return environment.merging(overrides) { $1 }
    }

    /// Runs `rill arguments`, standard input from `input` or `inputHandle` (or empty), output
    /// collected in files.
    static func run(_ arguments: [String], input: URL? = nil, inputHandle: FileHandle? = nil,
                    environment: [String: String]? = nil) throws -> Result {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("rill-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("stdout"), err = directory.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = Self.environment(environment) }
        process.standardInput = try inputHandle ?? input.map { try FileHandle(forReadingFrom: $0) } ?? FileHandle.nullDevice
        let stdout = try FileHandle(forWritingTo: out), stderr = try FileHandle(forWritingTo: err)
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        process.waitUntilExit()
        try stdout.close()
        try stderr.close()
        return Result(status: process.terminationStatus,
                      crashed: process.terminationReason == .uncaughtSignal,
                      stdout: [UInt8](try Data(contentsOf: out)),
                      stderr: try String(contentsOf: err, encoding: .utf8))
    }

    /// Runs `rill arguments` with standard input the read end of a pipe that this process writes
    /// `pieces` to, sleeping `pause` microseconds before each piece but the first (the read end
    /// made non-blocking when asked, as another process sharing it may leave it); standard
    /// output is drained on another thread, so that a full pipe never blocks `rill`.
    static func runFeeding(_ arguments: [String], pieces: [[UInt8]], pause: UInt32,
                           nonBlockingInput: Bool = false) throws -> Result {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let input = (read: ends[0], write: ends[1])
        if nonBlockingInput { _ = fcntl(input.read, F_SETFL, fcntl(input.read, F_GETFL) | O_NONBLOCK) }
        let output = Pipe(), errors = Pipe()
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment([:])
        process.standardInput = FileHandle(fileDescriptor: input.read, closeOnDealloc: false)
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        close(input.read)

        let collected = Collected()
        let done = DispatchSemaphore(value: 0)
        Thread {
            collected.data = output.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }.start()
        for (index, piece) in pieces.enumerated() {
            if index > 0 { usleep(pause) }
            var offset = 0
            while offset < piece.count {
                let written = piece[offset...].withUnsafeBytes { write(input.write, $0.baseAddress, $0.count) }
                if written > 0 { offset += written } else if errno != EINTR { break }
            }
        }
        close(input.write)
        process.waitUntilExit()
        done.wait()
        return Result(status: process.terminationStatus,
                      crashed: process.terminationReason == .uncaughtSignal,
                      stdout: [UInt8](collected.data),
                      stderr: String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    /// Bytes another thread reads; the semaphore that thread signals orders the access.
    final class Collected: @unchecked Sendable {
        var data = Data()
    }
}
