/// The streaming engine: bytes in, top-level blocks with stable identities out.
///
/// Feed bytes with ``append(_:)`` as they arrive (split anywhere), then call ``update()`` once per
/// frame; call ``finish()`` at the end of input. Only the part of the document that can still
/// change is re-parsed: everything before the last top-level block that starts on a complete line
/// is final and never parsed again (the frontier). Final state equals a one-shot parse of the
/// whole text, identities included, however the input was chunked.
public struct MarkdownStream: Sendable {
    /// The normalized text received so far (valid UTF-8, no NUL); all offsets index into it.
    public private(set) var source: [UInt8] = []
    /// Top-level blocks that will not change again, in document order.
    public private(set) var finalBlocks: [Block] = []
    /// Top-level blocks after the frontier, as of the last frame.
    public private(set) var openBlocks: [Block] = []
    /// Number of frames produced so far.
    public private(set) var frameCount = 0
    /// Whether ``finish()`` has run.
    public private(set) var isFinished = false
    /// Bytes handed to cmark so far, carried definitions included (for statistics).
    public private(set) var bytesParsed = 0
    /// Frames in which an ambiguous incomplete last line was held back.
    public private(set) var heldBackFrames = 0
    /// Whether an ambiguous incomplete last line is held back from the open blocks (see
    /// ``TailStabilizer``). Final blocks and the final state never depend on it.
    public var stabilizesTail = true

    private var normalizer = UTF8Normalizer()
    /// Stream offset of the first line that is re-parsed each frame.
    private var frontier = 0
    /// Identity state at the frontier.
    private var identity = IdentityAssigner()
    private var definitions = DefinitionCarrier()
    /// What the engine remembers about each final block, parallel to `finalBlocks`.
    private var finalRecords: [FinalRecord] = []

    private struct FinalRecord: Sendable {
        /// Offset of the block's first line.
        var lineStart: Int
        /// Identity state just before the block, to rename it if it is parsed again.
        var identityBefore: IdentityAssigner
        /// Whether its text has brackets that a later link definition could turn into a link.
        var mayReference: Bool
    }

    /// Creates an empty stream.
    public init() {}

    /// Every top-level block as of the last frame: final ones, then open ones.
    public var blocks: [Block] { finalBlocks + openBlocks }

    /// Offset where the still-changing part of the document begins.
    public var frontierOffset: Int { frontier }

    /// Offset where the incomplete last line of input starts, or nil when the input so far
    /// ends with a line ending (or has ended).
    public var incompleteLineStart: Int? {
        guard !isFinished else { return nil }
        let start = Self.lastLineStart(source)
        if start < source.count { return start }
        // A lone \r at the end may still become \r\n: its line is not complete yet.
        if let last = source.last, last == 0x0D { return max(0, Self.lastLineStart(Array(source.dropLast()))) }
        return nil
    }

    /// Appends a chunk of raw bytes; nothing is parsed until the next ``update()``.
    ///
    /// - Complexity: O(n) in the chunk's length.
    public mutating func append<C: Collection>(_ chunk: C) where C.Element == UInt8 {
        precondition(!isFinished, "append after finish")
        normalizer.normalize(chunk, into: &source)
    }

    /// Parses what changed since the last frame and reports it.
    ///
    /// - Complexity: proportional to the text after the frontier (plus carried definitions),
    ///   not to the length of the document.
    public mutating func update() -> DocumentUpdate {
        frame(atEnd: false)
    }

    /// Ends the stream: flushes an incomplete UTF-8 sequence, parses the rest and makes every
    /// block final.
    public mutating func finish() -> DocumentUpdate {
        normalizer.finish(into: &source)
        var update = frame(atEnd: true)
        update.isDone = true
        isFinished = true
        return update
    }

    /// Parses `text` in one go: the reference the streaming result always equals.
    public static func parse<C: Collection>(_ text: C) -> [Block] where C.Element == UInt8 {
        var stream = MarkdownStream()
        stream.append(text)
        _ = stream.finish()
        return stream.finalBlocks
    }

    // MARK: - Frames

    private mutating func frame(atEnd: Bool) -> DocumentUpdate {
        frameCount += 1
        var update = DocumentUpdate(frame: frameCount)
        let parsed = SliceParser.parse(prefix: definitions.prefix, slice: source[frontier...], base: frontier)
        bytesParsed += definitions.prefix.count + source.count - frontier
        var entries = parsed.entries
        let anchor = atEnd ? entries.count : Self.anchorIndex(entries)

        // Name the blocks, remembering the identity state before each one that becomes final
        // and at the anchor, where the next frame resumes.
        var assigner = identity
        var identityBefore: [IdentityAssigner] = []
        identityBefore.reserveCapacity(anchor)
        for index in entries.indices {
            if index < anchor { identityBefore.append(assigner) }
            if index == anchor { identity = assigner }
            assigner.assign(&entries[index].block)
        }
        if anchor == entries.count { identity = assigner }

        let shown = entries[..<anchor].map(\.block) + displayedOpenBlocks(entries, anchor: anchor, atEnd: atEnd)
        diff(shown, against: openBlocks, into: &update)

        // Everything before the anchor is final; keep any link definitions it holds. When no
        // block became final the frontier stays where it is: the text before the first block
        // (blank lines, link definitions, the indentation of a line still being written) may
        // yet join what follows, as `    ` does with a later `r` to make indented code.
        let newFrontier = atEnd ? source.count : anchor > 0 ? entries[anchor].lineStart : frontier
        let firstNewFinal = finalBlocks.count
        var definitionsChanged = false
        if let first = entries.first, anchor > 0, first.lineStart > frontier {
            definitionsChanged = definitions.absorb(source[frontier..<first.lineStart], literalRange: nil)
        } else if entries.isEmpty, atEnd {
            definitionsChanged = definitions.absorb(source[frontier...], literalRange: nil)
        }
        for index in 0..<anchor {
            let block = entries[index].block
            let segmentEnd = index + 1 < entries.count ? entries[index + 1].lineStart : source.count
            let segment = source[entries[index].lineStart..<segmentEnd]
            if definitions.absorb(segment, literalRange: block.isLiteral ? block.range : nil) {
                definitionsChanged = true
            }
            finalRecords.append(FinalRecord(lineStart: entries[index].lineStart,
                                            identityBefore: identityBefore[index],
                                            mayReference: block.mayHoldUnresolvedReference))
            finalBlocks.append(block)
            update.finalized.append(block.id)
        }
        let oldFrontier = frontier
        frontier = max(frontier, newFrontier)
        openBlocks = Array(shown[anchor...])

        if definitionsChanged, firstNewFinal > 0 {
            let reresolved = reresolve(upTo: firstNewFinal, endingAt: oldFrontier)
            if !reresolved.isEmpty {
                update.changed = (update.changed + reresolved).sorted { $0.id < $1.id }
            }
        }
        return update
    }

