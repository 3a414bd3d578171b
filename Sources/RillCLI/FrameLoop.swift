import Glibc
import Rill

/// Drives the engine: waits for input and signals, coalesces whatever arrived into frames at
/// most `fps` times a second, and hands each frame to the sink.
///
/// A burst (a read that fills the buffer: a file, a pipe a fast writer keeps full) is read on
/// until it ends or reaches the frame's byte budget before the frame is made, so that what is
/// ready at once is parsed and laid out once; a slow writer's few bytes make a frame as soon as
/// the pacer allows.
struct FrameLoop {
    /// How the loop ended.
    enum Outcome: Equatable {
        case finished
        case interrupted(Int32)
        /// The reader of the output went away (`rill … | head`).
        case outputClosed
        case readFailed(String)
        /// The output refused what was written: the `errno` it gave (ENOSPC, EBADF, EIO).
        case writeFailed(Int32)
    }

    var input: InputFeed
    /// When frames are due: the same pacing as ``MarkdownSnapshots``.
    private var pacer: FramePacer
    private(set) var stream = MarkdownStream()
    /// What turns the input into markdown: a model API's events decoded, or markdown as it is.
    private(set) var decoder: ModelStreamDecoder
    /// Where the decoder wrote shown reasoning, for the layouts to dim.
    let dimmed: DimmedSource
    private(set) var statistics = Statistics()
    private let clock = ContinuousClock()
    /// Where input is read into, kept between reads.
    private var readBuffer = [UInt8](repeating: 0, count: DescriptorReader.readSize)

    init(input: InputFeed, fps: Double, decoder: ModelStreamDecoder = ModelStreamDecoder(format: .markdown),
         dimmed: DimmedSource = DimmedSource()) {
        self.input = input
        self.pacer = FramePacer(framesPerSecond: fps, byteBudget: Self.frameByteBudget)
        self.decoder = decoder
        self.dimmed = dimmed
    }

    /// Hands input to the stream, through the decoder unless it is markdown.
    private mutating func feed(_ bytes: [UInt8]) {
        if decoder.passesThrough {
            stream.append(bytes)
            return
        }
        var markdown: [UInt8] = []
        decoder.decode(bytes, into: &markdown)
        take(markdown)
    }

    /// Hands the stream what the decoder held back when the input ended.
    private mutating func finishInput() {
        var markdown: [UInt8] = []
        decoder.finish(into: &markdown)
        take(markdown)
    }

    private mutating func take(_ markdown: [UInt8]) {
        guard !markdown.isEmpty else { return }
        stream.append(markdown)
        if !decoder.reasoningRanges.isEmpty { dimmed.set(decoder.reasoningRanges) }
    }

    /// A read at least this large means the writer is fast: input is then read as it comes, so
    /// that the pipe never fills while the loop waits for the next frame.
    static let quietReadLimit = DescriptorReader.readSize / 4

    /// Input read since the last frame that makes the next frame due at once. A fast writer
    /// (a file, `cat` of a long answer) fills a frame interval with megabytes; parsing them in
    /// one frame holds their whole parse tree at once (peak memory then depends on timing) and
    /// leaves the screen still for as long. A budget keeps each frame's work, and what it holds,
    /// bounded by the budget, whatever the timing.
    static let frameByteBudget = 4 * DescriptorReader.readSize

