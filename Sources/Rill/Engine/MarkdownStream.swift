/// The streaming engine: bytes in, top-level blocks with stable identities out.
///
/// Feed bytes with ``append(_:)`` as they arrive (split anywhere), then once per frame call
/// ``advance()`` (or ``update()`` to also get a report of what changed); call ``finish()`` at the
/// end of input. Only the part of the document that can still change is parsed again:
///
/// - everything before the last top-level block that starts on a complete line is final (the
///   frontier): an incomplete last line can look like a new block start and close the previous
///   block (`a\n#` vs `a\n#b`), so a block starting on it cannot anchor;
/// - inside that last block, when it is a list, a block quote or a table, the children before
///   its last child that starts on a complete line are final too (see ``ChildGrowth``), and an
///   open fenced code block grows line by line without parsing at all (see ``FenceGrowth``).
///
/// So a frame costs what changed, not the document's length, however long one block grows.
/// One huge open block that is not code (a megabyte-long paragraph or line) would still be parsed
/// whole at every frame: above ``reparseThreshold`` bytes, the open part is parsed again only
/// once it has grown by a quarter since its last parse (or once a blank line and a complete line
/// after it arrived, at most once in between), and the frames in between keep the last view.
/// The parse sizes then grow geometrically, so the total work stays proportional to the input.
/// The final state equals a one-shot parse of the whole text, identities included, however the
/// input was chunked.
public struct MarkdownStream: Sendable {
    /// The normalized text received so far (valid UTF-8, no NUL); all offsets index into it.
    public private(set) var source: [UInt8] = []
    /// Top-level blocks that will not change again, in document order.
    public private(set) var finalBlocks: [Block] = []
    /// The open part of the document as of the last frame, as it should be shown.
    public private(set) var tail = OpenTail()
    /// Number of frames produced so far.
    public private(set) var frameCount = 0
    /// Whether ``finish()`` has run.
    public private(set) var isFinished = false
    /// Bytes handed to cmark so far, carried definitions included (for statistics).
    public private(set) var bytesParsed = 0
    /// Frames in which an ambiguous incomplete last line was held back.
    public private(set) var heldBackFrames = 0
    /// Frames in which delimiters left open at the end were shown closed.
    public private(set) var provisionalFrames = 0
    /// The closers the last frame showed as if they had arrived (empty when none), and where
    /// in the text they went (before any trailing spaces).
    public private(set) var provisionalClosers: [UInt8] = []
    public private(set) var provisionalCloserOffset = 0
    /// Whether an ambiguous incomplete last line is held back from the open blocks (see
    /// ``TailStabilizer``). Final blocks and the final state never depend on it.
    public var stabilizesTail = true
    /// Whether big containers are extended incrementally (turned off only to compare against).
    public var growsIncrementally = true
    /// Whether the open item of a growing list that ends in a sub-list re-parses only its last
    /// sub-items (see ``NestedGrowth``; turned off only to compare against).
    public var growsNestedLists = true
    /// How many final blocks, from the first, were released with ``releaseFinalBlocks(before:)``.
    public private(set) var releasedFinalCount = 0
    /// Size in bytes (definitions carried in included) above which the open part is not parsed
    /// again at every frame, but only once it has grown by a quarter since its last parse, or
    /// once a blank line and a complete line after it arrived (a new block may have begun), at
    /// most once between two such parses. The frames in between keep the last frame's view
    /// unchanged (``deferredFrames`` counts them): a giant open block lags behind its text by up
    /// to a quarter of its size, and becomes final a little later; the final state never changes.
    public var reparseThreshold = 64 * 1024
    /// Frames that kept the last view of a large open part instead of parsing it again.
    public private(set) var deferredFrames = 0
    /// Whether a paragraph (or a table row's last cell) whose incomplete last line grew only by
    /// plain words is shown without parsing it again (see ``PlainTextExtension``; turned off
    /// only to compare against).
    public var extendsPlainText = true
    /// Frames shown by extending the last view's text instead of parsing.
    public private(set) var extendedFrames = 0
    /// Bytes of unsettled lines an open paragraph gathers before they are settled in one parse
    /// (see ``ParagraphCut``); `Int.max` parses every open paragraph whole. Tests set 1 to settle
    /// at every line.
    public var paragraphSettleStep = ParagraphCut.settleStep
    /// Frames that parsed an open paragraph from its settled lines on instead of whole.
    public private(set) var paragraphCutFrames = 0
    /// Where the last frame's view can be extended from by plain words, if it can.
    private var plainTextMark: PlainTextExtension.Mark?

    private var normalizer = UTF8Normalizer()
    /// Stream offset of the first line of the top-level tail.
    private var frontier = 0
    /// Identity state at the frontier.
    private var identity = IdentityAssigner()
    private var definitions = DefinitionCarrier()
    /// What the engine remembers about each final block, parallel to `finalBlocks`.
    private var finalRecords: [FinalRecord] = []
    /// End of the last final block (kept apart, as a released block keeps its range but a
    /// consumer may not rely on it).
    private var lastFinalEnd: Int?
    /// Indices of final blocks that a later link definition may change (`mayReference`), in order.
    private var referencing: [Int] = []
    /// The container at the frontier being extended incrementally, if any.
    private var growth: Growth?
    /// The open blocks as last reported by ``update()``, to report differences against.
    private var reportedOpen: [Block] = []
    /// Offsets just past the last line ending received and past the one before it (0 when none),
    /// kept as bytes arrive so that ``incompleteLineStart`` costs nothing on a megabyte-long line.
    private var lastLineStart = 0
    private var previousLineStart = 0
    /// Offset of the `]` of the last `]:` received (see ``definitionsMayVanish``).
    private var lastDefinitionMark: Int?
    /// Where the split-off paragraph whose definitions final blocks were last resolved without
    /// starts (so that it is done once, not every frame while its table grows).
    private var lastDroppedDefinitions: Int?
    /// The last parse of the open part, while it is large (see ``reparseThreshold``).
    private var lastParse: LastParse?

    /// Where the open part's last parse started and ended, and what the text since says.
    private struct LastParse: Sendable {
        /// Offset the parse started from (the frontier, or a growing container's inner frontier).
        var start: Int
        /// Length of the text when it was parsed.
        var end: Int
        /// Whether the parse was made early, for a blank line (then the next one waits for growth).
        var wasEarly: Bool
        /// Text after `end` already scanned for a blank line followed by a complete line.
        var scanned: Int
        var lineIsBlank = false
        var sawBlankLine = false
    }

