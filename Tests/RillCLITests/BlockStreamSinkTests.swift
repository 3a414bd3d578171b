import Foundation
import Glibc
import Testing

/// `--format text` writes each block once it is final, never redrawing: a paragraph that a
/// blank line closes is written while the writer pauses after it (a tool call, thinking), and a
/// block a later line may still continue is not.
@Suite struct BlockStreamSinkTests {
    /// `rill` reading a pipe this test writes to, its output read as it comes.
    final class PausedRun {
        let process = Process()
        let input = Pipe()
        let output = Pipe()
        private var received: [UInt8] = []

        init(_ arguments: [String]) throws {
            process.executableURL = RillProcess.executable
            process.arguments = arguments
            process.environment = RillProcess.environment([:])
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        func write(_ text: String) throws {
            try input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
        }

        /// What `rill` wrote so far, read for up to `seconds` or until it holds `expected`.
        func output(waitingFor expected: String, upTo seconds: Double) -> String {
            let descriptor = output.fileHandleForReading.fileDescriptor
            let deadline = Date().addingTimeInterval(seconds)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !String(decoding: received, as: UTF8.self).contains(expected), Date() < deadline {
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 50) > 0 else { continue }
                let count = read(descriptor, &buffer, buffer.count)
                guard count > 0 else { break }
                received += buffer[..<count]
            }
            return String(decoding: received, as: UTF8.self)
        }

        /// Ends the input and returns everything `rill` wrote.
        func finish() throws -> String {
            try input.fileHandleForWriting.close()
            received += [UInt8](output.fileHandleForReading.readDataToEndOfFile())
            process.waitUntilExit()
            return String(decoding: received, as: UTF8.self)
        }
    }

    static let arguments = ["--format", "text", "--color", "never", "--width", "60"]

    /// What `rill` writes for `text` read from a file in one go.
    static func batch(_ text: String) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rill-batch-\(UUID().uuidString).md")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return String(decoding: try RillProcess.run(Self.arguments + [file.path]).stdout, as: UTF8.self)
    }

    @Test("A paragraph and the blank line after it are written while the input pauses",
          arguments: ["Para one, then a pause.\n\n", "| a | b |\n|---|---|\n| 1 | 2 |\n\n", "## Heading\r\n\r\n"])
    func finalBlockWrittenDuringPause(first: String) throws {
        let run = try PausedRun(Self.arguments)
        try run.write(first)
        let alone = try Self.batch(first)
        #expect(!alone.isEmpty)
        #expect(run.output(waitingFor: alone, upTo: 10) == alone)
        try run.write("Next.\n")
        #expect(try run.finish() == Self.batch(first + "Next.\n"))
    }

    @Test("A list item is not written while a later line may still continue it")
    func listNotWrittenDuringPause() throws {
        let run = try PausedRun(Self.arguments)
        try run.write("- item\n\n")
        #expect(run.output(waitingFor: "item", upTo: 1).isEmpty)
        try run.write("  continued\n")
        #expect(try run.finish() == Self.batch("- item\n\n  continued\n"))
    }
}