    /// Whether `descriptor` is a regular file (not a pipe, a terminal or a socket).
    private static func isRegularFile(_ descriptor: Int32) -> Bool {
        var status = stat()
        return fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    mutating func run(into sink: inout some FrameSink) -> Outcome {
        // Whether the last read was small: a model writing a few bytes at a time.
        var writerIsSlow = true
        // A file has all its bytes at once, and its end is due as soon as it is read.
        let readsFile: Bool
        if case .descriptor(let fd) = input { readsFile = Self.isRegularFile(fd) } else { readsFile = false }
        do throws(OutputChannel.Failure) {
            while true {
                let now = MonotonicClock.now()
                var deadline = pacer.deadline
                var fds: [pollfd] = []
                if SignalMonitor.descriptor >= 0 {
                    fds.append(pollfd(fd: SignalMonitor.descriptor, events: Int16(POLLIN), revents: 0))
                }
                var inputIndex: Int?
                switch input {
                case .descriptor(let fd):
                    // Right after a frame, input from a slow writer is left in the pipe until the
                    // next frame is due: it could not be shown sooner, and reading each piece as it
                    // comes costs a wakeup and a read per piece. Signals still wake the loop, and so
                    // does the writer closing the pipe (a hang-up is reported whatever is asked):
                    // the end of the input is shown at once.
                    if !pacer.isPending, writerIsSlow, !readsFile, let lastFrame = pacer.lastFrame,
                       now < lastFrame + pacer.interval {
                        let quietUntil = lastFrame + pacer.interval
                        deadline = quietUntil
                        inputIndex = fds.count
                        fds.append(pollfd(fd: fd, events: 0, revents: 0))
                    } else {
                        inputIndex = fds.count
                        fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0))
                    }
                case .replay(var schedule):
                    if let due = schedule.deadline(now: now) { deadline = min(deadline ?? due, due) }
                    input = .replay(schedule)
                }
                let timeout = deadline.map { Int32(clamping: ($0 > now ? $0 - now + 999_999 : 0) / 1_000_000) } ?? -1
                let polled = poll(&fds, nfds_t(fds.count), timeout)
                if polled < 0, errno != EINTR {
                    return .readFailed(String(cString: strerror(errno)))
                }
                statistics.wakeups += 1
                // The signal pipe is read only when a signal arrived (most wakeups bring input):
                // it polled readable, or the poll was interrupted by one.
                let signalled = SignalMonitor.descriptor >= 0 && (polled < 0 || fds[0].revents != 0)
                for event in signalled ? SignalMonitor.drain() : [] {
                    switch event {
                    case .interrupt(let number):
                        sink.abandon()
                        return .interrupted(number)
                    case .resize:
                        try sink.resize(stream: stream)
                    case .suspend:
                        try sink.suspend()
                        SignalMonitor.suspendProcess()
                        try sink.resume(stream: stream)
                    }
                }

                let current = MonotonicClock.now()
                var ended = false
                // Whether this wakeup read a burst: more input is ready at once (a regular file has
                // it all; a read that filled the buffer left more in the pipe, or finds it there).
                var inBurst = false
                switch input {
                case .descriptor(let fd):
                    if let inputIndex, polled > 0, fds[inputIndex].revents != 0 {
                        switch DescriptorReader.read(fd, through: &readBuffer) {
                        case .bytes(let bytes):
                            feed(bytes)
                            statistics.bytesRead += bytes.count
                            statistics.reads += 1
                            writerIsSlow = bytes.count < Self.quietReadLimit
                            inBurst = readsFile || bytes.count == readBuffer.count
                            pacer.received(bytes.count)
                        case .nothing: break
                        case .end: ended = true
                        case .failure(let message):
                            // Show what did arrive, as if the input had ended there, then report.
                            if statistics.bytesRead == 0 {
                                sink.abandon()
                            } else {
                                finishInput()
                                try sink.finish(stream.finish(), stream: stream)
                            }
                            return .readFailed(message)
                        }
                    }
                case .replay(var schedule):
                    if let bytes = schedule.take(now: current) {
                        feed(bytes)
                        statistics.bytesRead += bytes.count
                        pacer.received(bytes.count)
                        if schedule.interval == 0 {
                            // As fast as possible: exactly one frame per piece.
                            pacer.forgetLastFrame()
                        }
                    }
                    ended = schedule.isExhausted
                    input = .replay(schedule)
                }
                if ended {
                    let parseStart = clock.now
                    finishInput()
                    let update = stream.finish()
                    let sinkStart = clock.now
                    statistics.parse += sinkStart - parseStart
                    statistics.frames += 1
                    try sink.finish(update, stream: stream)
                    statistics.sink += clock.now - sinkStart
                    return .finished
                }
                // A burst is read on first (the next poll does not wait): up to the budget, which
                // makes the frame due whatever the burst.
                if pacer.isDue(at: current), !inBurst || pacer.pendingBytes >= pacer.byteBudget {
                    let parseStart = clock.now
                    let update: DocumentUpdate
                    if sink.wantsUpdates {
                        update = stream.update()
                    } else {
                        stream.advance()
                        update = DocumentUpdate(frame: stream.frameCount)
                    }
                    let sinkStart = clock.now
                    statistics.parse += sinkStart - parseStart
                    statistics.frames += 1
                    try sink.frame(update, stream: stream)
                    statistics.sink += clock.now - sinkStart
                    sink.release(&stream)
                    pacer.framed(at: current)
                }
            }
        } catch {
            sink.abandon()
            switch error {
            case .closed: return .outputClosed
            case .failed(let code): return .writeFailed(code)
            }
        }
    }
}
