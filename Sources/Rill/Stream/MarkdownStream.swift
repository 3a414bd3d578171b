/// The streaming engine: bytes in, top-level blocks with stable identities out.
///
/// Feed bytes with ``append(_:)`` as they arrive (split anywhere), then once per frame call
/// ``advance()`` (or ``update()`` to also get a report of what changed); call ``finish()`` at the
/// end of input. A frame runs three stages:
/// 1. the **schedule** (``ParseSchedule``) decides whether the open part is parsed this frame;
/// 2. the **truth** (``Truth``) parses what can still change, from as deep inside the block being
///    written as it can (``ResumePath``), and makes final what can no longer change;
/// 3. the **preview** (``Preview``) makes what is shown of the open part from the truth.
///
/// So a frame costs what changed, not the document's length, however long one block grows, and
/// parses at most twice (the truth, and a preview's parse). The final state equals a one-shot
/// parse of the whole text, identities included, however the input was chunked.
public struct MarkdownStream: Sendable {
    /// The normalized text received so far (valid UTF-8, no NUL); all offsets index into it.
    public private(set) var source: [UInt8] = []
    /// The open part of the document as of the last frame, as it should be shown.
    public private(set) var tail = OpenTail()
    /// Number of frames produced so far.
    public private(set) var frameCount = 0
    /// Whether ``finish()`` has run.
    public private(set) var isFinished = false
    /// Frames that kept the last view instead of parsing the open part again: it was large, or
    /// nothing new had arrived (a character's first bytes only).
    public private(set) var deferredFrames = 0
    /// The state of ``finalBlocks`` and ``tail``: a new number whenever a frame may have changed
    /// them (one that parsed, or showed plain words added), never one another state or another
    /// stream had. A view that finds the number it last laid out reads the same blocks.
    public internal(set) var revision = StreamRevision.next()
    /// Bytes of complete paragraph lines settled in one parse (see ``ParagraphLines``); tests set
    /// 1 to settle at every line, `Int.max` parses every open paragraph whole.
    @_spi(Testing) public var paragraphSettleStep = ParagraphLines.step

    private var normalizer = UTF8Normalizer()
    private var lines = LineTracker()
    var truth = Truth()
    private var preview = Preview()
    private var schedule = ParseSchedule()
    /// The open blocks as last reported by ``update()``, to report differences against (a
    /// growing block without its final children, which cannot change).
    private var reportedOpen: [ReportedBlock] = []
    /// The ``revision`` ``update()`` last reported: a frame that finds it again changed nothing.
    private var reportedRevision: Int?
    /// The length of ``source`` the last frame that parsed or extended the open part showed.
    private var shownLength: Int?
    /// The open blocks' settlements as of the last frame (see ``settlement(ofOpen:)``).
    var settlements = KeptSettlements()
    /// Offset of the `]` of the last `]:` received (see ``linkResolutionMayRevert``).
    private var lastDefinitionMark: Int?
    /// The incomplete line last asked about (see ``incompleteLineMayDefine(_:)``): where its
    /// content starts as far as it was read (after its indentation and `>` markers,
    /// ``TailStabilizer/content(of:)``), read on from there at the next frame, not again from
    /// the line's start; and whether the line before it opens a definition.
    private var incompleteContent = (line: -1, start: 0, afterLabel: false)

    /// Creates an empty stream.
    public init() {}

    /// Top-level blocks that will not change again, in document order.
    public var finalBlocks: [Block] { truth.finalBlocks }

    /// Every open top-level block as a whole value.
    ///
    /// - Complexity: O(n) in the size of a growing block; ``tail`` gives the same without copies.
    public var openBlocks: [Block] { tail.blocks }

    /// Every top-level block as of the last frame: final ones, then open ones.
    public var blocks: [Block] { finalBlocks + openBlocks }

    /// Offset where the still-changing part of the document begins.
    public var frontierOffset: Int { truth.frontier }

    /// Bytes handed to cmark so far, carried definitions included (for statistics).
    public var bytesParsed: Int { truth.bytesParsed }

    /// The plain text the open part ends with as it grows by plain words, so that a view need not
    /// hold it between frames (see ``TextGrowth``).
    private(set) var textGrowth = TextGrowth()