    private enum Growth: Sendable {
        case children(ChildGrowth)
        case fence(FenceGrowth)
    }

    private struct FinalRecord: Sendable {
        /// Offset of the block's first line.
        var lineStart: Int
        /// Identity state just before the block, to rename it if it is parsed again.
        var identityBefore: IdentityAssigner
        /// Whether its text holds a `]`, so that a later link definition could change it.
        var mayReference: Bool
        /// What its text may reference (see ``DefinitionLabels/bracketedTokens(in:)``), read
        /// the first time a late definition asks, so that later ones do not read it again.
        var referenceTokens: Set<[UInt8]>?
        /// Where its own text ends (what it may reference is read up to there).
        var textEnd: Int
        /// Whether only a stub of it is kept (see ``releaseFinalBlocks(before:keepingResolvable:)``).
        var isReleased = false
    }

    /// Creates an empty stream.
    public init() {}

    /// Every open top-level block as a whole value.
    ///
    /// - Complexity: O(n) in the size of a growing block; ``tail`` gives the same without copies.
    public var openBlocks: [Block] { tail.blocks }

    /// Every top-level block as of the last frame: final ones, then open ones.
    public var blocks: [Block] { finalBlocks + openBlocks }

    /// Offset where the still-changing part of the document begins.
    public var frontierOffset: Int { frontier }

    /// Offset where the incomplete last line of input starts, or nil when the input so far
    /// ends with a line ending (or has ended). A lone `\r` at the end does not end its line yet:
    /// it may be the first half of `\r\n`.
    public var incompleteLineStart: Int? {
        guard !isFinished else { return nil }
        if lastLineStart < source.count { return lastLineStart }
        if source.last == 0x0D { return previousLineStart }
        return nil
    }

    /// Appends a chunk of raw bytes; nothing is parsed until the next frame.
    ///
    /// - Complexity: O(n) in the chunk's length.
    public mutating func append<C: Collection>(_ chunk: C) where C.Element == UInt8 {
        precondition(!isFinished, "append after finish")
        let start = source.count
        normalizer.normalize(chunk, into: &source)
        noteLineEndings(from: start)
    }

    /// Moves the remembered line starts past the line endings in `source[start...]`, and notes
    /// the last `]:` for ``definitionsMayVanish``.
    private mutating func noteLineEndings(from start: Int) {
        var index = start
        while index < source.count {
            let byte = source[index]
            if byte == 0x0A || byte == 0x0D {
                // The `\n` of a `\r\n` only moves the start of the line past itself.
                if !(byte == 0x0A && index > 0 && source[index - 1] == 0x0D) { previousLineStart = lastLineStart }
                lastLineStart = index + 1
            } else if byte == 0x3A, index > 0, source[index - 1] == 0x5D {
                lastDefinitionMark = index - 1
            }
            index += 1
        }
    }

    /// Whether the part of the text that is not final yet may hold a link reference definition
    /// (a `]:` occurs in it), whose links final blocks may show resolved. Until that text is
    /// final, a table's delimiter row can still make cmark-gfm drop the definition (it never
    /// finalizes a paragraph that a table's header line splits off), and those links turn back
    /// into text when the table becomes final.
    var definitionsMayVanish: Bool {
        guard !isFinished, let lastDefinitionMark else { return false }
        return lastDefinitionMark >= parseStart
    }

    /// Parses what changed since the last frame; ``finalBlocks`` and ``tail`` show the result.
    /// Returns the identities of the blocks that became final.
    ///
    /// - Complexity: proportional to the text parsed again (see the type's summary), not to the
    ///   length of the document.
    @discardableResult
    public mutating func advance() -> [BlockID] {
        frame(atEnd: false).finalized
    }

    /// Parses what changed since the last frame and reports it, in terms of whole top-level
    /// blocks (for event consumers).
    ///
    /// - Complexity: ``advance()`` plus O(n) in the size of the open blocks, which are compared
    ///   with the last report.
    public mutating func update() -> DocumentUpdate {
        report(frame(atEnd: false))
    }

    /// Ends the stream: flushes an incomplete UTF-8 sequence, parses the rest and makes every
    /// block final.
    @discardableResult
    public mutating func finish() -> DocumentUpdate {
        let start = source.count
        normalizer.finish(into: &source)
        noteLineEndings(from: start)
        var update = report(frame(atEnd: true))
        update.isDone = true
        isFinished = true
        return update
    }

    /// Parses `text` in one go: the reference the streaming result always equals.
    public static func parse<C: Collection>(_ text: C) -> [Block] where C.Element == UInt8 {
        var stream = MarkdownStream()
        stream.append(text)
        stream.finish()
        return stream.finalBlocks
    }

    // MARK: - Frames

    private struct FrameOutcome {
        var finalized: [BlockID] = []
        var firstNewFinal = 0
        var reresolved: [Block] = []
    }

    /// One top-level block of the tail: the growing container, or a parsed block.
    private enum Item {
        case growth
        case entry(ParsedSlice.Entry)
    }

    /// A parse of the tail, named, without any change to the engine's state.
    private struct TailParse {
        /// The growing container's open children this parse, if a container grows.
        var growthParse: ChildGrowth.Parse?
        var growthIdentityBefore: [IdentityAssigner] = []
        var growthIdentityAfter = IdentityAssigner()
        /// Parsed top-level blocks (after the growing container, if any).
        var entries: [ParsedSlice.Entry] = []
        /// Identity state before each entry.
        var identityBefore: [IdentityAssigner] = []
        /// Whether the open paragraph was parsed from its settled lines on.
        var usedCut = false
    }

    /// Where a parse of the open part starts: a growing container's inner frontier, else the frontier.
    private var parseStart: Int {
        if case .children(let grown)? = growth { return grown.innerFrontier }
        return frontier
    }

    /// The settled lines of the open paragraph at the frontier, if any (see ``ParagraphCut``).
    private var paragraphCut: ParagraphCut?
    /// The paragraph lines that were last found not settled, and where they ended: they are tried
    /// again once they have grown by half, so that a paragraph whose start never settles is not
    /// parsed whole again at every frame.
    private var unsettled: (start: Int, end: Int)?

    /// The paragraph cut a parse of the open part uses: one of the paragraph at the frontier
    /// when nothing grows.
    private var usableCut: ParagraphCut? {
        guard growth == nil, let paragraphCut, paragraphCut.paragraphStart == frontier else { return nil }
        return paragraphCut
    }

