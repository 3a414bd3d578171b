import Foundation
import Glibc
import Rill
import RillTestSupport
import Testing

/// Standard output or input left non-blocking by someone else (O_NONBLOCK is a property of the
/// open file, shared by every process that uses the same terminal or pipe): a full output makes
/// `write(2)` fail with EAGAIN or write short, an empty input makes `read(2)` fail with EAGAIN.
/// Rill must wait in both cases, losing nothing, ending nothing early and not spinning.
@Suite struct NonBlockingDescriptorTests {
    static func path(_ name: String) -> String { Corpus.directory.appendingPathComponent(name).path }

    /// A pipe; both ends close on exec except where a child is given them.
    static func pipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        try #require(Glibc.pipe(&ends) == 0)
        return (ends[0], ends[1])
    }

    static func setNonBlocking(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    /// The number after `label` in `--stats` output.
    static func statistic(_ label: String, in text: String) -> Int? {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(label) }) else { return nil }
        return Int(line.dropFirst(label.count).trimmingCharacters(in: .whitespaces).prefix { $0.isNumber })
    }

    /// `F_SETPIPE_SZ`, which Swift's Glibc module leaves out (it is a GNU extension).
    static let setPipeSize: Int32 = 1031
}

extension NonBlockingDescriptorTests {
    @Test("Standard output a non-blocking pipe that the reader drains late and slowly: every byte arrives, in order",
          arguments: ["text", "jsonl"])
    func slowNonBlockingOutput(format: String) throws {
        let document = "answer-long-guide.md"
        let arguments = ["--format", format, "--color", "always", "--width", "72", "--stats", Self.path(document)]
        let expected = try RillProcess.run(arguments)
        try #require(expected.status == 0, "reference run: \(expected.stderr)")

        let output = try Self.pipe()
        // The smallest pipe (one page), so that the output fills it many times over.
        _ = fcntl(output.write, Self.setPipeSize, 4096)
        Self.setNonBlocking(output.write)
        let errors = Pipe()
        let process = Process()
        process.executableURL = RillProcess.executable
        process.arguments = arguments
        process.environment = RillProcess.environment([:])
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle(fileDescriptor: output.write, closeOnDealloc: false)
        process.standardError = errors
        try process.run()
        close(output.write)

        // Nobody reads for a while: rill finds the pipe full and must wait, not drop or spin.
        usleep(300_000)
        var received: [UInt8] = []
        var reads = 0
        var buffer = [UInt8](repeating: 0, count: 1000)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(output.read, $0.baseAddress, $0.count) }
            if count > 0 {
                received += buffer[0..<count]
                reads += 1
                if reads % 16 == 0 { usleep(2_000) }  // a slow terminal
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        close(output.read)
        process.waitUntilExit()
        let stats = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)

        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "exit \(process.terminationStatus): \(stats)")
        #expect(received.count == expected.stdout.count, "received \(received.count) of \(expected.stdout.count) bytes")
        #expect(received == expected.stdout, "the bytes differ from the run into a file")
        let waits = try #require(Self.statistic("output waits:", in: stats), "\(stats)")
        #expect(waits > 0, "the pipe was never full: the test did not exercise EAGAIN")
        // Each wait ends only when the reader made room: a loop retrying `write` would count
        // thousands of EAGAINs while the reader sleeps.
        #expect(waits <= reads + 2, "\(waits) waits for \(reads) reads: rill retried instead of waiting")
    }

    @Test("Standard input a non-blocking pipe whose writer pauses: not the end of input, no busy loop, nothing lost")
    func pausingNonBlockingInput() throws {
        let bytes = Corpus.bytes("answer-rust-ownership.md")
        // Three pieces with pauses between them, during which a read finds nothing (EAGAIN).
        let cuts = [0, bytes.count / 3, 2 * bytes.count / 3, bytes.count]
        let pieces = (0..<3).map { Array(bytes[cuts[$0]..<cuts[$0 + 1]]) }
        let run = try RillProcess.runFeeding(["--format", "jsonl", "--stats"], pieces: pieces, pause: 400_000,
                                             nonBlockingInput: true)

        #expect(run.status == 0 && !run.crashed, "exit \(run.status): \(run.stderr)")
        let oneShot = String(decoding: EventEncoder.doneLine(Oracle.parse(bytes)).dropLast(), as: UTF8.self)
        #expect(run.lines.last { !$0.isEmpty }.map(String.init) == oneShot, "the done line differs from a one-shot parse of the whole input")
        #expect(Self.statistic("bytes read:", in: run.stderr) == bytes.count, "\(run.stderr)")
        // A loop that took EAGAIN for "try again now" would wake up millions of times in the pauses.
        let wakeups = try #require(Self.statistic("wakeups:", in: run.stderr), "\(run.stderr)")
        #expect(wakeups < 1_000, "\(wakeups) wakeups for \(bytes.count) bytes in 3 pieces")
    }
}
