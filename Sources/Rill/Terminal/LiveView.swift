/// The live terminal view of a streaming document: what `some-llm | rill` shows.
///
/// Each frame lays out the blocks that are not yet fully committed (unchanged blocks come from
/// the cache), finds the settled lines at the top, paints the rest into the live region with
/// ``LivePainter``, and commits settled lines to scrollback. The live region never grows taller
/// than the screen minus one line; when it would, its oldest lines are committed early, which
/// is counted. Committed lines are never touched again, so the transcript equals a batch render.
public struct LiveView: Sendable {
    /// Counters for `--stats`.
    public struct Statistics: Sendable, Equatable {
        public var framesPainted = 0
        public var bytesWritten = 0
        public var linesCommitted = 0
        /// Lines committed while they might still have changed (the region was full).
        public var linesCommittedEarly = 0
        public var layouts = 0
    }

    private var context: LayoutContext
    private var painter: LivePainter
    private var cache: LayoutCache
    /// Rows of the screen; the live region holds at most `height - 1` lines.
    private var height: Int
    /// Top-level blocks whose lines are all committed.
    private var committedBlocks = 0
    /// Committed lines of the blocks after those.
    private var committedLines = 0
    private var started = false
    public private(set) var statistics = Statistics()

    /// Creates a live view for a screen of `height` rows laid out with `context`.
    public init(context: LayoutContext, encoder: ANSIEncoder, height: Int) {
        self.context = context
        self.painter = LivePainter(encoder: encoder)
        self.cache = LayoutCache(context: context)
        self.height = max(2, height)
    }

    /// The live region's largest height.
    var maxLiveLines: Int { max(1, height - 1) }

    /// Bytes for one frame of `stream` (empty when nothing visible changed).
    public mutating func frame(_ stream: MarkdownStream) -> [UInt8] {
        let blocks = stream.finalBlocks.count + stream.openBlocks.count
        let open = OpenState(incompleteFrom: stream.incompleteLineStart ?? .max)
        var lines: [StyledLine] = []
        var lineCounts: [Int] = []
        var settled = 0
        var settling = true
        for index in committedBlocks..<blocks {
            let isFinal = index < stream.finalBlocks.count
            let block = isFinal ? stream.finalBlocks[index] : stream.openBlocks[index - stream.finalBlocks.count]
            let laidOut = cache.layout(block, at: index, open: isFinal ? nil : open)
            if settling {
                // A final block with bracketed text may yet gain a link when a reference
                // definition arrives later in the answer: keep it live while there is room.
                let awaitsDefinition = !stream.isFinished && block.mayHoldUnresolvedReference
                settled = lines.count + (awaitsDefinition ? 0 : laidOut.stableCount)
                if awaitsDefinition { settling = false }
                // An open block may still grow at its end (a closing border, a new row), so
                // nothing after it is settled, not even the blank line that separates them.
                settling = settling && isFinal
            }
            lines += laidOut.lines
            lineCounts.append(laidOut.lines.count)
        }
        statistics.layouts = cache.misses

        let start = min(committedLines, lines.count)
        var out = painter.paint(Array(lines[start...]))
        if !out.isEmpty {
            statistics.framesPainted += 1
            if !started {
                out = TerminalSequences.hideCursor + out
                started = true
            }
            out = TerminalSequences.beginSynchronized + out + TerminalSequences.endSynchronized
        }

        var newCommitted = max(start, settled)
        if lines.count - newCommitted > maxLiveLines {
            let forced = lines.count - maxLiveLines
            statistics.linesCommittedEarly += forced - newCommitted
            newCommitted = forced
        }
        painter.commit(newCommitted - start)
        statistics.linesCommitted += newCommitted - start
        committedLines = newCommitted

        // Retire blocks whose lines are all committed.
        var index = 0
        while index < lineCounts.count, committedLines >= lineCounts[index], committedBlocks < stream.finalBlocks.count {
            committedLines -= lineCounts[index]
            let id = stream.finalBlocks[committedBlocks].id
            cache.remove(id)
            committedBlocks += 1
            index += 1
        }
        statistics.bytesWritten += out.count
        return out
    }

    /// Bytes that leave the terminal usable when streaming stops, normally or not: attributes
    /// reset and the cursor shown, at the start of the line below the output.
    public mutating func close() -> [UInt8] {
        guard started else { return [] }
        started = false
        let out = ANSIEncoder.reset + TerminalSequences.showCursor
        statistics.bytesWritten += out.count
        return out
    }

    /// Adapts to a new terminal size: the live region is laid out again at the new width;
    /// committed lines are left to the terminal.
    public mutating func resize(width: Int, height: Int) -> [UInt8] {
        self.height = max(2, height)
        context.width = max(1, width)
        cache.reset(context: context)
        let reset = painter.reset(maxRows: maxLiveLines)
        committedLines += reset.abandoned
        statistics.bytesWritten += reset.bytes.count
        return reset.bytes
    }
}
