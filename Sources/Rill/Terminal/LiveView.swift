/// The live terminal view of a streaming document: what `some-llm | rill` shows.
///
/// Each frame lays out what is not yet committed, part by part (a block's head, each of its
/// children, its tail; see ``BlockParts``), taking unchanged parts from a cache; finds the
/// settled lines at the top; paints the rest into the live region with ``LivePainter``; and
/// commits settled lines to scrollback. The live region never grows taller than the screen
/// minus one line; when it would, its oldest lines are committed early, which is counted.
/// Committed lines are never touched again, so the transcript equals a batch render.
///
/// A frame costs what is live plus what changed: committed parts are never laid out again, so a
/// list, table, quote or code block thousands of children long streams as cheaply at its end as
/// at its start.
public struct LiveView: Sendable {
    /// Counters for `--stats`.
    public struct Statistics: Sendable, Equatable {
        public var framesPainted = 0
        public var bytesWritten = 0
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
    }

    /// Where the committed part of the document ends: block, part (0 the head, 1… its children,
    /// then its tail) and line within that part.
    private struct Frontier: Sendable, Equatable {
        var block = 0
        var part = 0
        var line = 0
    }

    private struct CacheKey: Hashable, Sendable {
        var block: BlockID
        var part: Int
    }

    private struct CacheEntry: Sendable {
        var child: Block?
        var code: Substring?
        var open: OpenState?
        var planFixed: Bool
        var plan: Int
        var index: Int
        var laidOut: LaidOutLines
        var awaitsDefinition: Bool
        var head: BlockParts.HeadKey? = nil
        /// The highlight state a code line started in.
        var codeStart: HighlightState? = nil
    }

    private var context: LayoutContext
    /// The last table plan made, with what it was made from.
    private var tablePlan: (head: Block, sample: [Block], sections: TableSections, mayAwaitDefinition: Bool)?
    private var painter: LivePainter
    /// Rows of the screen; the live region holds at most `height - 1` lines.
    private var height: Int
    private var frontier = Frontier()
    /// Lines of the live region a resize left above the new one (see ``LivePainter/reset(maxRows:)``):
    /// the next frame counts them as committed.
    private var abandonedLines = 0
    private var cache: [CacheKey: CacheEntry] = [:]
    private var started = false
    public private(set) var statistics = Statistics()

    /// Creates a live view for a screen of `height` rows laid out with `context`.
    public init(context: LayoutContext, encoder: ANSIEncoder, height: Int) {
        var context = context
        context.memos = LayoutMemos()
        self.context = context
        self.painter = LivePainter(encoder: encoder)
        self.painter.columns = context.width
        self.height = max(2, height)
    }

    /// How many top-level blocks are wholly in the scrollback: the view never reads them again,
    /// so the stream may release them (``MarkdownStream/releaseFinalBlocks(before:)``).
    public var committedBlockCount: Int { frontier.block }

    /// The live region's largest height.
    var maxLiveLines: Int { max(1, height - 1) }