    /// Bytes of the open part a parse up to `end` hands to cmark, plus `extra` bytes (the
    /// definitions it carries, few, not counted). An open paragraph counts whole even when its
    /// settled lines are not parsed again: what else a frame does with it (its inlines put
    /// together, styled and compared) still grows with it, so a huge one is still parsed only
    /// as it grows by a quarter (see ``parseTiming()``).
    private func parseCost(end: Int, extra: Int) -> Int {
        guard case .children(let grown)? = growth else { return max(0, end - parseStart) + extra }
        let (start, context) = grown.sliceStart
        return max(0, end - start) + extra + context
    }

    /// The kept definitions a parse of the open part carries: those that may define a label
    /// its text references (see ``DefinitionCarrier/prefix(for:)``). Read
    /// from the frontier to the end, the most any parse of this frame reads; made once a frame.
    ///
    /// - Complexity: O(the open part), then O(1) in the same frame.
    private mutating func carriedDefinitions() -> [UInt8] {
        guard !definitions.isEmpty else { return [] }
        let key = CarriedKey(frontier: frontier, end: source.count, definitions: definitions.count)
        if let carried, carried.key == key { return carried.prefix }
        let prefix = definitions.prefix(for: source[min(frontier, source.count)...])
        carried = (key, prefix)
        return prefix
    }

    /// What ``carriedDefinitions()`` depends on.
    private struct CarriedKey: Equatable {
        let frontier: Int
        let end: Int
        let definitions: Int
    }

    /// The definitions the open part carried, with what they were chosen for.
    private var carried: (key: CarriedKey, prefix: [UInt8])?

    /// ``tailParse(end:extra:definitions:)``, counted in ``bytesParsed``.
    private mutating func countedTailParse(end: Int, extra: [UInt8] = []) -> TailParse? {
        let definitions = carriedDefinitions()
        let parsed = tailParse(end: end, extra: extra, definitions: definitions)
        if let parsed, parsed.usedCut, let cut = usableCut {
            bytesParsed += definitions.count + ParagraphCut.standInCount + end - cut.offset + extra.count
        } else {
            bytesParsed += definitions.count + parseCost(end: end, extra: extra.count)
        }
        return parsed
    }

    /// When to parse the open part again (see ``reparseThreshold``).
    private enum ParseTiming {
        /// Now: the open part is small, new, or has grown by a quarter.
        case due
        /// Now, before it has grown enough, because a new block may have begun.
        case early
        /// Not this frame: the last view stays.
        case deferred
    }

    /// Whether this frame parses the open part again or keeps the last view of it.
    private mutating func parseTiming() -> ParseTiming {
        guard var last = lastParse, last.start == parseStart else { return .due }
        let size = parseCost(end: source.count, extra: 0)
        let lastSize = parseCost(end: last.end, extra: 0)
        guard size > reparseThreshold, size - lastSize < lastSize / 4 else { return .due }
        if !last.wasEarly {
            // A blank line, then a complete line: a new block may have begun, parse now.
            var index = last.scanned
            while index < source.count {
                let byte = source[index]
                switch byte {
                case 0x0A, 0x0D:
                    if byte == 0x0A, index > 0, source[index - 1] == 0x0D { break }
                    if last.sawBlankLine, !last.lineIsBlank { return .early }
                    if last.lineIsBlank { last.sawBlankLine = true }
                    last.lineIsBlank = true
                case 0x20, 0x09:
                    break
                default:
                    last.lineIsBlank = false
                }
                index += 1
            }
            last.scanned = source.count
            lastParse = last
        }
        return .deferred
    }

