/// The live layout of a streaming document: the lines not yet committed, and how many of them
/// can be committed (they will not change again), frame after frame: what a terminal's live view
/// paints, and what any other view that appends to a history and redraws only its bottom can.
///
/// Each frame lays out what is not yet committed, part by part (a block's head, each of its
/// children, its tail; see ``BlockParts``), taking unchanged parts from a cache; and finds the
/// settled lines at the top, as far as the engine's ``Settlement`` of each open block says. The
/// live region never holds more than ``maxLines`` lines; when it would, its oldest lines are
/// committed early, which is counted. Committed lines are never given again, so what a view
/// commits, in order, is the batch render — but for a table committed before it ends: its
/// widths are then kept (frozen) for all of its lines, where the batch render has its
/// whole-table widths.
///
/// A frame costs what is live plus what changed: committed parts are never laid out again, so a
/// list, table, quote or code block thousands of children long streams as cheaply at its end as
/// at its start.
public struct LiveLayout: Sendable {
    /// One frame of the live region.
    public struct Frame: Sendable, Equatable {
        /// The live region's lines, top first: everything not committed before this frame.
        public var lines: [StyledLine]
        /// How many of ``lines``, from the top, this frame commits: they will never change again
        /// (or, beyond the settled ones, the region was full), and are not in the next frame.
        public var committed: Int
    }

    /// Counters for statistics.
    public struct Statistics: Sendable, Equatable {
        /// Lines committed so far.
        public var linesCommitted = 0
        /// Lines committed while they might still have changed (the region was full).
        public var linesCommittedEarly = 0
        /// Parts laid out (cache misses).
        public var layouts = 0
        /// Complete code lines highlighted (each once, unless it changed).
        public var codeLinesHighlighted = 0
        /// Highlights of code lines still being written.
        public var openCodeLinesHighlighted = 0
        /// Code lines handed to the highlighter, complete or not.
        public var codeHighlightCalls = 0
        /// Frames found to be the last one again without laying anything out: the stream's
        /// blocks and their settlements had not changed (a deferred parse, held-back text).
        public var framesRepeated = 0
    }

    /// Where the committed part of the document ends: block, part (0 the head, 1… its children,
    /// then its tail) and line within that part.
    private struct Frontier: Sendable, Equatable {
        var block = 0
        var part = 0
        var line = 0
    }

    private var context: LayoutContext
    /// The live region's largest height.
    public private(set) var maxLines: Int
    private var frontier = Frontier()
    /// Visible characters of the lines of the last frame's region that a view gave up (see
    /// ``abandon(_:)``): the next frame counts the lines holding them as committed.
    private var abandonedCharacters = 0
    /// Visible characters at the start of the region's first line that a view gave up with the
    /// lines before it: the line is drawn without them until it is committed.
    private var abandonedPrefix = 0
    private var cache = PartLayoutCache()
    private var counts = Statistics()
    /// The plan of the open table the frontier is inside, once lines that depend on its widths
    /// (its top border on) were committed: every later line of the table keeps these widths,
    /// so scrollback never mixes two layouts of one table.
    private var frozenTable: (id: BlockID, sections: TableSections)?
    /// Where passing the lines a view gave up left the frontier, until it moves on: those lines
    /// were drawn at another width, so a table the frontier stopped inside is not frozen there
    /// (its plan so far may hold only its first short rows), but where lines drawn at this width
    /// are first committed.
    private var frontierAfterGivenUpLines: Frontier?
    /// The plans this frame laid tables out with, by block.
    private var framePlans: [Int: TableSections] = [:]
    /// What the last frame was laid out from (read again into the same storage at each frame).
    private var input = FrameInput()
    /// Whether laying out again from ``input`` would give the last frame: it committed nothing
    /// and left the layout's state as it found it.
    private var inputIsRepeatable = false
    /// The last frame's lines.
    private var lastLines: [StyledLine] = []
    /// The lines of the frame before the last, which a view painting the last one no longer
    /// holds: the next frame is written over them (see ``FrameLines``).
    private var spareLines: [StyledLine] = []
    /// Whether the stream had a growing text (or one just replaced) at the last frame laid out:
    /// then what let go of it may take it back at the next.
    private var lastFrameHadGrowth = false
    /// Whether a frame of unchanged input is found without laying it out (turned off only to
    /// compare against).
    @_spi(Testing) public var repeatsUnchangedFrames = true
    /// Whether frames record where each line they commit or leave live came from
    /// (``transcriptLines``, for tests).
    @_spi(Testing) public var recordsTranscriptLines = false
    /// Every line committed so far, in order, while ``recordsTranscriptLines`` is on.
    private(set) var committedLines: [TranscriptLine] = []
    /// The lines the last frame left in the live region, while ``recordsTranscriptLines`` is on.
    private(set) var liveLines: [TranscriptLine] = []

