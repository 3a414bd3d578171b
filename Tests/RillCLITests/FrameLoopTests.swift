import Foundation
import Glibc
import Rill
import RillTestSupport
import Testing

/// The frame loop over a real pipe: how input from a writer that sends a few bytes at a time
/// (a model) is coalesced into frames.
@Suite struct FrameLoopTests {
    @Test("A slow writer's pieces wait in the pipe between frames: one read per frame, nothing lost")
    func slowWriterIsReadOncePerFrame() throws {
        let bytes = Array(Corpus.bytes("answer-rust-ownership.md").prefix(3_200))
        let input = try NonBlockingDescriptorTests.pipe()
        let result = Pipe(), errors = Pipe()
        let process = Process()
        process.executableURL = RillProcess.executable
        process.arguments = ["--format", "jsonl", "--stats", "--fps", "30"]
        process.environment = RillProcess.environment([:])
        process.standardInput = FileHandle(fileDescriptor: input.read, closeOnDealloc: false)
        process.standardOutput = result
        process.standardError = errors
        try process.run()
        close(input.read)

        let collected = NonBlockingDescriptorTests.Collected()
        let done = DispatchSemaphore(value: 0)
        Thread {
            collected.data = result.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }.start()

        // 400 pieces of 8 bytes, one every 2 ms: about 16 pieces per frame at 30 frames a second.
        let pieceCount = bytes.count / 8
        for index in 0..<pieceCount {
            let piece = Array(bytes[(index * 8)..<min(bytes.count, index * 8 + 8)])
            var offset = 0
            while offset < piece.count {
                let written = piece[offset...].withUnsafeBytes { write(input.write, $0.baseAddress, $0.count) }
                if written > 0 { offset += written } else if errno != EINTR { break }
            }
            usleep(2_000)
        }
        close(input.write)
        process.waitUntilExit()
        done.wait()
        let stats = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)

        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "exit \(process.terminationStatus): \(stats)")
        let lines = String(decoding: collected.data, as: UTF8.self).split(separator: "\n")
        let oneShot = String(decoding: EventEncoder.doneLine(Oracle.parse(bytes)).dropLast(), as: UTF8.self)
        #expect(lines.last.map(String.init) == oneShot, "the done line differs from a one-shot parse of the whole input")
        #expect(NonBlockingDescriptorTests.statistic("bytes read:", in: stats) == bytes.count, "\(stats)")
        let reads = try #require(NonBlockingDescriptorTests.statistic("reads:", in: stats), "\(stats)")
        let frames = try #require(NonBlockingDescriptorTests.statistic("frames:", in: stats), "\(stats)")
        #expect(frames > 2, "the input arrived in one go: the test did not exercise a slow writer (\(stats))")
        // Each read is followed by a frame: pieces that arrive in between are left in the pipe.
        // Reading each piece as it comes would read about once per piece.
        #expect(reads <= frames, "\(reads) reads for \(frames) frames and \(pieceCount) pieces")
    }
}
