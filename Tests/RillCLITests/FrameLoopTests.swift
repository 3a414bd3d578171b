import Foundation
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

    @Test("A fast writer (a 2 MB file) gets a frame every 256 KB or so, not one per frame interval")
    func fastWriterIsFramedByBytes() throws {
        var bytes: [UInt8] = []
        let answers = Corpus.documentNames.filter { $0.hasPrefix("answer-") }
        while bytes.count < 2_000_000 {
            for name in answers { bytes += Corpus.bytes(name) + Array("\n\n".utf8) }
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rill-fast-\(UUID().uuidString).md")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(bytes).write(to: url)
        // One frame a second: the whole file is read well within the first interval.
        let run = try RillProcess.run(["--format", "text", "--stats", "--fps", "1", url.path])

        #expect(run.status == 0 && !run.crashed, "exit \(run.status): \(run.stderr)")
        #expect(NonBlockingDescriptorTests.statistic("bytes read:", in: run.stderr) == bytes.count, "\(run.stderr)")
        let frames = try #require(NonBlockingDescriptorTests.statistic("frames:", in: run.stderr), "\(run.stderr)")
        // A frame is due once 256 KB arrived since the last; reads are at most 64 KB, so no
        // frame covers more than 320 KB.
        #expect(frames >= bytes.count / (320 * 1024), "\(frames) frames for \(bytes.count) bytes: \(run.stderr)")
    }
}