    /// Bytes for one frame of `stream` (empty when nothing visible changed).
    ///
    /// - Complexity: O(live lines + changed parts), independent of the document's length.
    public mutating func frame(_ stream: MarkdownStream) -> [UInt8] {
        let incomplete = stream.incompleteLineStart ?? .max
        let finalCount = stream.finalBlocks.count
        let tail = stream.tail
        let total = finalCount + tail.count
        // While a paragraph holding link definitions may still be open, a table's delimiter row
        // can still make cmark-gfm drop them: what they resolved is not settled yet.
        let definitionsMayVanish = stream.definitionsMayVanish

        var lines: [StyledLine] = []
        var marks: [Mark] = []
        var settled = 0
        var settling = true
        var block = frontier.block
        while block < total {
            let parts = self.parts(of: block, in: stream, finalCount: finalCount, incomplete: incomplete)
            let sections = tableSections(parts)
            let anchor = parts.innerAnchor(incompleteFrom: incomplete)
            let partCount = parts.childCount + 2
            var part = block == frontier.block ? frontier.part : 0
            while part < partCount {
                let laidOut: LaidOutLines
                var awaits = false
                if part == 0 {
                    let open = parts.isFinal ? nil : OpenState(incompleteFrom: incomplete)
                    if case .single = parts.shape {
                        (laidOut, awaits) = singlePart(parts, open: open)
                        if stream.isFinished { awaits = false }
                    } else {
                        laidOut = headPart(parts, open: open, sections: sections)
                        awaits = (planMayAwaitDefinition(parts) || parts.quoteMayEmpty(stream.source)) && !stream.isFinished
                    }
                } else if part <= parts.childCount {
                    let position = part - 1
                    let open = position >= anchor && !parts.isFinal ? OpenState(incompleteFrom: incomplete) : nil
                    (laidOut, awaits) = childPart(parts, position, open: open, sections: sections)
                    if stream.isFinished { awaits = false }
                } else {
                    laidOut = LaidOutLines(closed: parts.tailLines(in: context, sections: sections))
                }
                if definitionsMayVanish, !awaits, part <= parts.childCount {
                    awaits = parts.holdsLinkOrImage(part: part)
                }
                let isLastPart = part == partCount - 1
                // A part laid out open may still grow at its end (a nested closing border).
                let partIsOpen = !parts.isFinal
                    && (parts.isSplit ? part >= 1 && part <= parts.childCount && part - 1 >= anchor : part == 0)
                var mark = Mark(frontier: Frontier(block: block, part: part, line: 0), id: parts.head.id,
                                start: lines.count, count: laidOut.lines.count, last: isLastPart, isOpen: partIsOpen)
                if part == 0, case .quote = parts.shape, !parts.isFinal, laidOut.lines.isEmpty { mark.mayFill = true }
                marks.append(mark)
                if settling {
                    settled = lines.count + (awaits ? 0 : laidOut.stableCount)
                    if awaits || laidOut.stableCount < laidOut.lines.count { settling = false }
                }
                lines += laidOut.lines
                part += 1
            }
            // An open block may still grow at its end (a closing border, a new row), so nothing
            // after it is settled, not even the blank line that separates them.
            if !parts.isFinal { settling = false }
            block += 1
        }

        if let counts = context.memos?.highlights.counts {
            statistics.codeLinesHighlighted = counts.completeLines
            statistics.openCodeLinesHighlighted = counts.openLines
            statistics.codeHighlightCalls = counts.calls
        }
        context.memos?.sweep()
        // Lines of the frontier's part already committed, but no more than it has now: a part
        // committed early can shrink (an open link's long destination, shown as text until its
        // `)`), and what follows it is then drawn whole. Lines a resize gave up are gone
        // whichever parts they belonged to.
        let partStart = marks.first.map { $0.frontier.block == frontier.block && $0.frontier.part == frontier.part
            ? min(frontier.line, $0.count) : 0 } ?? 0
        let start = min(partStart + abandonedLines, lines.count)
        abandonedLines = 0
        let paint = painter.paint(Array(lines[start...]))
        var out = paint.bytes
        if !out.isEmpty {
            statistics.framesPainted += 1
            // An append at the cursor cannot tear; anything else is drawn as one synchronized frame.
            if !paint.isAppend {
                out = TerminalSequences.beginSynchronized + out + TerminalSequences.endSynchronized
            }
            if !started {
                out = TerminalSequences.hideCursor + out
                started = true
            }
        }

        var committed = max(start, settled)
        if lines.count - committed > maxLiveLines {
            let forced = lines.count - maxLiveLines
            statistics.linesCommittedEarly += forced - committed
            committed = forced
        }
        painter.commit(committed - start)
        statistics.linesCommitted += committed - start
        moveFrontier(to: committed, marks: marks, finalCount: finalCount)
        statistics.bytesWritten += out.count
        return out
    }