    /// Appends of plain words to the text the open part ends with that moved it to new storage
    /// (outgrown, or held elsewhere, which copies it whole); see ``TextGrowth``.
    public var grownTextMoves: Int { textGrowth.moves }

    /// Inlines ``update()`` compared with those it last reported, one by one (for tests: an
    /// update costs what changed, not the size of the open blocks).
    @_spi(Testing) public private(set) var reportedInlinesCompared = 0

    /// The length from which the text the open part ends with is let go of by a view while it
    /// grows (see ``TextGrowth/letGoLength``); tests lower it.
    @_spi(Testing) public var grownTextLetGoLength: Int {
        get { textGrowth.letGoLength }
        set { textGrowth.letGoLength = newValue }
    }

    /// Frames in which an ambiguous incomplete last line was held back.
    public var heldBackFrames: Int { preview.heldBackFrames }

    /// Frames in which delimiters left open at the end were shown closed.
    public var provisionalFrames: Int { preview.anticipatedFrames }

    /// The closers the last frame showed as if they had arrived (empty when none), and where in
    /// the text they went.
    public var provisionalClosers: [UInt8] { preview.closers }
    public var provisionalCloserOffset: Int { preview.closerOffset }

    /// Frames shown by adding plain words to the last view instead of parsing (see
    /// ``PlainTextExtension``).
    public var extendedFrames: Int { preview.extendedFrames }

    /// Whether plain words are added to the last view without a parse (turned off only to
    /// compare against).
    @_spi(Testing) public var extendsPlainText: Bool {
        get { preview.extendsPlainText }
        set { preview.extendsPlainText = newValue }
    }

    /// Whether the preview holds back and anticipates (turned off only to see the truth itself).
    @_spi(Testing) public var stabilizesTail: Bool {
        get { preview.isEnabled }
        set { preview.isEnabled = newValue }
    }

    /// Whether the block being written is parsed from deep inside it (turned off only to compare).
    @_spi(Testing) public var growsIncrementally: Bool {
        get { truth.resumesInside }
        set { truth.resumesInside = newValue }
    }

    /// Weight (bytes, and the nodes cmark makes of them weighted) above which the open part is
    /// not parsed again at every frame (see ``ParseSchedule``).
    public var reparseThreshold: Int {
        get { schedule.threshold }
        set { schedule.threshold = newValue }
    }

    /// How many final blocks, from the first, were released with ``releaseFinalBlocks(before:keepingResolvable:)``.
    public var releasedFinalCount: Int { truth.releasedFinalCount }

    /// Offset where the incomplete last line of input starts, or nil when the input so far
    /// ends with a line ending (or has ended).
    public var incompleteLineStart: Int? {
        isFinished ? nil : lines.incompleteLineStart(in: source)
    }

    /// Whether links shown resolved may still turn back into text: the part of the text that is
    /// not final yet may hold a link reference definition (a `]:` occurs in it), and until that
    /// text is final a table's delimiter row can still make cmark-gfm drop the definition (it
    /// never finalizes a paragraph that a table's header line splits off); the links it
    /// resolved, final blocks included, then show as text when the table becomes final. A view
    /// that commits lines early holds back those showing a link or an image meanwhile.
    public var linkResolutionMayRevert: Bool {
        guard !isFinished, let lastDefinitionMark else { return false }
        return lastDefinitionMark >= truth.parseCost(source, end: source.count).start
    }

    /// Appends a chunk of raw bytes; nothing is parsed until the next frame.
    ///
    /// - Complexity: O(n) in the chunk's length.
    public mutating func append<C: Collection>(_ chunk: C) where C.Element == UInt8 {
        precondition(!isFinished, "append after finish")
        let start = source.count
        normalizer.normalize(chunk, into: &source)
        received(from: start)
    }

    /// Notes the line endings and the last `]:` in the text received from `start` on.
    private mutating func received(from start: Int) {
        lines.note(source, from: start)
        // A `]` received last may be followed by the `:` received now.
        if let mark = DefinitionCarrier.lastMark(in: source, from: max(0, start - 1)) { lastDefinitionMark = mark }
    }

    /// Parses what changed since the last frame; ``finalBlocks`` and ``tail`` show the result.
    /// Returns the identities of the blocks that became final.
    ///
    /// - Complexity: proportional to the text parsed again, not to the length of the document.
    @discardableResult
    public mutating func advance() -> [BlockID] {
        let finalized = frame(atEnd: false).finalized
        keepSettlements()
        return finalized
    }

