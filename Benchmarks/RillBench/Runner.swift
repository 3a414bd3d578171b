import Glibc
@_spi(Testing) import Rill

/// How a renderer reacts to new text: Rill itself, or a simpler strategy to compare with.
enum Strategy: String, CaseIterable {
    /// Rill: finality below the top level, part-by-part layout and painting.
    case rill
    /// Re-parse from the last top-level block each frame (what Textual's `MarkdownStream` does),
    /// with Rill's layout and painting: one huge block makes every frame cost its whole size.
    case topLevel = "top-level re-parse"
    /// Re-parse and lay out the whole document each frame (what a `rich` `Live` view does).
    case wholeDocument = "whole document"
}

/// The figures of one streamed run.
struct StreamRun {
    var cpu: UInt64 = 0
    var frameCPU: [UInt64] = []
    /// Bytes received when each frame ran.
    var framePositions: [Int] = []
    var bytesWritten = 0
    var linesCommittedEarly = 0
    /// Bytes the engine handed to cmark (``MarkdownStream/bytesParsed``).
    var bytesParsed = 0
}

/// Streams inputs the way `rill` does on a 100×40 terminal, timing every frame.
enum Runner {
    static let width = 100
    static let height = 40
    /// The coloured layout; `--no-highlight` leaves code in the band's one colour (to set the
    /// engine's figures beside those of builds without highlighting).
    static let context: LayoutContext = {
        var context = LayoutContext(width: width, theme: .dark)
        context.highlightsCode = !CommandLine.arguments.contains("--no-highlight")
        return context
    }()
    static let encoder = ANSIEncoder(depth: .palette)
    static let plainContext = LayoutContext(width: width, theme: .plain, isPlain: true)
    static let plainEncoder = ANSIEncoder(depth: .none)

    /// The floor: parse the whole document once, lay it out, encode it. Returns CPU ns and the
    /// batch render's bytes.
    @inline(never)  // a function of its own, which callgrind.sh's --toggle-collect names
    static func oneShot(_ bytes: [UInt8], plain: Bool = false) -> (cpu: UInt64, bytes: Int) {
        var output = 0
        let (context, encoder) = plain ? (plainContext, plainEncoder) : (context, encoder)
        let cpu = CPUClock.measure {
            let blocks = MarkdownStream.parse(bytes)
            var encoded: [UInt8] = []
            encoded.reserveCapacity(bytes.count * 2)
            for line in DocumentLayout.lines(for: blocks, in: context) {
                encoder.encode(line, into: &encoded)
                encoded.append(0x0A)
            }
            output = encoded.count
        }
        return (cpu, output)
    }

    /// Streams `bytes` in `pieces`, one frame per piece, through the engine and the live view.
    ///
    /// `timesFrames` reads the CPU clock around every frame, for the frame figures (p50, p99,
    /// flatness). Runs that measure the total leave it off: reading the process CPU clock is a
    /// system call (about 0.85 µs here, against 15–40 µs for a typical frame), which would be
    /// counted in the total, twice per frame.
    @inline(never)
    static func stream(_ bytes: [UInt8], pieces: [Range<Int>], strategy: Strategy = .rill, plain: Bool = false,
                       reparseThreshold: Int? = nil, timesFrames: Bool = true) -> StreamRun {
        let (context, encoder) = plain ? (plainContext, plainEncoder) : (context, encoder)
        var run = StreamRun()
        run.frameCPU.reserveCapacity(pieces.count)
        switch strategy {
        case .rill, .topLevel:
            var stream = MarkdownStream()
            stream.growsIncrementally = strategy == .rill
            if let reparseThreshold { stream.reparseThreshold = reparseThreshold }
            var view = LiveView(context: context, encoder: encoder, height: height)
            let start = CPUClock.now()
            for piece in pieces {
                let frameStart = timesFrames ? CPUClock.now() : 0
                stream.append(bytes[piece])
                stream.advance()
                run.bytesWritten += view.frame(stream).count
                if timesFrames {
                    run.frameCPU.append(CPUClock.now() - frameStart)
                    run.framePositions.append(piece.upperBound)
                }
            }
            stream.finish()
            run.bytesParsed = stream.bytesParsed
            run.bytesWritten += view.frame(stream).count + view.close().count
            run.cpu = CPUClock.now() - start
            run.linesCommittedEarly = view.statistics.linesCommittedEarly
        case .wholeDocument:
            let start = CPUClock.now()
            for piece in pieces {
                let frameStart = CPUClock.now()
                let blocks = MarkdownStream.parse(bytes[..<piece.upperBound])
                let lines = DocumentLayout.lines(for: blocks, in: context)
                // Repaint the last screenful, as a live view that redraws everything would.
                var encoded: [UInt8] = []
                for line in lines.suffix(height - 1) {
                    encoder.encode(line, into: &encoded)
                    encoded.append(0x0A)
                }
                run.bytesWritten += encoded.count
                run.frameCPU.append(CPUClock.now() - frameStart)
                run.framePositions.append(piece.upperBound)
            }
            run.cpu = CPUClock.now() - start
        }
        return run
    }