    private mutating func frame(atEnd: Bool) -> FrameOutcome {
        frameCount += 1
        var outcome = FrameOutcome()
        outcome.firstNewFinal = finalBlocks.count
        let incomplete = atEnd ? source.count : (incompleteLineStart ?? source.count)
        var definitionsChanged = false
        var assembled: [Int] = []  // final blocks put together from earlier parses

        if !growsIncrementally { growth = nil }
        // A large open part not grown enough since its last parse keeps its last view.
        let timing: ParseTiming = atEnd || isFenceGrowing ? .due : parseTiming()
        if timing == .deferred {
            deferredFrames += 1
            plainTextMark = nil
            return outcome
        }
        if !atEnd, let (extended, mark) = extendedPlainText(incomplete: incomplete) {
            extendedFrames += 1
            tail = extended
            plainTextMark = mark
            if mark.openDepth == 0 {
                provisionalClosers = []  // a code span shown closed was closed by its text
            } else if !provisionalClosers.isEmpty {
                // The closers still close the same inlines, after the text as it now ends.
                provisionalFrames += 1
                provisionalCloserOffset = source.endTrimmingSpaces(source.count, notBefore: incomplete)
            }
            noteParse(wasEarly: false)
            return outcome
        }
        plainTextMark = nil
        lastParse = nil
        // Last frame's view shares the growing block's final children; let it go, so that they
        // can grow in place instead of being copied every frame.
        tail = OpenTail()
        provisionalClosers = []

        // 1. A growing fence needs no parse at all.
        if case .fence(var fence)? = growth {
            growth = nil  // leave `fence` the only owner of its lines, which grow in place
            if atEnd { fence.finish(source) } else { fence.consume(source) }
            if fence.closing == nil, !atEnd {
                growth = .fence(fence)
                tail = OpenTail(growing: fenceView(fence, incomplete: incomplete))
                return outcome
            }
            let block = fence.materialized(source)
            appendFinal(block, lineStart: fence.lineStart, identityBefore: fence.identityBefore, outcome: &outcome)
            frontier = fence.closing?.next ?? source.count
            identity = fence.identityAfter
            growth = nil
        }

        // 2. Parse the tail: from the inner frontier of a growing container, else from the frontier.
        // An incomplete line that may be a link definition being written is left out, even of
        // what becomes final: blocks resolved against a half-written destination would keep it.
        let leavesLineOut = !atEnd && incompleteLineMayDefine(incomplete)
        let parseEnd = leavesLineOut ? incomplete : source.count
        var parsed = countedTailParse(end: parseEnd)
        if parsed == nil {
            growth = nil
            parsed = countedTailParse(end: parseEnd)
        }
        guard let parsed else { return outcome }
        if parsed.usedCut { paragraphCutFrames += 1 }
        var items: [Item] = []
        var identityBefore: [IdentityAssigner] = []
        if case .children(var grown)? = growth, let growthParse = parsed.growthParse {
            grown.accept(growthParse, identityBefore: parsed.growthIdentityBefore, after: parsed.growthIdentityAfter)
            growth = .children(grown)
            items.append(.growth)
            identityBefore.append(grown.identityBefore)
        }
        items += parsed.entries.map(Item.entry)
        identityBefore += parsed.identityBefore

        // 3. Everything before the anchor is final.
        let anchor = atEnd ? items.count : anchorIndex(items)
        if atEnd, items.isEmpty, frontier < source.count {
            // Only definitions (or blank lines) after the last block.
            definitionsChanged = definitions.absorb(source[frontier...], literalRange: nil) || definitionsChanged
        }
        if anchor > 0 {
            if case .entry(let first)? = items.first, first.lineStart > frontier {
                // Text before the first block (blank lines, definition-only paragraphs).
                definitionsChanged = definitions.absorb(source[frontier..<first.lineStart], literalRange: nil)
                    || definitionsChanged
            }
            // A paragraph cmark split off above a table is absorbed with the table, as one segment:
            // definitions in it are never registered (cmark never finalizes that paragraph), which
            // only a parse of the pair shows; alone, its text would define.
            var segmentStart: Int?
            for index in 0..<anchor {
                let segmentEnd = index + 1 < items.count ? lineStart(items[index + 1]) : source.count
                switch items[index] {
                case .growth:
                    guard case .children(let grown)? = growth else { continue }
                    definitionsChanged = definitions.absorb(source[grown.absorbedUpTo..<max(grown.absorbedUpTo, segmentEnd)],
                                                            literalRange: nil, context: grown.definitionContext(from: grown.absorbedUpTo))
                        || definitionsChanged
                    if let intro = grown.intro {
                        // Parsed when the growth started, before any definition that came since.
                        appendFinal(intro, lineStart: grown.lineStart, identityBefore: grown.identityBefore, outcome: &outcome)
                        assembled.append(finalBlocks.count - 1)
                    }
                    let block = grown.materialized()
                    appendFinal(block, lineStart: source.lineStart(containing: block.range.lowerBound),
                                identityBefore: grown.identityBeforeHead, outcome: &outcome)
                    assembled.append(finalBlocks.count - 1)
                    growth = nil
                case .entry(let entry):
                    let start = segmentStart ?? entry.lineStart
                    segmentStart = entry.joinsNext && index + 1 < anchor ? start : nil
                    if segmentStart == nil {
                        let literal = entry.block.isLiteral ? entry.block.range : nil
                        definitionsChanged = definitions.absorb(source[start..<segmentEnd], literalRange: literal)
                            || definitionsChanged
                    }
                    appendFinal(entry.block, lineStart: entry.lineStart, identityBefore: identityBefore[index],
                                outcome: &outcome)
                }
            }
            if anchor < items.count {
                frontier = lineStart(items[anchor])
                identity = identityBefore[anchor]
            } else {
                frontier = source.count
                identity = parsed.identityBefore.last.map { _ in self.identityAfter(parsed) } ?? identity
            }
        }

        // 4. Inside the anchor: start growing it, or move its inner frontier.
        if !atEnd, anchor < items.count {
            switch items[anchor] {
            case .growth:
                if case .children(var grown)? = growth {
                    growth = nil  // leave `grown` the only owner of its final children, which grow in place
                    if grown.advance(source, incompleteFrom: incomplete, definitions: carriedDefinitions()) {
                        let context = grown.definitionContext(from: grown.absorbedUpTo)
                        definitionsChanged = definitions.absorb(grown.takeFinalText(source), literalRange: nil,
                                                                context: context) || definitionsChanged
                    }
                    growth = .children(grown)
                }
            case .entry(let entry):
                if growsIncrementally, entry.startsOnCompleteLine {
                    startGrowth(parsed.entries, at: anchor - (items.count - parsed.entries.count),
                                identityBefore: identityBefore[anchor], incomplete: incomplete,
                                definitionsChanged: &definitionsChanged)
                }
            }
        }

        // 5. A definition that became final may change blocks parsed before it arrived.
        var viewItems = items
        var viewAnchor = anchor
        if definitionsChanged {
            outcome.reresolved = reresolve(upTo: outcome.firstNewFinal, also: assembled)
            if case .children(let grown)? = growth, grown.finalChildrenMayReference(source) {
                // Its final children were parsed without the definition: parse it whole again
                // (it grows again from the next frame).
                growth = nil
                viewItems = (countedTailParse(end: parseEnd)?.entries ?? []).map(Item.entry)
                viewAnchor = 0
            }
        }
        // Definitions that a table's header line just split off (cmark-gfm never registers them)
        // may have resolved final blocks while they stood: resolve those again without them.
        if !atEnd, let dropped = droppedDefinitions(items, from: anchor), dropped.start != lastDroppedDefinitions {
            lastDroppedDefinitions = dropped.start
            for block in reresolve(upTo: finalBlocks.count, also: [], labels: dropped.labels) {
                outcome.reresolved.removeAll { $0.id == block.id }
                outcome.reresolved.append(block)
            }
        }

        // 6. Settle more lines of an open paragraph at the frontier.
        if !atEnd { settleParagraph(viewItems, anchor: viewAnchor, incomplete: incomplete) } else { paragraphCut = nil }

        // 7. What to show of the open part.
        let heldBefore = heldBackFrames
        tail = openView(items: viewItems, anchor: viewAnchor, atEnd: atEnd, incomplete: incomplete,
                        lineLeftOut: leavesLineOut)
        if extendsPlainText, !atEnd, heldBackFrames == heldBefore, !isFenceGrowing, incomplete < source.count {
            plainTextMark = PlainTextExtension.mark(tail, source: source, lineStart: incomplete, closers: provisionalClosers)
        }
        if !atEnd, !isFenceGrowing { noteParse(wasEarly: timing == .early) }
        return outcome
    }