    /// Parses what changed since the last frame and reports it, in terms of whole top-level
    /// blocks (for event consumers).
    ///
    /// - Complexity: ``advance()`` plus O(n) in the open blocks' content that may have changed
    ///   since the last report: nothing when the frame parsed nothing; a growing container or
    ///   code block from where it was final then, a paragraph from its settled lines, a block
    ///   kept from the last frame not at all, a growing text from its length then.
    public mutating func update() -> DocumentUpdate {
        let outcome = frame(atEnd: false)
        keepSettlements()
        // A frame that kept the last view changed nothing: nothing to compare.
        guard revision != reportedRevision else { return DocumentUpdate(frame: frameCount) }
        return report(outcome)
    }

    /// Ends the stream: flushes an incomplete UTF-8 sequence, parses the rest and makes every
    /// block final.
    @discardableResult
    public mutating func finish() -> DocumentUpdate {
        let start = source.count
        normalizer.finish(into: &source)
        received(from: start)
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

    private mutating func frame(atEnd: Bool) -> Truth.Outcome {
        frameCount += 1
        var unparsed = Truth.Outcome()
        unparsed.firstNewFinal = finalBlocks.count
        // Nothing received since the text was last shown (a character's first bytes only): the
        // frame would show the same, so it keeps the last view as a deferred frame does.
        guard atEnd || source.count != shownLength else {
            deferredFrames += 1
            return unparsed
        }
        let incomplete = atEnd ? source.count : (incompleteLineStart ?? source.count)
        // An incomplete line that may be a link definition being written is left out of the
        // truth, even of what becomes final: blocks resolved against a half-written destination
        // would keep it.
        let leavesLineOut = !atEnd && preview.isEnabled && incompleteLineMayDefine(incomplete)
        let parseEnd = leavesLineOut ? incomplete : source.count
        // Weighed up to the end even when the line is left out of the truth: the preview parses it.
        truth.readResumeSlices(source)
        let cost = truth.parseCost(source, end: source.count)
        let timing = atEnd ? .due : schedule.timing(start: cost.start, bytes: cost.bytes,
                                                    lineBytes: source.count - incomplete, source: source)
        guard timing != .deferred else {
            deferredFrames += 1
            preview.forgetExtension()
            return unparsed
        }
        revision = StreamRevision.next()
        shownLength = source.count
        textGrowth.replaced = nil
        if !atEnd, !schedule.isHeavy(bytes: cost.bytes) {
            // Moved out, so that the text it ends with is held once and grows in place.
            var shown = tail
            tail = OpenTail()
            let extended = preview.extend(&shown, source: source, incompleteFrom: incompleteLineStart, lineMayDefine: leavesLineOut)
            tail = shown
            if extended {
                // Plain words added to the paragraph being written: shown without a parse.
                textGrowth.note(preview.grown)
                schedule.noteParse(start: cost.start, bytes: cost.bytes, work: nil, wasEarly: false, source: source)
                return unparsed
            }
        }
        textGrowth.end(lastText: textGrowth.current == nil ? nil : PlainTextExtension.lastLeafText(tail))
        let workBefore = truth.openPartWork
        tail = OpenTail()  // shares the truth's growing parts; let go, so that they grow in place
        let outcome = truth.frame(source, parseEnd: parseEnd, incompleteFrom: incomplete, atEnd: atEnd,
                                  paragraphStep: paragraphSettleStep)
        guard !atEnd else { return outcome }
        tail = preview.shown(&truth, source: source, incompleteFrom: incompleteLineStart, lineLeftOut: leavesLineOut)
        let next = truth.parseCost(source, end: source.count)
        let work = truth.openPartWork - workBefore
        schedule.noteParse(start: next.start, bytes: next.bytes, work: work,
                           wasEarly: timing == .early, source: source)
        return outcome
    }

    /// Whether the incomplete line starting at `incomplete` may be (part of) a link reference
    /// definition still being written (see ``TailStabilizer/mayBeDefinition(_:)``).
    ///
    /// - Complexity: O(1) amortized over the frames of one line, plus its label (at most
    ///   ``TailStabilizer/maxLabelBytes``).
    private mutating func incompleteLineMayDefine(_ incomplete: Int) -> Bool {
        guard incomplete < source.count, !truth.followsOpenCode(from: incomplete) else { return false }
        if incompleteContent.line != incomplete {
            let previous = source.previousLineStart(before: incomplete)
            let afterLabel = incomplete - previous <= 1_000 && TailStabilizer.opensDefinition(source[previous..<incomplete])
            incompleteContent = (incomplete, incomplete, afterLabel)
        }
        let content = TailStabilizer.content(of: source[incompleteContent.start...])
        incompleteContent.start = content.startIndex
        return incompleteContent.afterLabel || TailStabilizer.mayBeDefinition(content: content)
    }

    /// This frame's changes in terms of whole top-level blocks.
    ///
    /// - Complexity: O(n) in the open blocks, the growing one counted from the children (or code
    ///   lines) it had not made final at the last report, and in the blocks that became final;
    ///   see ``update()`` for what is not compared.
    private mutating func report(_ outcome: Truth.Outcome) -> DocumentUpdate {
        var update = DocumentUpdate(frame: frameCount)
        update.finalized = outcome.finalized
        let growth = GrowingTextFrame(textGrowth, tail: tail)
        var old: [BlockID: ReportedBlock] = [:]
        for var block in reportedOpen {
            block.recover(growth)
            old[block.id] = block
        }
        // Children final at the last report are left out of the comparison: they cannot have
        // changed, unless a definition kept since made their links read differently. Then, for
        // the growing block parsed whole again, they are compared with what they were (O(n) in
        // them, only in such a frame); a final block resolved again is sent whole.
        let reresolvedIDs = Set(outcome.reresolved.map(\.id))
        func leftOutIsUnchanged(_ before: ReportedBlock, children: () -> [Block]) -> Bool {
            guard before.settled > 0 else { return true }
            guard !reresolvedIDs.contains(before.id) else { return false }
            guard outcome.regrown else { return true }
            let earlier = outcome.finalChildrenBeforeRegrowing
            let now = children()
            return earlier.count >= before.settled && now.count >= before.settled
                && earlier.prefix(before.settled).elementsEqual(now.prefix(before.settled))
        }
        var shownIDs: Set<BlockID> = []
        func report(_ id: BlockID, whole: () -> Block, since before: ReportedBlock?, now: ReportedBlock?) {
            shownIDs.insert(id)
            guard let before else { return update.inserted.append(whole()) }
            if let now, before.isComparable(with: now, growth), leftOutIsUnchanged(before, children: { whole().children }),
               let appends = BlockDiff.appends(from: before, to: now, comparing: &reportedInlinesCompared) {
                update.appended += appends
            } else {
                update.changed.append(whole())
            }
        }
        func report(_ block: Block) {
            let before = old.removeValue(forKey: block.id)
            report(block.id, whole: { block }, since: before,
                   now: ReportedBlock(block, after: before?.settled ?? 0, settledBytes: before?.settledBytes ?? 0))
        }
        for block in finalBlocks[outcome.firstNewFinal...] { report(block) }
        for block in tail.leading { report(block) }
        var next = tail.leading.compactMap { ReportedBlock($0) }
        if let growing = tail.growing {
            let before = old.removeValue(forKey: growing.head.id)
            report(growing.head.id, whole: { growing.materialized() }, since: before,
                   now: ReportedBlock(growing, after: before?.settled ?? 0, settledBytes: before?.settledBytes ?? 0))
            next.append(ReportedBlock(settling: growing, from: before))
        }
        for block in tail.trailing { report(block) }
        next += tail.trailing.compactMap { ReportedBlock($0) }
        update.removed = reportedOpen.map(\.id).filter { old[$0] != nil }
        // A block shown this frame (newly final, or open) was compared with what the last frame
        // showed above, in its resolved version: reported there if it changed, and not at all
        // if the last frame already showed it so.
        let reresolved = outcome.reresolved.filter { !shownIDs.contains($0.id) }
        if !reresolved.isEmpty {
            update.changed = (update.changed + reresolved).sorted { $0.id < $1.id }
        }
        // Let go of the growing text, so that the next frame appends to it where it is stored.
        if growth.current != nil, let last = next.indices.last { next[last].letGo(growth) }
        reportedOpen = next
        reportedRevision = revision
        return update
    }
}
