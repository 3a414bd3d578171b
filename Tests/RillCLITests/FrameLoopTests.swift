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
        // 400 pieces of 8 bytes, one every 2 ms: about 16 pieces per frame at 30 frames a second.
        let pieces = stride(from: 0, to: bytes.count, by: 8).map { Array(bytes[$0..<min(bytes.count, $0 + 8)]) }
        let run = try RillProcess.runFeeding(["--format", "jsonl", "--stats", "--fps", "30"], pieces: pieces, pause: 2_000)

        #expect(run.status == 0 && !run.crashed, "exit \(run.status): \(run.stderr)")
        let oneShot = String(decoding: EventEncoder.doneLine(Oracle.parse(bytes)).dropLast(), as: UTF8.self)
        #expect(run.lines.last { !$0.isEmpty }.map(String.init) == oneShot, "the done line differs from a one-shot parse of the whole input")
        #expect(NonBlockingDescriptorTests.statistic("bytes read:", in: run.stderr) == bytes.count, "\(run.stderr)")
        let reads = try #require(NonBlockingDescriptorTests.statistic("reads:", in: run.stderr), "\(run.stderr)")
        let frames = try #require(NonBlockingDescriptorTests.statistic("frames:", in: run.stderr), "\(run.stderr)")
        #expect(frames > 2, "the input arrived in one go: the test did not exercise a slow writer (\(run.stderr))")
        // Each read is followed by a frame: pieces that arrive in between are left in the pipe.
        // Reading each piece as it comes would read about once per piece.
        #expect(reads <= frames, "\(reads) reads for \(frames) frames and \(pieces.count) pieces")
    }

    /// The Corpus answers one after another until `count` bytes or more.
    static func longAnswer(_ count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        let answers = Corpus.documentNames.filter { $0.hasPrefix("answer-") }
        while bytes.count < count {
            for name in answers { bytes += Corpus.bytes(name) + Array("\n\n".utf8) }
        }
        return bytes
    }

    @Test("A regular file is read in 256 KB bursts, a frame each: not a frame per read, nor one for the whole file")
    func fileIsFramedByBudget() throws {
        let bytes = Self.longAnswer(2_000_000)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rill-file-\(UUID().uuidString).md")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(bytes).write(to: url)
        // A frame interval of 1 ms: each read, which is slower than that, would make a frame.
        let run = try RillProcess.run(["--format", "text", "--stats", "--fps", "1000", url.path])

        #expect(run.status == 0 && !run.crashed, "exit \(run.status): \(run.stderr)")
        #expect(NonBlockingDescriptorTests.statistic("bytes read:", in: run.stderr) == bytes.count, "\(run.stderr)")
        let reads = try #require(NonBlockingDescriptorTests.statistic("reads:", in: run.stderr), "\(run.stderr)")
        let frames = try #require(NonBlockingDescriptorTests.statistic("frames:", in: run.stderr), "\(run.stderr)")
        #expect(reads >= bytes.count / DescriptorReader.readSize, "\(run.stderr)")
        // A frame is due once 256 KB arrived since the last (four reads), and only then; reads are
        // at most 64 KB, so no frame covers (and holds the parse tree of) more than 320 KB.
        #expect(frames <= bytes.count / (256 * 1024) + 1, "\(frames) frames for \(bytes.count) bytes: \(run.stderr)")
        #expect(frames >= bytes.count / (320 * 1024), "\(frames) frames for \(bytes.count) bytes: \(run.stderr)")
    }

    @Test("A burst waiting in a pipe is read on before the frame: a frame every 256 KB, not one per read")
    func pipeBurstIsCoalesced() throws {
        let bytes = Array(Self.longAnswer(600_000).prefix(600_000))
        let (read, write) = try NonBlockingDescriptorTests.pipe()
        // The whole input waits in the pipe before rill starts, as a fast writer leaves it.
        try #require(fcntl(write, NonBlockingDescriptorTests.setPipeSize, 1 << 20) >= bytes.count)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(write, $0.baseAddress, $0.count) }
            try #require(written > 0)
            offset += written
        }
        close(write)
        let input = FileHandle(fileDescriptor: read, closeOnDealloc: true)
        // A frame interval of 1 ms: each read, which is slower than that, would make a frame.
        let run = try RillProcess.run(["--format", "jsonl", "--stats", "--fps", "1000"], inputHandle: input)

        #expect(run.status == 0 && !run.crashed, "exit \(run.status): \(run.stderr)")
        #expect(NonBlockingDescriptorTests.statistic("bytes read:", in: run.stderr) == bytes.count, "\(run.stderr)")
        let frames = try #require(NonBlockingDescriptorTests.statistic("frames:", in: run.stderr), "\(run.stderr)")
        // A frame each 256 KB (four full reads), one after the last short read, one at the end.
        #expect(frames <= bytes.count / (256 * 1024) + 2, "\(frames) frames for \(bytes.count) bytes: \(run.stderr)")
        let oneShot = String(decoding: EventEncoder.doneLine(Oracle.parse(bytes)).dropLast(), as: UTF8.self)
        #expect(run.lines.last { !$0.isEmpty }.map(String.init) == oneShot, "the done line differs from a one-shot parse")
    }
}
