import Rill
import Synchronization
import Testing

/// The async API: bursts of input coalesced into paced frames, cancellation that stops the
/// reading, and a last snapshot that is the finished document.
@Suite struct MarkdownSnapshotsTests {
    static let text = Array("""
    # Title

    A paragraph written in bursts, as a model writes, with *emphasis* and `code`.

    - one
    - two

    | a | b |
    |---|---|
    | 1 | 2 |

    ```swift
    let x = 1
    ```

    """.utf8)

    /// Chunks of a few bytes, sent in `bursts` bursts with a pause between them.
    static func burstyChunks(bursts: Int, pause: Duration) -> AsyncStream<[UInt8]> {
        let pieces = ReplayChunker.ranges(of: text, mode: .tokens(seed: 3))
        return AsyncStream { continuation in
            let task = Task {
                let perBurst = (pieces.count + bursts - 1) / bursts
                for (index, piece) in pieces.enumerated() {
                    continuation.yield(Array(text[piece]))
                    if (index + 1) % perBurst == 0 { try? await Task.sleep(for: pause) }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

extension MarkdownSnapshotsTests {
    @Test("Bursts become one frame each, frames only add final blocks, and the last is the whole document")
    func coalescesBurstsAndFinishes() async throws {
        let chunks = ReplayChunker.ranges(of: Self.text, mode: .tokens(seed: 3)).count
        var snapshots: [MarkdownSnapshot] = []
        for try await snapshot in MarkdownSnapshots(chunks: Self.burstyChunks(bursts: 4, pause: .milliseconds(120)),
                                                    framesPerSecond: 20) {
            snapshots.append(snapshot)
        }
        let last = try #require(snapshots.last)
        #expect(last.isFinished && last.finalCount == last.blocks.count)
        #expect(last.blocks == MarkdownStream.parse(Self.text))
        #expect(snapshots.dropLast().allSatisfy { !$0.isFinished })
        #expect(snapshots.count >= 2 && snapshots.count <= 12, "\(snapshots.count) frames for \(chunks) chunks in 4 bursts")
        #expect(zip(snapshots, snapshots.dropFirst()).allSatisfy { $0.frame < $1.frame && $0.finalCount <= $1.finalCount })
    }

    @Test("A sequence of single bytes gives the same finished document")
    func singleBytes() async throws {
        let bytes = AsyncStream<UInt8> { continuation in
            for byte in Self.text { continuation.yield(byte) }
            continuation.finish()
        }
        var last: MarkdownSnapshot?
        for try await snapshot in MarkdownSnapshots(bytes: bytes) { last = snapshot }
        #expect(last?.isFinished == true)
        #expect(last?.blocks == MarkdownStream.parse(Self.text))
    }

    @Test("Cancelling the consumer stops reading the input, which never ends on its own")
    func cancellationStopsReading() async throws {
        let inputEnded = Mutex(false)
        let (input, continuation) = AsyncStream.makeStream(of: [UInt8].self)
        continuation.onTermination = { _ in inputEnded.withLock { $0 = true } }
        continuation.yield(Array("Some text that never ends".utf8))
        let consumer = Task {
            var frames = 0
            do {
                for try await _ in MarkdownSnapshots(chunks: input, framesPerSecond: 100) { frames += 1 }
            } catch {}
            return frames
        }
        var waited = 0
        while !inputEnded.withLock({ $0 }), waited < 50 {
            if waited == 5 { consumer.cancel() }
            try await Task.sleep(for: .milliseconds(20))
            waited += 1
        }
        let frames = await consumer.value
        #expect(inputEnded.withLock { $0 }, "the input was let go")
        #expect(frames >= 1)
    }
}