    /// Everything a frame reads from the stream: its blocks (as the stream's revision names
    /// them), how settled each open one is, whether links may turn back into text, and whether
    /// the stream ended.
    private struct FrameInput {
        var revision = -1
        var settlements: [Settlement] = []
        var linksMayRevert = false
        var isFinished = false

        /// Reads `stream`'s input, keeping the storage of the last.
        mutating func read(_ stream: MarkdownStream) {
            revision = stream.revision
            settlements.removeAll(keepingCapacity: true)
            for index in 0..<stream.tail.count { settlements.append(stream.settlement(ofOpen: index)) }
            linksMayRevert = stream.linkResolutionMayRevert
            isFinished = stream.isFinished
        }

        /// Whether `stream` holds what this input says, read without copying.
        func holds(_ stream: MarkdownStream) -> Bool {
            guard revision == stream.revision, isFinished == stream.isFinished,
                  settlements.count == stream.tail.count,
                  linksMayRevert == stream.linkResolutionMayRevert else { return false }
            for index in settlements.indices where settlements[index] != stream.settlement(ofOpen: index) { return false }
            return true
        }
    }

    /// Creates a live layout with `context` whose live region holds at most `maxLines` lines.
    public init(context: LayoutContext, maxLines: Int) {
        var context = context
        context.memos = LayoutMemos()
        self.context = context
        self.maxLines = max(1, maxLines)
    }

    /// Counters so far.
    public var statistics: Statistics {
        var statistics = counts
        statistics.layouts = cache.misses
        return statistics
    }

    /// How many top-level blocks are wholly committed: the layout never reads them again, so the
    /// stream may release them (``MarkdownStream/releaseFinalBlocks(before:)``).
    public var committedBlockCount: Int { frontier.block }

    /// The live region for `stream`'s last frame.
    ///
    /// - Complexity: O(live lines + changed parts), independent of the document's length.
    public mutating func frame(_ stream: MarkdownStream) -> Frame {
        changedFrame(stream) ?? Frame(lines: lastLines, committed: 0)
    }

    /// The live region for `stream`'s last frame, or nil when it is the last frame's, which
    /// committed nothing: a frame of a stream whose blocks and settlements did not change (the
    /// engine deferred its parse, or held the text back) is then found without laying anything out.
    ///
    /// - Complexity: O(open blocks) when nil; as ``frame(_:)`` otherwise.
    mutating func changedFrame(_ stream: MarkdownStream) -> Frame? {
        if repeatsUnchangedFrames, inputIsRepeatable, input.holds(stream) {
            counts.framesRepeated += 1
            return nil
        }
        input.read(stream)
        let before = (frontier: frontier, frozenID: frozenTable?.id, abandoned: abandonedCharacters, prefix: abandonedPrefix)
        let frame = laidOut(stream, settlements: input.settlements, linksMayRevert: input.linksMayRevert)
        let isUnchanged = frame.committed == 0 && frontier == before.frontier && frozenTable?.id == before.frozenID
            && abandonedCharacters == before.abandoned && abandonedPrefix == before.prefix
        inputIsRepeatable = isUnchanged
        spareLines = lastLines
        lastLines = frame.lines
        return frame
    }