    /// Bytes that leave the terminal usable when streaming stops, normally or not: attributes
    /// reset and the cursor shown, at the start of the line below the output.
    public mutating func close() -> [UInt8] {
        let out = painter.finishLine() + (started ? ANSIEncoder.reset + TerminalSequences.showCursor : [])
        started = false
        statistics.bytesWritten += out.count
        return out
    }

    /// Adapts to a new terminal size: the live region is laid out again at the new width;
    /// committed lines are left to the terminal.
    public mutating func resize(width: Int, height: Int) -> [UInt8] {
        self.height = max(2, height)
        context.width = max(1, width)
        painter.columns = context.width
        cache.removeAll()
        tablePlan = nil
        let reset = painter.reset(maxRows: maxLiveLines)
        abandonedLines += reset.abandoned
        statistics.bytesWritten += reset.bytes.count
        return reset.bytes
    }

    // MARK: - Parts

    /// The plan of a table's parts, made again only when its header or sampled rows changed.
    ///
    /// A row still being written is left out of the sample: it is laid out in the columns the
    /// complete rows give, so the widths move at most once per row, not at every character (the
    /// whole table would be redrawn each time). The final table's plan is the batch render's.
    private mutating func tableSections(_ parts: BlockParts) -> TableSections? {
        guard case .table = parts.shape else { return nil }
        let sample = (0..<min(parts.childCount, TableLayout.sampleRows)).map(parts.child)
            .filter(parts.isComplete)
        var head = parts.head
        head.children = Array(head.children.prefix(1))
        if let cached = tablePlan, cached.head == head, cached.sample == sample { return cached.sections }
        // Whether the header or a complete sampled row may hold an unresolved reference: asked
        // once per plan (see ``planMayAwaitDefinition(_:)``).
        let mayAwait = head.children.first?.mayHoldUnresolvedReference == true
            || sample.contains { $0.mayHoldUnresolvedReference }
        // Another plan of the same table passes on the cells it styled and wrapped.
        let cells = tablePlan.flatMap { $0.head.id == head.id ? $0.sections.cache : nil } ?? TableCellCache()
        guard let sections = TableSections(table: parts.head, dataRows: sample, in: context, cache: cells) else { return nil }
        tablePlan = (head, sample, sections, mayAwait)
        return sections
    }

    /// ``BlockParts/planMayAwaitDefinition`` of the table whose plan was just made: the plan's
    /// answer for its header and complete sampled rows, then the sampled rows still being
    /// written (only those change from frame to frame).
    private func planMayAwaitDefinition(_ parts: BlockParts) -> Bool {
        guard case .table = parts.shape else { return false }
        guard let plan = tablePlan, plan.head.id == parts.head.id else { return parts.planMayAwaitDefinition }
        if plan.mayAwaitDefinition { return true }
        return (0..<min(parts.childCount, TableLayout.sampleRows)).contains { position in
            let row = parts.child(position)
            return !parts.isComplete(row) && row.mayHoldUnresolvedReference
        }
    }

    private func parts(of index: Int, in stream: MarkdownStream, finalCount: Int, incomplete: Int) -> BlockParts {
        if index < finalCount {
            return BlockParts(block: stream.finalBlocks[index], index: index, isFinal: true, incompleteFrom: incomplete)
        }
        let tail = stream.tail
        var position = index - finalCount
        if position < tail.leading.count {
            return BlockParts(block: tail.leading[position], index: index, isFinal: false, incompleteFrom: incomplete)
        }
        position -= tail.leading.count
        if let growing = tail.growing {
            if position == 0 { return BlockParts(growing: growing, index: index, incompleteFrom: incomplete) }
            position -= 1
        }
        return BlockParts(block: tail.trailing[position], index: index, isFinal: false, incompleteFrom: incomplete)
    }