    /// Moves the cut of the open paragraph at the frontier forward to the start of its last
    /// complete line, in steps of ``paragraphSettleStep`` bytes (see ``ParagraphCut``), or
    /// drops it when the frontier moved on.
    private mutating func settleParagraph(_ items: [Item], anchor: Int, incomplete: Int) {
        if let cut = paragraphCut, cut.paragraphStart != frontier || growth != nil { paragraphCut = nil }
        let start = paragraphCut?.offset ?? frontier
        // The lines to settle end where the last complete line starts, before `incomplete`. (A
        // cut kept while its paragraph changed is harmless: a parse from it that does not show
        // the same paragraph continued is not used; see ``ParagraphCut/entries(_:end:extra:definitions:)``.)
        guard incomplete - start > paragraphSettleStep else { return }
        guard growth == nil, anchor < items.count, case .entry(let entry) = items[anchor],
              entry.lineStart == frontier, entry.startsOnCompleteLine, !entry.joinsNext,
              case .paragraph = entry.block.kind, !source.startsWithBracket(at: frontier) else {
            // A `[` may start link definitions, which cmark takes off the paragraph's start.
            paragraphCut = nil
            unsettled = nil
            return
        }
        let end = previousLineStart(before: incomplete)
        guard end - start >= paragraphSettleStep else { return }
        if let unsettled, unsettled.start == start, end - start < (unsettled.end - start) * 3 / 2 { return }
        let definitions = carriedDefinitions()
        bytesParsed += definitions.count + ParagraphCut.standInCount + end - start + 1  // and the stand-in line after
        let settled: Bool
        if var cut = paragraphCut {
            paragraphCut = nil  // leave `cut` the only owner of its inlines, which grow in place
            settled = cut.settle(source, upTo: end, definitions: definitions)
            paragraphCut = cut
        } else {
            paragraphCut = ParagraphCut.settling(source, paragraphStart: frontier, blockStart: entry.block.range.lowerBound,
                                                 upTo: end, definitions: definitions)
            settled = paragraphCut != nil
        }
        unsettled = settled ? nil : (start, end)
    }

    /// Remembers that the open part was shown as of the whole text received (see ``parseTiming()``).
    private mutating func noteParse(wasEarly: Bool) {
        lastParse = LastParse(start: parseStart, end: source.count, wasEarly: wasEarly, scanned: source.count,
                              lineIsBlank: source.last == 0x0A || source.last == 0x0D)
    }

    /// Parses the tail up to `end`, plus `extra` bytes (anticipated closers and the text after
    /// them), naming what it finds.
    /// Returns nil when a growing container no longer continues in the slice.
    private func tailParse(end: Int, extra: [UInt8] = [], definitions: [UInt8]) -> TailParse? {
        var result = TailParse()
        var assigner = identity
        var previousEnd = lastFinalEnd
        var start = frontier
        if case .children(let grown)? = growth {
            guard let (parse, before, after) = grown.parse(source, end: end, extra: extra, definitions: definitions) else {
                return nil
            }
            result.growthParse = parse
            result.growthIdentityBefore = before
            result.growthIdentityAfter = after
            result.entries = parse.later
            assigner = after
            previousEnd = parse.end
            start = grown.innerFrontier
        } else if let cut = usableCut, let entries = cut.entries(source, end: end, extra: extra, definitions: definitions) {
            result.entries = entries
            result.usedCut = true
        } else {
            var slice = source[min(frontier, end)..<end]
            var extended: [UInt8] = []
            if !extra.isEmpty {
                extended = Array(slice) + extra
                slice = extended[...]
            }
            result.entries = SliceParser.parse(prefix: definitions, slice: slice, base: frontier).entries
        }
        _ = start
        for index in result.entries.indices {
            result.identityBefore.append(assigner)
            assigner.assign(&result.entries[index].block)
        }
        if let previousEnd, !result.entries.isEmpty {
            result.entries[0].block.followsBlankLine = source.hasBlankLine(between: previousEnd,
                                                                           and: result.entries[0].block.range.lowerBound)
        }
        return result
    }

    /// The identity state after every block of `parsed`.
    private func identityAfter(_ parsed: TailParse) -> IdentityAssigner {
        guard var assigner = parsed.identityBefore.last, let last = parsed.entries.last else {
            return parsed.growthParse == nil ? identity : parsed.growthIdentityAfter
        }
        assigner.advance(past: last.block)
        return assigner
    }

    private func lineStart(_ item: Item) -> Int {
        switch item {
        case .growth:
            if case .children(let grown)? = growth { return grown.lineStart }
            return frontier
        case .entry(let entry):
            return entry.lineStart
        }
    }

    /// The index of the block the next parse starts from: the last top-level block that starts on
    /// a complete line, or the block the incomplete line starts when the block before it is
    /// closed whatever that line becomes (see ``closesBeforeIncompleteLine(_:)``). A paragraph
    /// that cmark split off a table anchors the pair.
    private func anchorIndex(_ items: [Item]) -> Int {
        func complete(_ item: Item) -> Bool {
            if case .entry(let entry) = item { return entry.startsOnCompleteLine }
            return true
        }
        func joinsNext(_ item: Item) -> Bool {
            if case .entry(let entry) = item { return entry.joinsNext }
            return false
        }
        guard var index = items.lastIndex(where: complete) else { return 0 }
        if index == items.count - 2, closesBeforeIncompleteLine(items[index]) { return index + 1 }
        while index > 0, joinsNext(items[index - 1]) { index -= 1 }
        return index
    }

    /// Whether `item`, the last top-level block before the one the incomplete line starts, is
    /// closed whatever text that line gets: a heading or a thematic break right above it (they
    /// end with their line), or a paragraph, a table, a block quote, a heading or a thematic
    /// break with a blank line before the incomplete line (no lazy line follows a blank line, no
    /// setext underline or table delimiter row reaches back over it). Lists
    /// (an indented line or another item continues them), code blocks (an unclosed fence, an
    /// indented line) and HTML blocks (some end only at their end marker) are left to anchor
    /// once that line is complete.
    ///
    /// Model answers write a paragraph as one long line: without this, the block before it was
    /// parsed again with it, and stayed open, until its line ended.
    private func closesBeforeIncompleteLine(_ item: Item) -> Bool {
        guard let incomplete = incompleteLineStart, incomplete > 0 else { return false }
        switch item {
        case .growth:
            guard case .children(let grown)? = growth, grown.kind != .list else { return false }
        case .entry(let entry):
            switch entry.block.kind {
            case .heading, .thematicBreak:
                // Ended with its line, when nothing but that line's ending comes before the
                // incomplete line: text between (`[b]:(`, dropped as a definition while the
                // line after it interrupts it) may still join the incomplete line.
                let end = min(entry.block.range.upperBound, incomplete)
                if source.holdsOnlyWhitespace(end..<incomplete) {
                    return true
                }
            case .paragraph, .table, .blockQuote: guard !entry.joinsNext else { return false }
            default: return false
            }
        }
        return source.isBlankLine(before: incomplete)
    }