    /// One frame's CPU ns: the engine's (append and advance), the live view's, and its piece.
    typealias TimedFrame = (engine: UInt64, view: UInt64, piece: Range<Int>)

    /// What is made warm again after each pause, just before a timed frame.
    enum Rewarming {
        /// Nothing: the frame finds what the sleep left of the caches.
        case none
        /// The code: a frame of a small other document runs first, through the same paths, so
        /// the timed frame finds its code warm and its own data as the sleep left it.
        case code
        /// Code and data: the same frame runs first on copies of the stream and the view.
        case all
    }

    /// Streams `bytes` in `pieces`, one frame per piece, timing the engine and the live view of
    /// each frame apart; with `pause` (µs), the process sleeps that long before each frame, as
    /// `rill` does between frames in a terminal, and `rewarming` says what is made warm after it.
    static func timedFrames(_ bytes: [UInt8], pieces: [Range<Int>], sleeping pause: UInt32 = 0,
                            rewarming: Rewarming = .none) -> [TimedFrame] {
        var stream = MarkdownStream()
        var view = LiveView(context: context, encoder: encoder, height: height)
        var frames: [TimedFrame] = []
        frames.reserveCapacity(pieces.count)
        let other = Array("Other *words* with `code` in a paragraph, then a list:\n\n- one item\n- another\n\n| a | b |\n|---|---|\n| 1 | 2 |\n".utf8)
        var otherStream = MarkdownStream()
        var otherView = liveView()
        var otherEnd = 0
        for piece in pieces {
            if pause > 0 { usleep(pause) }
            switch rewarming {
            case .none: break
            case .code:
                if otherEnd >= other.count {
                    (otherStream, otherView, otherEnd) = (MarkdownStream(), liveView(), 0)
                }
                let end = min(other.count, otherEnd + piece.count)
                frame(&otherStream, &otherView, other[otherEnd..<end])
                otherEnd = end
            case .all:
                var (streamCopy, viewCopy) = (stream, view)
                frame(&streamCopy, &viewCopy, bytes[piece])
            }
            let start = CPUClock.now()
            stream.append(bytes[piece])
            stream.advance()
            let middle = CPUClock.now()
            _ = view.frame(stream)
            frames.append((middle - start, CPUClock.now() - middle, piece))
        }
        return frames
    }

    /// Streams `bytes` in `pieces`, one frame per piece, the frames whose indices are in `chosen`
    /// inside ``footprintFrame(_:_:_:)``, for callgrind to collect alone.
    static func footprint(_ bytes: [UInt8], pieces: [Range<Int>], collecting chosen: Set<Int>) {
        var stream = MarkdownStream()
        var view = liveView()
        for (index, piece) in pieces.enumerated() {
            if chosen.contains(index) {
                let parsedBefore = stream.bytesParsed
                footprintFrame(&stream, &view, bytes[piece])
                print("frame \(index) at byte \(piece.lowerBound): \(stream.bytesParsed - parsedBefore) bytes parsed, text \(String(decoding: bytes[piece], as: UTF8.self).debugDescription)")
            } else {
                frame(&stream, &view, bytes[piece])
            }
        }
    }

    /// ``frame(_:_:_:)`` in a function of its own: what `Benchmarks/footprint.sh` has callgrind collect.
    @inline(never)
    static func footprintFrame(_ stream: inout MarkdownStream, _ view: inout LiveView, _ piece: ArraySlice<UInt8>) {
        frame(&stream, &view, piece)
    }

    /// One untimed frame, engine and live view, of `piece`.
    @inline(__always)
    static func frame(_ stream: inout MarkdownStream, _ view: inout LiveView, _ piece: ArraySlice<UInt8>) {
        stream.append(piece)
        stream.advance()
        _ = view.frame(stream)
    }

    /// A live view of the benchmarks' terminal (100×40, colour).
    static func liveView() -> LiveView {
        LiveView(context: context, encoder: encoder, height: height)
    }

    /// Fixed pieces of `size` bytes.
    static func fixed(_ bytes: [UInt8], _ size: Int) -> [Range<Int>] {
        ReplayChunker.ranges(of: bytes, mode: .fixed(size))
    }

    /// Token-like pieces arriving at `tokensPerSecond`, coalesced into frames at `fps`: each
    /// frame takes every token that arrived since the last one.
    static func coalesced(_ bytes: [UInt8], tokensPerSecond: Double = 1000, fps: Double = 60) -> [Range<Int>] {
        let tokens = ReplayChunker.ranges(of: bytes, mode: .tokens(seed: 1))
        var frames: [Range<Int>] = []
        var frameStart = 0
        var frameIndex = 0
        for (index, token) in tokens.enumerated() {
            let frame = Int(Double(index) / tokensPerSecond * fps)
            if frame != frameIndex, token.lowerBound > frameStart {
                frames.append(frameStart..<token.lowerBound)
                frameStart = token.lowerBound
                frameIndex = frame
            }
        }
        if frameStart < bytes.count { frames.append(frameStart..<bytes.count) }
        return frames
    }
}
