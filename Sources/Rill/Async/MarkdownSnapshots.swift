/// The document as it streams in, one ``MarkdownSnapshot`` per frame: the async face of
/// ``MarkdownStream`` for a UI.
///
/// Bytes are read as they come from any `AsyncSequence` of bytes or of byte chunks, and
/// whatever arrives within one frame interval makes one frame (``FramePacer``, the pacing the
/// command line uses). The last element is the finished document (``MarkdownSnapshot/isFinished``).
/// A consumer slower than the frames sees the newest snapshot, never a backlog; the last one is
/// never dropped. Cancelling the consuming task, or leaving the loop, stops the reading.
///
/// ```swift
/// for try await snapshot in MarkdownSnapshots(chunks: response.textChunks) {
///     model.blocks = snapshot.blocks
/// }
/// ```
public struct MarkdownSnapshots: AsyncSequence, Sendable {
    public typealias Element = MarkdownSnapshot
    public typealias AsyncIterator = AsyncThrowingStream<MarkdownSnapshot, any Error>.Iterator

    private let frames: AsyncThrowingStream<MarkdownSnapshot, any Error>

    /// Snapshots of the markdown in `chunks`, at most `framesPerSecond` a second.
    public init<Chunks: AsyncSequence & Sendable>(chunks: Chunks, framesPerSecond: Double = 30)
    where Chunks.Element: Collection<UInt8> {
        frames = Self.run(framesPerSecond: framesPerSecond) { inbox in
            for try await chunk in chunks { inbox.put(chunk) }
        }
    }

    /// Snapshots of the markdown in `bytes`, read a byte at a time (as `URLSession`'s and
    /// `FileHandle`'s `bytes` give them), at most `framesPerSecond` a second.
    public init<Bytes: AsyncSequence & Sendable>(bytes: Bytes, framesPerSecond: Double = 30)
    where Bytes.Element == UInt8 {
        frames = Self.run(framesPerSecond: framesPerSecond) { inbox in
            for try await byte in bytes { inbox.put(CollectionOfOne(byte)) }
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        frames.makeAsyncIterator()
    }

    /// Starts a task that reads with `read` into an inbox and makes a frame whenever one is due.
    private static func run(framesPerSecond: Double,
                            read: @escaping @Sendable (ByteInbox) async throws -> Void)
        -> AsyncThrowingStream<MarkdownSnapshot, any Error> {
        let (frames, continuation) = AsyncThrowingStream.makeStream(of: MarkdownSnapshot.self,
                                                                    bufferingPolicy: .bufferingNewest(1))
        let inbox = ByteInbox()
        let task = Task {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    do {
                        try await read(inbox)
                        inbox.end()
                    } catch {
                        inbox.end(failure: error)
                    }
                }
                await makeFrames(from: inbox, pacer: FramePacer(framesPerSecond: framesPerSecond),
                                 into: continuation)
                group.cancelAll()
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return frames
    }

    /// The frame loop: waits for input, then for the frame to be due, then parses everything
    /// that arrived meanwhile as one frame.
    private static func makeFrames(from inbox: ByteInbox, pacer: FramePacer,
                                   into continuation: AsyncThrowingStream<MarkdownSnapshot, any Error>.Continuation) async {
        var pacer = pacer
        var stream = MarkdownStream()
        while !Task.isCancelled {
            await inbox.wait()
            pacer.received(1)
            if let deadline = pacer.deadline {
                let now = MonotonicClock.now()
                if deadline > now {
                    do { try await Task.sleep(nanoseconds: deadline - now) } catch { break }
                }
            }
            let delivery = inbox.take()
            stream.append(delivery.bytes)
            if delivery.ended {
                stream.finish()
                continuation.yield(MarkdownSnapshot(stream))
                continuation.finish(throwing: delivery.failure)
                return
            }
            stream.advance()
            pacer.framed(at: MonotonicClock.now())
            continuation.yield(MarkdownSnapshot(stream))
        }
        continuation.finish(throwing: CancellationError())
    }
}