    /// Lays out the live region of `stream`, whose open blocks are as settled as `settlements`
    /// says; `linksMayRevert`: links shown resolved may still turn back into text, so what shows
    /// one is not settled yet.
    private mutating func laidOut(_ stream: MarkdownStream, settlements: [Settlement], linksMayRevert: Bool) -> Frame {
        let finalCount = stream.finalBlocks.count
        let total = finalCount + stream.tail.count
        // What was laid out from the stream's growing text is let go of after the frame (see
        // ``TextGrowth``), and taken back here when the stream ended its generation.
        let growth = stream.textGrowth.isEmpty ? nil : GrowingTextFrame(stream.textGrowth, tail: stream.tail)
        if growth != nil || lastFrameHadGrowth {
            cache.takeBack(growth ?? GrowingTextFrame())
            context.memos?.wraps.begin(growth ?? GrowingTextFrame())
        }
        lastFrameHadGrowth = growth != nil

        // The frontier part's lines before `frontier.line` were committed: they are left out of
        // `lines`, whose offsets (marks, settled, committed) count from that part's first line,
        // so that a long part's committed lines are not copied at every frame.
        var lines = FrameLines(over: spareLines)
        spareLines = []  // held once, so written over in place
        var skipped = 0
        var laidCount: Int { skipped + lines.count }
        var marks: [Mark] = []
        var settled = 0
        var settling = true
        var block = frontier.block
        while block < total {
            let parts = self.parts(of: block, in: stream, finalCount: finalCount, settlements: settlements)
            let frozen = block == frontier.block && frozenTable?.id == parts.head.id ? frozenTable?.sections : nil
            let sections = cache.tableSections(parts, frozen: frozen, in: context)
            if let sections { framePlans[block] = sections }
            let firstOpen = parts.firstOpenChild
            let partCount = parts.childCount + 2
            var part = block == frontier.block ? frontier.part : 0
            while part < partCount {
                let laidOut: PartLines
                var awaits = false
                if part == 0 {
                    if case .single = parts.shape {
                        (laidOut, awaits) = cache.single(parts, in: context)
                        if stream.isFinished { awaits = false }
                    } else {
                        laidOut = cache.head(parts, sections: sections, in: context)
                        awaits = (cache.planMayAwaitDefinition(parts) || parts.mayEmpty) && !stream.isFinished
                    }
                } else if part <= parts.childCount {
                    (laidOut, awaits) = cache.child(parts, part - 1, sections: sections, in: context)
                    if stream.isFinished { awaits = false }
                } else {
                    laidOut = PartLines(laidOut: LaidOutLines(closed: parts.tailLines(in: context, sections: sections)),
                                        separated: false)
                }
                if linksMayRevert, !awaits, part <= parts.childCount {
                    awaits = parts.holdsLinkOrImage(part: part)
                }
                let isLastPart = part == partCount - 1
                // A part laid out open may still grow at its end (a nested closing border).
                let partIsOpen = !parts.isFinal
                    && (parts.isSplit ? part >= 1 && part <= parts.childCount && part - 1 >= firstOpen : part == 0)
                var mark = Mark(frontier: Frontier(block: block, part: part, line: 0), id: parts.head.id,
                                start: laidCount, count: laidOut.count, last: isLastPart, isOpen: partIsOpen)
                if part == 0, case .quote = parts.shape, !parts.isFinal, laidOut.count == 0 { mark.mayFill = true }
                marks.append(mark)
                if settling {
                    settled = laidCount + (awaits ? 0 : laidOut.stableCount)
                    if awaits || laidOut.stableCount < laidOut.count { settling = false }
                }
                if marks.count == 1, block == frontier.block, part == frontier.part {
                    skipped = min(frontier.line, laidOut.count)
                    laidOut.append(to: &lines, from: skipped)
                } else {
                    laidOut.append(to: &lines, from: 0)
                }
                part += 1
            }
            // An open block may still grow at its end (a closing border, a new row), so nothing
            // after it is settled, not even the blank line that separates them.
            if !parts.isFinal { settling = false }
            block += 1
        }

        if let highlights = context.memos?.highlights.counts {
            counts.codeLinesHighlighted = highlights.completeLines
            counts.openCodeLinesHighlighted = highlights.openLines
            counts.codeHighlightCalls = highlights.calls
        }
        cache.endFrame()
        context.memos?.sweep()
        // Lines of the frontier's part already committed, but no more than it has now: a part
        // committed early can shrink (an open link's long destination, shown as text until its
        // `)`), and what follows it is then drawn whole. Lines a view gave up are gone
        // whichever parts they belonged to.
        let partStart = marks.first.map { $0.frontier.block == frontier.block && $0.frontier.part == frontier.part
            ? min(frontier.line, $0.count) : 0 } ?? 0
        var start = partStart
        while start < laidCount, abandonedCharacters > 0 {
            let characters = Self.visibleCharacters(in: lines[start - skipped])
            if characters > abandonedCharacters {
                // A line partly given up: drawn without that part, until it is committed.
                abandonedPrefix = abandonedCharacters
                break
            }
            abandonedCharacters -= characters
            start += 1
        }
        abandonedCharacters = 0
        if abandonedPrefix > 0, start < laidCount {
            lines[start - skipped] = Self.droppingVisibleCharacters(abandonedPrefix, of: lines[start - skipped])
        }

        let passedGivenUpLines = start > partStart
        var committed = max(start, settled)
        let settledEnd = committed
        if laidCount - committed > maxLines {
            let forced = laidCount - maxLines
            counts.linesCommittedEarly += forced - committed
            committed = forced
        }
        if recordsTranscriptLines { record(start..<laidCount, committed: committed, settledBefore: settledEnd, marks: marks) }
        counts.linesCommitted += committed - start
        if committed > start { abandonedPrefix = 0 }
        let passed = frontier
        moveFrontier(to: committed, marks: marks, finalCount: finalCount)
        if passedGivenUpLines, committed == start {
            frontierAfterGivenUpLines = frontier
        } else if frontier != passed {
            frontierAfterGivenUpLines = nil
        }
        if frontier != passed { letGoOfCommittedLines(finalCount: finalCount, in: stream, settlements: settlements) }
        freezeTableAtFrontier(finalCount: finalCount, in: stream, settlements: settlements)
        framePlans.removeAll(keepingCapacity: true)
        return Frame(lines: lines.lines(from: start - skipped), committed: committed - start)
    }