    /// The open blocks as they should be shown: the parse itself, unless the incomplete last line
    /// is ambiguous (see ``TailStabilizer``), in which case that line is held back.
    private mutating func displayedOpenBlocks(_ entries: [ParsedSlice.Entry], anchor: Int, atEnd: Bool) -> [Block] {
        let parsed = entries[anchor...].map(\.block)
        guard stabilizesTail, !atEnd else { return parsed }
        let lastLineStart = Self.lastLineStart(source)
        guard lastLineStart < source.count else { return parsed }
        let line = source[lastLineStart...]
        var holdBack = TailStabilizer.isInFence(parsed) && TailStabilizer.looksLikeClosingFence(line)
        if !holdBack, TailStabilizer.mayBeAmbiguous(line) {
            // Probe: would one more ordinary character change the block structure?
            var probe = Array(source[frontier...])
            probe.append(UInt8(ascii: "x"))
            let probed = SliceParser.parse(prefix: definitions.prefix, slice: probe[...], base: frontier)
            bytesParsed += definitions.prefix.count + probe.count
            holdBack = probed.entries.count < anchor
                || TailStabilizer.shape(parsed) != TailStabilizer.shape(probed.entries[anchor...].map(\.block))
        }
        guard holdBack else { return parsed }
        let held = SliceParser.parse(prefix: definitions.prefix, slice: source[frontier..<lastLineStart], base: frontier)
        bytesParsed += definitions.prefix.count + lastLineStart - frontier
        guard held.entries.count >= anchor else { return parsed }
        heldBackFrames += 1
        var blocks = held.entries[anchor...].map(\.block)
        var assigner = identity
        assigner.assign(&blocks)
        return blocks
    }

    /// Offset just past the last line ending in `bytes` (0 if there is none).
    static func lastLineStart(_ bytes: [UInt8]) -> Int {
        var index = bytes.count
        while index > 0 {
            let byte = bytes[index - 1]
            if byte == 0x0A || byte == 0x0D { return index }
            index -= 1
        }
        return 0
    }

    /// Reports blocks of `current` that are new or changed relative to `previous`, and blocks of
    /// `previous` that are gone.
    private func diff(_ current: [Block], against previous: [Block], into update: inout DocumentUpdate) {
        var old: [BlockID: Block] = [:]
        for block in previous { old[block.id] = block }
        for block in current {
            if let before = old.removeValue(forKey: block.id) {
                if before != block { update.changed.append(block) }
            } else {
                update.inserted.append(block)
            }
        }
        update.removed = previous.map(\.id).filter { old[$0] != nil }
    }

    /// Parses again the final blocks before index `end` whose links a newly kept definition may
    /// resolve, and returns those that changed. Block `end - 1`'s text ends at `lastEnd`.
    private mutating func reresolve(upTo end: Int, endingAt lastEnd: Int) -> [Block] {
        var changed: [Block] = []
        for index in 0..<end where finalRecords[index].mayReference {
            let record = finalRecords[index]
            let next = index + 1 < end ? finalRecords[index + 1].lineStart : lastEnd
            let parsed = SliceParser.parse(prefix: definitions.prefix,
                                           slice: source[record.lineStart..<next], base: record.lineStart)
            bytesParsed += definitions.prefix.count + next - record.lineStart
            guard parsed.entries.count == 1, var block = parsed.entries.first?.block else { continue }
            var assigner = record.identityBefore
            assigner.assign(&block)
            if block != finalBlocks[index] {
                finalBlocks[index] = block
                finalRecords[index].mayReference = block.mayHoldUnresolvedReference
                changed.append(block)
            }
        }
        return changed
    }

    /// The index of the block the next parse starts from: the last top-level block that starts on
    /// a complete line. An incomplete last line can look like a new block and close the previous
    /// one (`a\n#` vs `a\n#b`), so a block starting on it cannot anchor. A paragraph that cmark
    /// split off a table anchors the pair.
    static func anchorIndex(_ entries: [ParsedSlice.Entry]) -> Int {
        guard var index = entries.lastIndex(where: { $0.startsOnCompleteLine }) else { return 0 }
        while index > 0, entries[index - 1].joinsNext { index -= 1 }
        return index
    }
}
