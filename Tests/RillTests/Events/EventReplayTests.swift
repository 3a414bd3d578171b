@_spi(Testing) import Rill
import RillTestSupport
import Testing

/// The JSONL events replayed through a consumer's reducer (``EventReducer``): the document it
/// builds is the engine's at every frame, every block as last sent equals the done line's, a
/// block reported final already has its final range, and the bytes stay proportional to the input.
@Suite struct EventReplayTests {
    /// The outcome of one replay.
    struct Replay {
        var reducer = EventReducer()
        var lines: [[UInt8]] = []
        var frames = 0
        /// Bytes of the frame lines (the done line aside, whose size is the document's).
        var bytes = 0
        var mismatchedFrames: [Int] = []
    }

    /// Feeds `text` in `pieces` with an update per piece, writing and reducing every line;
    /// the reduced document is compared with the stream's blocks every `checkEvery` frames.
    static func replay(_ text: [UInt8], pieces: [Range<Int>], checkEvery: Int = 1, keepsLines: Bool = false) throws -> Replay {
        var replay = Replay()
        var stream = MarkdownStream()
        func take(_ line: [UInt8]) throws {
            replay.bytes += line.count
            if keepsLines { replay.lines.append(line) }
            try replay.reducer.apply(line: line)
        }
        for piece in pieces {
            stream.append(text[piece])
            let update = stream.update()
            replay.frames += 1
            if !update.isEmpty { try take(EventEncoder.frameLine(update)) }
            if replay.frames % checkEvery == 0, try replay.reducer.document != Self.json(stream.blocks) {
                replay.mismatchedFrames.append(replay.frames)
            }
        }
        var last = stream.finish()
        replay.frames += 1
        last.isDone = false
        if !last.isEmpty { try take(EventEncoder.frameLine(last)) }
        if try replay.reducer.document != Self.json(stream.blocks) { replay.mismatchedFrames.append(replay.frames) }
        try replay.reducer.apply(line: EventEncoder.doneLine(stream.finalBlocks))
        return replay
    }

    static func json(_ blocks: [Block]) throws -> [EventJSON] {
        try EventJSON(line: EventEncoder.doneLine(blocks))["blocks"]?.array ?? []
    }

    /// Blocks whose last-sent value differs from the done line's, and blocks reported final
    /// before they were (their value then differs from the done line's though nothing changed
    /// them later).
    static func staleBlocks(_ replay: Replay) -> [String] {
        let done = replay.reducer.done ?? []
        let sent = replay.reducer.document
        var stale: [String] = []
        if sent != done { stale.append("last sent differs from done: \(sent.count) vs \(done.count) blocks") }
        for block in done {
            guard let id = block["id"]?.string else { continue }
            if replay.reducer.changedAfterFinal.contains(id) { continue }
            if let asFinal = replay.reducer.finalAsSent[id], asFinal != block {
                stale.append("\(id) reported final as \(asFinal["range"].map { "\($0)" } ?? "?"), done has \(block["range"].map { "\($0)" } ?? "?")")
            }
        }
        return stale
    }

    static func range(_ block: EventJSON?) -> [Int] {
        (block?["range"]?.array ?? []).compactMap(\.int)
    }
}

extension EventReplayTests {
    @Test("A block whose range grows without new content is reported final with its final range",
          arguments: [("```\nx\n```\n\nA\n", [0, 9]), ("Text. \n\nA\n", [0, 6])])
    func rangeOnlyChangeIsSent(_ text: String, _ expected: [Int]) throws {
        let bytes = Array(text.utf8)
        let replay = try Self.replay(bytes, pieces: ReplayChunker.ranges(of: bytes, mode: .fixed(1)))
        #expect(Self.range(replay.reducer.finalAsSent["e0"]) == expected)
        #expect(Self.staleBlocks(replay).isEmpty, "\(Self.staleBlocks(replay))")
        #expect(replay.mismatchedFrames.isEmpty)
    }

    @Test("Header cells carry their own ranges: the text between their pipes, as body cells do")
    func headerCellRanges() throws {
        for (text, offset) in [("| a | bb |\n|---|---|\n| x | y |\n", 0), ("para\n| a | bb |\n|---|---|\n| x | y |\n", 5)] {
            let blocks = MarkdownStream.parse(Array(text.utf8))
            let header = try #require(blocks.last?.children.first)
            #expect(header.children.map(\.range) == [offset + 1..<offset + 4, offset + 5..<offset + 9], "\(text)")
        }
    }

    @Test("Words typed into a paragraph are sent as appended text, not as the whole paragraph")
    func typingSendsAppends() throws {
        let text = Array("A paragraph that keeps growing, word by word, as a model types it out\n".utf8)
        let replay = try Self.replay(text, pieces: ReplayChunker.ranges(of: text, mode: .tokens(seed: 7)), keepsLines: true)
        let events = try replay.linesAsJSON()
        let frames = events.filter { $0["frame"] != nil }
        let upserts = frames.reduce(0) { $0 + ($1["upsert"]?.array.count ?? 0) }
        let texts = frames.flatMap { $0["append"]?.array ?? [] }.filter { $0["text"] != nil }
        #expect(upserts == 1, "the paragraph is sent whole once, when it appears")
        #expect(texts.count >= frames.count - 2)
        #expect(Self.staleBlocks(replay).isEmpty && replay.mismatchedFrames.isEmpty)
    }
}

extension EventReplayTests.Replay {
    func linesAsJSON() throws -> [EventJSON] { try lines.map { try EventJSON(line: $0) } }
}

extension EventReplayTests {
    /// Fixed JSONL cost per frame allowed on top of 3× the input.
    static let bytesPerFrame = 120

    /// Documents for the property: the Corpus and a sample of real answers; at 1-byte pieces
    /// only the shorter ones unless `RILL_EXHAUSTIVE=1`.
    static func documents(oneByte: Bool) -> [(name: String, bytes: [UInt8])] {
        let corpus = Corpus.documentNames.map { ($0, Corpus.bytes($0)) }
        let answers = RealAnswers.sample(oneByte ? 6 : 16)
        let all = corpus + answers
        guard oneByte, !TestEnvironment.isExhaustive else { return all }
        return all.filter { $0.1.count <= 6_000 }
    }

    @Test("Every block as last sent equals the done line's, final blocks are sent final, and frame lines stay within 3× the input plus a fixed cost per frame",
          arguments: [false, true])
    func lastSentEqualsDone(oneByte: Bool) throws {
        var failures: [String] = []
        for (name, bytes) in Self.documents(oneByte: oneByte) {
            let mode: ReplayChunker.Mode = oneByte ? .fixed(1) : .tokens(seed: 11)
            let replay = try Self.replay(bytes, pieces: ReplayChunker.ranges(of: bytes, mode: mode), checkEvery: 97)
            let stale = Self.staleBlocks(replay)
            if !stale.isEmpty { failures.append("\(name): \(stale.prefix(3))") }
            if !replay.mismatchedFrames.isEmpty { failures.append("\(name): reduced document differs at frames \(replay.mismatchedFrames.prefix(3))") }
            let bound = 3 * bytes.count + Self.bytesPerFrame * replay.frames
            if replay.bytes > bound { failures.append("\(name): \(replay.bytes) bytes of JSONL, bound \(bound)") }
        }
        #expect(failures.isEmpty, "\(failures.prefix(8))")
    }
}