    private mutating func appendFinal(_ block: Block, lineStart: Int, identityBefore: IdentityAssigner,
                                      outcome: inout FrameOutcome) {
        let segmentEnd = max(block.range.upperBound, lineStart)
        let mayReference = !block.isLiteral && source.containsClosingBracket(in: lineStart..<segmentEnd)
        if mayReference { referencing.append(finalRecords.count) }
        finalRecords.append(FinalRecord(lineStart: lineStart, identityBefore: identityBefore, mayReference: mayReference,
                                        textEnd: segmentEnd))
        finalBlocks.append(block)
        lastFinalEnd = block.range.upperBound
        outcome.finalized.append(block.id)
    }

    // MARK: - Releasing

    /// Lets go of the content of the final blocks before `index`, for a consumer that has shown
    /// them and never looks back (a writer to a pipe, a live view that scrolled them off), so
    /// that a long stream's memory does not grow with the blocks it has already handed on.
    ///
    /// Each released block stays in ``finalBlocks`` as an empty paragraph with its identity,
    /// range and spacing, so indices do not move; ``finalBlock(at:)`` parses it again from the
    /// text when it is needed whole. Everything else, the open blocks and identities included,
    /// is exactly as without releasing. The library default is to release nothing.
    ///
    /// - Parameter keepingResolvable: keep the blocks whose links a link reference definition
    ///   arriving later could still resolve (their text holds a `]`), so that they are still
    ///   re-resolved and reported as changed, as without releasing. When false, every block is
    ///   released, and a later definition no longer changes released blocks.
    /// - Complexity: O(k) in the number of blocks released by this call.
    public mutating func releaseFinalBlocks(before index: Int, keepingResolvable: Bool = false) {
        let end = min(index, finalBlocks.count)
        guard end > releasedFinalCount else { return }
        for position in releasedFinalCount..<end where !(keepingResolvable && finalRecords[position].mayReference) {
            finalBlocks[position] = Block(released: finalBlocks[position])
            finalRecords[position].isReleased = true
            finalRecords[position].mayReference = false
        }
        if !keepingResolvable {
            // Released blocks are never re-resolved: forget them as candidates.
            let kept = referencing.partitioningIndex { $0 >= end }
            referencing.removeFirst(kept)
        }
        releasedFinalCount = end
    }

    /// Final block `index` whole: as kept, or parsed again from the text if it was released.
    ///
    /// - Complexity: O(1) for a kept block; for a released one, a parse of its text (plus the
    ///   link reference definitions seen so far).
    public func finalBlock(at index: Int) -> Block {
        guard finalRecords[index].isReleased else { return finalBlocks[index] }
        return reparsedFinal(at: index).0 ?? finalBlocks[index]
    }

    /// Final blocks and their descendants whose content is still held (not released), for
    /// tests and statistics.
    ///
    /// - Complexity: O(n) in the final blocks and the descendants of the retained ones.
    public var retainedFinalNodeCount: Int {
        var count = 0
        for index in finalBlocks.indices where !finalRecords[index].isReleased {
            finalBlocks[index].forEachDescendant { _, _ in count += 1 }
        }
        return count
    }

    /// Starts growing the anchor entry if it is a container worth extending incrementally.
    private mutating func startGrowth(_ entries: [ParsedSlice.Entry], at index: Int, identityBefore: IdentityAssigner,
                                      incomplete: Int, definitionsChanged: inout Bool) {
        guard index >= 0, index < entries.count else { return }
        let entry = entries[index]
        if case .codeBlock = entry.block.kind {
            if let fence = FenceGrowth(block: entry.block, lineStart: entry.lineStart, source: source,
                                       identityBefore: identityBefore) {
                if entry.lineStart > frontier {
                    definitionsChanged = definitions.absorb(source[frontier..<entry.lineStart], literalRange: nil)
                        || definitionsChanged
                    frontier = entry.lineStart
                }
                growth = .fence(fence)
            }
            return
        }
        guard var grown = ChildGrowth(entries: entries, at: index, source: source, incompleteFrom: incomplete,
                                      identityBefore: identityBefore, definitions: carriedDefinitions()) else { return }
        grown.growsNested = growsNestedLists
        // Lines before the container (blank, or definitions) can no longer change.
        if grown.lineStart > frontier {
            definitionsChanged = definitions.absorb(source[frontier..<grown.lineStart], literalRange: nil) || definitionsChanged
            frontier = grown.lineStart
        }
        definitionsChanged = definitions.absorb(grown.takeFinalText(source), literalRange: nil) || definitionsChanged
        growth = .children(grown)
    }

    // MARK: - What to show

    /// The open blocks as they should be shown: the parse itself, unless the incomplete last line
    /// is ambiguous (see ``TailStabilizer``), in which case that line is held back.
    /// `lineLeftOut`: the frame's parse already ended before the incomplete line (a link
    /// definition being written), so the view is held back as it stands.
    private mutating func openView(items: [Item], anchor: Int, atEnd: Bool, incomplete: Int, lineLeftOut: Bool) -> OpenTail {
        guard !atEnd else { return OpenTail() }
        if case .fence(let fence)? = growth {
            return OpenTail(growing: fenceView(fence, incomplete: incomplete), trailing: trailingEntries(items, after: anchor))
        }
        let view = currentView(items: items, anchor: anchor)
        guard stabilizesTail, incomplete < source.count else { return view }
        if lineLeftOut {
            heldBackFrames += 1
            return view
        }
        let line = source[incomplete...]
        let openParts = currentOpenParts(view)
        let holdBack: Bool
        if TailStabilizer.isInFence(openParts, incomplete: incomplete) {
            holdBack = TailStabilizer.looksLikeClosingFence(line)
        } else {
            // What the line may still become is decided from its text (see ``LineHold``).
            var shown = view.leading + view.trailing
            if let growing = view.growing, case .children(_, let open) = growing.content {
                var head = growing.head
                head.children = open
                shown.insert(head, at: view.leading.count)
            }
            holdBack = LineHold.decision(for: line, context: LineHold.context(lineStart: incomplete, source: source,
                                                                               blocks: shown)) == .hold
        }
        if !holdBack { return provisionallyClosed(view, incomplete: incomplete) }
        guard let held = countedTailParse(end: incomplete) else { return view }
        heldBackFrames += 1
        return self.view(of: held, leading: view.leading)
    }