    /// A block laid out whole, from the cache when it did not change.
    private mutating func singlePart(_ parts: BlockParts, open: OpenState?) -> (LaidOutLines, Bool) {
        let key = CacheKey(block: parts.head.id, part: 0)
        // An open block that does not reach the incomplete line lays out the same wherever it is.
        let openKey = open.map { $0.reachesIncompleteLine(parts.head) ? $0 : OpenState(incompleteFrom: .max) }
        if let entry = cache[key], entry.child == parts.head, entry.open == openKey, entry.index == parts.index {
            return (entry.laidOut, entry.awaitsDefinition)
        }
        statistics.layouts += 1
        let laidOut = parts.headLines(in: context, open: openKey, sections: nil)
        let awaits = parts.head.mayHoldUnresolvedReference
        cache[key] = CacheEntry(child: parts.head, code: nil, open: openKey, planFixed: true, plan: 0,
                                index: parts.index, laidOut: laidOut, awaitsDefinition: awaits)
        return (laidOut, awaits)
    }

    /// The head of a split block (a table's top border and header, a code block's top line),
    /// from the cache when nothing it depends on changed.
    private mutating func headPart(_ parts: BlockParts, open: OpenState?, sections: TableSections?) -> LaidOutLines {
        let key = CacheKey(block: parts.head.id, part: 0)
        let headKey = parts.headKey(open: open, sections: sections)
        if let headKey, let entry = cache[key], entry.head == headKey { return entry.laidOut }
        statistics.layouts += 1
        let laidOut = parts.headLines(in: context, open: open, sections: sections)
        cache[key] = CacheEntry(child: nil, code: nil, open: nil, planFixed: true, plan: 0, index: parts.index,
                                laidOut: laidOut, awaitsDefinition: false, head: headKey)
        return laidOut
    }

    /// A child's lines, from the cache when neither it nor what its layout depends on changed.
    private mutating func childPart(_ parts: BlockParts, _ position: Int, open: OpenState?,
                                    sections: TableSections?) -> (LaidOutLines, Bool) {
        let key = CacheKey(block: parts.head.id, part: position + 1)
        var child: Block?
        var code: Substring?
        if case .code = parts.shape { code = parts.codeLine(position) } else { child = parts.child(position) }
        // An open child that does not reach the incomplete line lays out the same wherever it is.
        let openKey = open.map { state -> OpenState in
            if let child, !state.reachesIncompleteLine(child) { return OpenState(incompleteFrom: .max) }
            return state
        }
        let planFixed = sections.map { parts.planIsSettled($0) } ?? true
        let plan = sections?.plan ?? 0
        // A highlighted code line is coloured from the state the lines above left.
        let codeStart = code == nil ? nil : parts.codeLineStart(position, in: context)
        if let entry = cache[key], entry.child == child, entry.code == code, entry.open == openKey,
           entry.planFixed == planFixed, entry.plan == plan, entry.codeStart === codeStart {
            return (entry.laidOut, entry.awaitsDefinition)
        }
        statistics.layouts += 1
        let laidOut = parts.childLines(position, in: context, open: openKey, sections: sections)
        let awaits = child?.mayHoldUnresolvedReference ?? false
        cache[key] = CacheEntry(child: child, code: code, open: openKey, planFixed: planFixed, plan: plan,
                                index: parts.index, laidOut: laidOut, awaitsDefinition: awaits, codeStart: codeStart)
        return (laidOut, awaits)
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
            let keepPart = target.part
            let currentID = marks.first { $0.frontier.block == target.block }?.id
            // Removed in place: a filtered copy starts small and grows again as parts are added.
            let passed = cache.keys.filter { key in
                if let passedID, key.block <= passedID { return true }
                if let currentID, key.block == currentID { return key.part < keepPart }
                return false
            }
            for key in passed { cache.removeValue(forKey: key) }
            context.memos?.highlights.forget(before: currentID)
        }
        frontier = target
    }
}