    /// Records where the frame's lines `range` come from, each in the part `marks` says: those
    /// before `committed` as committed (from `settledEnd` on, early), the rest as the live region.
    private mutating func record(_ range: Range<Int>, committed: Int, settledBefore settledEnd: Int, marks: [Mark]) {
        liveLines.removeAll(keepingCapacity: true)
        var markIndex = 0
        for index in range {
            while markIndex < marks.count - 1, index >= marks[markIndex].start + marks[markIndex].count { markIndex += 1 }
            guard markIndex < marks.count else { return }
            let mark = marks[markIndex]
            let line = TranscriptLine(block: mark.frontier.block, part: mark.frontier.part, line: index - mark.start,
                                      isEarly: index >= settledEnd && index < committed)
            if index < committed { committedLines.append(line) } else { liveLines.append(line) }
        }
    }

    /// Lays the live region out again at `width`, at most `maxLines` tall, from the next frame.
    public mutating func resize(width: Int, maxLines: Int) {
        self.maxLines = max(1, maxLines)
        context.width = max(1, width)
        cache.removeAll()
        frozenTable = nil  // planned again at the new width
        inputIsRepeatable = false
    }

    /// Counts the top `lines` of the last frame's region as committed: a view that could not
    /// redraw them (a terminal that rewrapped them on a resize, pushing their top out of reach)
    /// leaves them where they are, and the next frame starts after their text. The next frame
    /// may be laid out at another width: the lines it skips are those whose visible characters
    /// the given lines hold.
    public mutating func abandon(_ lines: [StyledLine]) {
        abandonedCharacters += lines.reduce(0) { $0 + Self.visibleCharacters(in: $1) }
        inputIsRepeatable = false
        if !lines.isEmpty {
            // The first of them was drawn without its start, given up before.
            abandonedCharacters += abandonedPrefix
            abandonedPrefix = 0
        }
    }

    /// `line` without its first `count` characters that are not white space, nor the white
    /// space around them.
    private static func droppingVisibleCharacters(_ count: Int, of line: StyledLine) -> StyledLine {
        var left = count
        var kept = StyledLine()
        for span in line.spans {
            guard left > 0 || kept.spans.isEmpty else {
                kept.append(span)
                continue
            }
            var rest = Substring(span.text)
            while let first = rest.first, left > 0 || first.isWhitespace {
                if !first.isWhitespace { left -= 1 }
                rest = rest.dropFirst()
            }
            kept.append(Span(String(rest), span.style))
        }
        return kept
    }

    /// How many characters of `line` are not white space: what two layouts of the same text at
    /// different widths have in common.
    private static func visibleCharacters(in line: StyledLine) -> Int {
        line.spans.reduce(0) { count, span in count + span.text.reduce(0) { $0 + ($1.isWhitespace ? 0 : 1) } }
    }

    /// Lets the wrap memo of the paragraph the frontier stopped inside (a long one, committed
    /// early as the region filled) let go of its committed lines: they are never read again.
    private func letGoOfCommittedLines(finalCount: Int, in stream: MarkdownStream, settlements: [Settlement]) {
        guard frontier.part == 0, frontier.line > 0, frontier.block >= finalCount,
              frontier.block < finalCount + stream.tail.count, let wraps = context.memos?.wraps else { return }
        let parts = self.parts(of: frontier.block, in: stream, finalCount: finalCount, settlements: settlements)
        guard case .single = parts.shape, case .paragraph = parts.head.kind else { return }
        // A paragraph after another block starts with the blank line between them.
        wraps.letGo(linesBefore: frontier.line - (parts.index > 0 ? 1 : 0), of: parts.head.id)
    }