    /// The last view with the plain words added since it appended to its last paragraph (or
    /// table cell; in a table row, pipes may start new cells), and the mark for the text as it
    /// now ends, when that is what a parse would show (see ``PlainTextExtension``); nil when a
    /// parse is needed.
    private func extendedPlainText(incomplete: Int) -> (OpenTail, PlainTextExtension.Mark)? {
        guard let mark = plainTextMark, mark.lineStart == incomplete, incomplete < source.count,
              parseCost(end: source.count, extra: 0) <= reparseThreshold else { return nil }
        if stabilizesTail {
            let line = source[incomplete...]
            guard !TailStabilizer.isBareNumber(line), !TailStabilizer.mayBeAmbiguous(line),
                  !incompleteLineMayDefine(incomplete) else { return nil }
        }
        return PlainTextExtension.extended(tail, mark: mark, source: source)
    }

    /// Whether the incomplete line starting at `incomplete` may be (part of) a link reference
    /// definition still being written (see ``TailStabilizer/mayBeDefinition(_:)``).
    private func incompleteLineMayDefine(_ incomplete: Int) -> Bool {
        guard stabilizesTail, incomplete < source.count else { return false }
        return TailStabilizer.mayBeDefinition(source[incomplete...])
            || TailStabilizer.opensDefinition(source[previousLineStart(before: incomplete)..<incomplete])
    }

    /// Where the line before the one starting at `lineStart` starts (`lineStart` itself at the
    /// start of the text), looking back at most 1,000 bytes: a definition's label is no longer.
    private func previousLineStart(before lineStart: Int) -> Int {
        guard lineStart > 0 else { return lineStart }
        var start = lineStart - 1  // the previous line's ending: LF, CR, or the LF of CR LF
        if source[start] == 0x0A, start > 0, source[start - 1] == 0x0D { start -= 1 }
        let limit = max(0, lineStart - 1_000)
        while start > limit, source[start - 1] != 0x0A, source[start - 1] != 0x0D { start -= 1 }
        return start > limit || limit == 0 ? start : lineStart
    }

    /// The open part as a parse of the tail shows it (with anticipated closers, or without its last line).
    private func view(of parse: TailParse, leading: [Block]) -> OpenTail {
        var view = OpenTail(leading: leading)
        if case .children(let grown)? = growth, let growthParse = parse.growthParse {
            view.growing = GrowingBlock(
                head: grown.head(end: growthParse.end, isTight: growthParse.isTight),
                content: .children(final: grown.finalChildren, open: growthParse.children))
        }
        view.trailing = parse.entries.map(\.block)
        return view
    }

    /// `view`, with emphasis, strong, strikethrough or code left open at the end of the leaf
    /// being written (a paragraph, an ATX heading or a table row's last cell) shown as closed
    /// (see ``AnticipatedClosers``), when closing them changes nothing but that leaf's styles
    /// and shows only what was written (see ``PreviewCheck``).
    private mutating func provisionallyClosed(_ view: OpenTail, incomplete: Int) -> OpenTail {
        var deepest = currentOpenParts(view).last
        while let block = deepest, !block.children.isEmpty { deepest = block.children.last }
        guard let leaf = deepest, leaf.range.upperBound > incomplete else { return view }
        // Nothing is open in a paragraph's settled lines (see ``ParagraphCut``): look after them.
        var scanStart = leaf.range.lowerBound
        if let cut = usableCut, cut.blockStart == scanStart, cut.offset <= source.count { scanStart = cut.offset }
        guard let closing = AnticipatedClosers.closing(for: leaf, lineStart: incomplete, scanStart: scanStart, in: source),
              leaf.range.upperBound >= closing.offset,
              let closed = countedTailParse(end: closing.offset, extra: closing.closers + source[closing.offset...])
        else { return view }
        let closedParts = openBlocks(of: closed)
        guard TailStabilizer.shape(closedParts) == TailStabilizer.shape(currentOpenParts(view)) else { return view }
        var shownLeaf = closedParts.last
        while let block = shownLeaf, !block.children.isEmpty { shownLeaf = block.children.last }
        guard let shownLeaf, PreviewCheck.showsOnlyWrittenText(shown: shownLeaf, truth: leaf) else { return view }
        provisionalFrames += 1
        provisionalClosers = closing.closers
        provisionalCloserOffset = closing.offset
        var result = self.view(of: closed, leading: view.leading)
        result.clampRanges(to: source.count)
        return result
    }

    /// The view of the state after this frame's changes, without holding anything back.
    private func currentView(items: [Item], anchor: Int) -> OpenTail {
        var view = OpenTail()
        if case .children(let grown)? = growth {
            view.leading = grown.intro.map { [$0] } ?? []
            view.growing = GrowingBlock(head: grown.head, content: .children(final: grown.finalChildren,
                                                                              open: grown.openChildren))
            view.trailing = trailingEntries(items, after: anchor)
            return view
        }
        view.trailing = items[anchor...].compactMap { item in
            if case .entry(let entry) = item { return entry.block }
            return nil
        }
        return view
    }

    /// Parsed blocks after the anchor block (and after a table's intro and the table).
    private func trailingEntries(_ items: [Item], after anchor: Int) -> [Block] {
        guard anchor < items.count else { return [] }
        var skip = anchor + 1
        if case .children(let grown)? = growth, grown.intro != nil, case .entry = items[anchor] { skip += 1 }
        guard skip < items.count else { return [] }
        return items[skip...].compactMap { item in
            if case .entry(let entry) = item { return entry.block }
            return nil
        }
    }

    /// The open parts of a view whose shape matters for ambiguity: the growing container's open
    /// children and the blocks after it.
    private func currentOpenParts(_ view: OpenTail) -> [Block] {
        var blocks: [Block] = []
        if let growing = view.growing, case .children(_, let open) = growing.content {
            blocks += open
        } else {
            blocks += view.leading
        }
        return blocks + view.trailing
    }

    /// The open parts of a parse made after this frame's changes (so it starts at the anchor).
    private func openBlocks(of parse: TailParse) -> [Block] {
        (parse.growthParse?.children ?? []) + parse.entries.map(\.block)
    }

    /// Whether a fenced code block grows (it needs no parse, so nothing to defer).
    private var isFenceGrowing: Bool {
        if case .fence? = growth { return true }
        return false
    }

    private mutating func fenceView(_ fence: FenceGrowth, incomplete: Int) -> GrowingBlock {
        let hide = stabilizesTail && fence.openLineMayClose(source)
        if hide { heldBackFrames += 1 }
        let head = fence.head(source, showOpenLine: !hide)
        return GrowingBlock(head: head, content: .code(lines: fence.lines, openLine: hide ? nil : fence.openLine(source)))
    }

    // MARK: - Reports

    private mutating func report(_ outcome: FrameOutcome) -> DocumentUpdate {
        var update = DocumentUpdate(frame: frameCount)
        update.finalized = outcome.finalized
        let shown = Array(finalBlocks[outcome.firstNewFinal...]) + openBlocks
        var old: [BlockID: Block] = [:]
        for block in reportedOpen { old[block.id] = block }
        for block in shown {
            if let before = old.removeValue(forKey: block.id) {
                if before != block { update.changed.append(block) }
            } else {
                update.inserted.append(block)
            }
        }
        update.removed = reportedOpen.map(\.id).filter { old[$0] != nil }
        // A block shown this frame (newly final, or open) was compared with what the last frame
        // showed above, in its resolved version: reported there if it changed, and not at all
        // if the last frame already showed it so.
        let shownIDs = Set(shown.map(\.id))
        let reresolved = outcome.reresolved.filter { !shownIDs.contains($0.id) }
        if !reresolved.isEmpty {
            update.changed = (update.changed + reresolved).sorted { $0.id < $1.id }
        }
        reportedOpen = openBlocks
        return update
    }

    // MARK: - Late definitions

    /// Parses again the final blocks before index `end` (and those listed in `also`, assembled
    /// from earlier parses) whose links a newly kept definition may resolve, and returns those
    /// that changed.
    private mutating func reresolve(upTo end: Int, also assembled: [Int], labels given: DefinitionLabels? = nil) -> [Block] {
        var changed: [Block] = []
        let labels = given ?? definitions.takeNewLabels()
        let before = referencing.partitioningIndex { $0 >= end }
        let candidates = Array(referencing[..<before]) + assembled.filter { $0 >= end }
        for index in candidates where finalRecords[index].mayReference {
            // Only a block that may use one of the new labels can resolve differently. Its own
            // text decides; what follows it in its segment (blank lines, definitions) refers to
            // nothing in it.
            let tokens = finalRecords[index].referenceTokens
                ?? DefinitionLabels.bracketedTokens(in: source[finalRecords[index].lineStart..<finalRecords[index].textEnd])
            finalRecords[index].referenceTokens = tokens
            guard labels.mayBeReferenced(byTokens: tokens) else { continue }
            let (reparsed, parsedBytes) = reparsedFinal(at: index)
            bytesParsed += parsedBytes
            guard let block = reparsed else { continue }
            if block != finalBlocks[index] {
                finalBlocks[index] = block
                changed.append(block)
            }
        }
        return changed
    }

    /// Where the last open paragraph that a table's header line split off starts, and the
    /// labels its text may define, if its text may define any (see ``droppedDefinitions``).
    ///
    /// - Complexity: O(the open entries), plus the text of such paragraphs (rare).
    private func droppedDefinitions(_ items: [Item], from anchor: Int) -> (start: Int, labels: DefinitionLabels)? {
        var found: (start: Int, labels: DefinitionLabels)?
        for index in anchor..<items.count {
            guard case .entry(let entry) = items[index], entry.joinsNext else { continue }
            let text = source[entry.lineStart..<min(source.count, max(entry.lineStart, entry.block.range.upperBound))]
            guard DefinitionCarrier.mayDefine(text, outside: nil) else { continue }
            var labels = found?.labels ?? DefinitionLabels()
            labels.collect(from: text)
            found = (entry.lineStart, labels)
        }
        return found
    }

    /// Whether final blocks `index` and `index + 1` are a paragraph cmark-gfm split off above a
    /// table and that table, both kept whole (a released block keeps no `joinsNext`).
    private func isSplitPair(_ index: Int) -> Bool {
        guard index >= 0, index + 1 < finalBlocks.count, finalBlocks[index].joinsNext,
              case .paragraph = finalBlocks[index].kind, case .table = finalBlocks[index + 1].kind else { return false }
        return !finalRecords[index].isReleased && !finalRecords[index + 1].isReleased
    }

    /// The text of final block `index`: from its first line to the next block's first line.
    private func segment(ofFinal index: Int) -> Range<Int> {
        let record = finalRecords[index]
        let next = index + 1 < finalRecords.count ? finalRecords[index + 1].lineStart : max(frontier, record.lineStart)
        let upper = max(record.lineStart, max(next, finalBlocks[index].range.upperBound))
        return record.lineStart..<min(upper, source.count)
    }

    /// Final block `index` parsed again from its text with the definitions kept so far that it
    /// may use, named as before (nil if the parse does not find it, which the engine's invariants
    /// rule out), and the number of bytes parsed.
    private func reparsedFinal(at index: Int) -> (Block?, Int) {
        let record = finalRecords[index]
        let range = finalBlocks[index].range
        var segment = segment(ofFinal: index)
        // Only the definitions this block may use: a long answer can carry thousands.
        let prefix = definitions.prefix(for: source[segment])
        // A table whose header line continued the paragraph before it is read so only after
        // that paragraph (alone, `    ---` is code and `2. | b |` a list), and that paragraph
        // only before its table (alone, `[a]: /u` would define): parse the pair.
        if isSplitPair(index - 1) { segment = finalRecords[index - 1].lineStart..<segment.upperBound }
        if isSplitPair(index) { segment = segment.lowerBound..<self.segment(ofFinal: index + 1).upperBound }
        let parsed = SliceParser.parse(prefix: prefix, slice: source[segment], base: segment.lowerBound)
        let parsedBytes = prefix.count + segment.count
        let own = parsed.entries.filter { $0.block.range.lowerBound < range.upperBound }
        // (A released block is a stub without its kind: nothing to compare.)
        guard let match = own.first(where: { $0.block.range.lowerBound == range.lowerBound }),
              record.isReleased || match.block.kind.name == finalBlocks[index].kind.name else { return (nil, parsedBytes) }
        var block = match.block
        var assigner = record.identityBefore
        for earlier in own where earlier.block.range.lowerBound >= record.lineStart
            && earlier.block.range.lowerBound < block.range.lowerBound {
            assigner.advance(past: earlier.block)
        }
        assigner.assign(&block)
        block.followsBlankLine = finalBlocks[index].followsBlankLine
        return (block, parsedBytes)
    }
}

private extension Array where Element == Int {
    /// The first index whose element satisfies `belongs` (elements are sorted so that all that
    /// do come after all that do not).
    func partitioningIndex(where belongs: (Int) -> Bool) -> Int {
        var low = startIndex, high = endIndex
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

extension Block {
    /// What stays of a released final block: its identity and range in an empty paragraph.
    init(released block: Block) {
        self.init(kind: .paragraph([]), range: block.range, hasOwnPosition: block.hasOwnPosition)
        id = block.id
        followsBlankLine = block.followsBlankLine
    }
}