    /// The width lines are laid out at.
    public var width: Int { context.width }

    /// Freezes the plan of the open table the frontier stopped inside, once its committed lines
    /// reach past the blank line before it (lines a view gave up on a resize aside, see
    /// ``frontierAfterGivenUpLines``); forgets a frozen plan the frontier left.
    private mutating func freezeTableAtFrontier(finalCount: Int, in stream: MarkdownStream, settlements: [Settlement]) {
        if let frozen = frozenTable, frontier.block >= finalCount + stream.tail.count
            || parts(of: frontier.block, in: stream, finalCount: finalCount, settlements: settlements).head.id != frozen.id {
            frozenTable = nil
        }
        guard frozenTable == nil, frontier != frontierAfterGivenUpLines, frontier.block >= finalCount,
              let sections = framePlans[frontier.block] else { return }
        let parts = self.parts(of: frontier.block, in: stream, finalCount: finalCount, settlements: settlements)
        guard !parts.isFinal, frontier.part > 0 || frontier.line > (parts.index > 0 ? 1 : 0) else { return }
        frozenTable = (parts.head.id, sections.frozen())
    }

    // MARK: - Parts

    /// The parts of block `index`, an open one as settled as `settlements` (of the open blocks,
    /// in order) says.
    private func parts(of index: Int, in stream: MarkdownStream, finalCount: Int, settlements: [Settlement]) -> BlockParts {
        if index < finalCount { return BlockParts(final: stream.finalBlocks[index], index: index) }
        let tail = stream.tail
        let open = index - finalCount
        let settlement = settlements[open]
        var position = open
        if position < tail.leading.count {
            return BlockParts(open: tail.leading[position], index: index, settlement: settlement)
        }
        position -= tail.leading.count
        if let growing = tail.growing {
            if position == 0 { return BlockParts(growing: growing, index: index, settlement: settlement) }
            position -= 1
        }
        return BlockParts(open: tail.trailing[position], index: index, settlement: settlement)
    }

    /// Where a part's lines start among a frame's lines.
    private struct Mark {
        var frontier: Frontier
        var id: BlockID
        var start: Int
        var count: Int
        /// Whether it is its block's last part.
        var last: Bool
        /// Whether it may still grow at its end.
        var isOpen: Bool
        /// Whether it shows nothing now but may show lines later (an open quote's head, which is
        /// its gutter alone once its only child turns out to be a link definition).
        var mayFill = false
    }

    /// Moves the frontier to line `committed` of this frame's lines and forgets the cached parts
    /// it passed. The frontier never leaves an open block: it may still gain children or its
    /// closing lines.
    private mutating func moveFrontier(to committed: Int, marks: [Mark], finalCount: Int) {
        guard !marks.isEmpty else { return }
        var target = frontier
        var passedID: BlockID?
        for (index, mark) in marks.enumerated() {
            let end = mark.start + mark.count
            if committed < end || (mark.mayFill && committed == end) {
                // An empty part that may fill stops the frontier unless lines after it went.
                target = Frontier(block: mark.frontier.block, part: mark.frontier.part, line: committed - mark.start)
                break
            }
            let isOpen = mark.frontier.block >= finalCount
            // A part that may still grow keeps the frontier at its end, unless lines after it
            // went too (the live region was full): it can no longer be redrawn, and the frontier
            // must pass it, or those lines would be drawn again below.
            if (mark.last && isOpen) || mark.isOpen, committed == end {
                target = Frontier(block: mark.frontier.block, part: mark.frontier.part, line: mark.count)
                break
            }
            if mark.last { passedID = mark.id }
            if index == marks.count - 1 {
                target = mark.last
                    ? Frontier(block: mark.frontier.block + 1, part: 0, line: 0)
                    : Frontier(block: mark.frontier.block, part: mark.frontier.part, line: mark.count)
            }
        }
        if target != frontier {
            let currentID = marks.first { $0.frontier.block == target.block }?.id
            cache.forget(blocksThrough: passedID, partsOf: currentID, before: target.part)
            context.memos?.highlights.forget(before: currentID)
        }
        frontier = target
    }
}
