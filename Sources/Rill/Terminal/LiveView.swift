/// The live terminal view of a streaming document: what `some-llm | rill` shows.
///
/// Each frame takes the live region from a ``LiveLayout`` (the lines not yet committed, laid out
/// part by part from a cache, and how many of them are settled), paints it with a
/// ``LivePainter``, and commits the settled lines to scrollback. The live region never grows
/// taller than the screen minus one line; when it would, its oldest lines are committed early,
/// which is counted. Committed lines are never touched again, so the transcript equals a batch
/// render.
///
/// A frame costs what is live plus what changed: committed parts are never laid out again, so a
/// list, table, quote or code block thousands of children long streams as cheaply at its end as
/// at its start.
public struct LiveView: Sendable {
    /// Counters for `--stats`: what was painted, and the live layout's counters (lines
    /// committed, parts laid out, code lines highlighted) read through it.
    @dynamicMemberLookup
    public struct Statistics: Sendable, Equatable {
        /// Frames that wrote anything.
        public var framesPainted = 0
        /// Bytes written to the terminal.
        public var bytesWritten = 0
        /// The live layout's counters.
        public var layout = LiveLayout.Statistics()

        /// A counter of the live layout.
        public subscript<Value>(dynamicMember keyPath: KeyPath<LiveLayout.Statistics, Value>) -> Value {
            layout[keyPath: keyPath]
        }
    }

    private var layout: LiveLayout
    private var painter: LivePainter
    private var started = false
    private var framesPainted = 0
    private var bytesWritten = 0

    /// Creates a live view for a screen of `height` rows laid out with `context`.
    public init(context: LayoutContext, encoder: ANSIEncoder, height: Int) {
        self.layout = LiveLayout(context: context, maxLines: Self.maxLiveLines(height: height))
        self.painter = LivePainter(encoder: encoder)
        self.painter.columns = layout.width
    }

    /// The live region's largest height on a screen of `height` rows: one line shorter, at
    /// least one line.
    static func maxLiveLines(height: Int) -> Int {
        max(2, height) - 1
    }

    /// Counters so far.
    public var statistics: Statistics {
        Statistics(framesPainted: framesPainted, bytesWritten: bytesWritten, layout: layout.statistics)
    }

    /// Whether frames record where each line they commit or leave live came from
    /// (``transcriptLines``), for tests.
    @_spi(Testing) public var recordsTranscriptLines: Bool {
        get { layout.recordsTranscriptLines }
        set { layout.recordsTranscriptLines = newValue }
    }

    /// While ``recordsTranscriptLines`` is on, where each line of the output came from, top
    /// first: the lines committed to scrollback, then those the last frame left live (see
    /// ``LiveLayout/transcriptLines``).
    @_spi(Testing) public var transcriptLines: [LiveLayout.TranscriptLine] { layout.transcriptLines }

    /// How many top-level blocks are wholly in the scrollback: the view never reads them again,
    /// so the stream may release them (``MarkdownStream/releaseFinalBlocks(before:)``).
    public var committedBlockCount: Int { layout.committedBlockCount }

    /// Bytes for one frame of `stream` (empty when nothing visible changed).
    ///
    /// - Complexity: O(live lines + changed parts), independent of the document's length.
    public mutating func frame(_ stream: MarkdownStream) -> [UInt8] {
        // The last frame again, which committed nothing: the painter has drawn it already.
        guard let frame = layout.changedFrame(stream) else { return [] }
        let paint = painter.paint(frame.lines)
        var out = paint.bytes
        if !out.isEmpty {
            framesPainted += 1
            // An append at the cursor cannot tear; anything else is drawn as one synchronized frame.
            if !paint.isAppend {
                out = TerminalSequences.beginSynchronized + out + TerminalSequences.endSynchronized
            }
            if !started {
                out = TerminalSequences.hideCursor + out
                started = true
            }
        }
        painter.commit(frame.committed)
        bytesWritten += out.count
        return out
    }

    /// Bytes that leave the terminal usable when streaming stops, normally or not: attributes
    /// reset and the cursor shown, at the start of the line below the output.
    public mutating func close() -> [UInt8] {
        let out = painter.finishLine() + (started ? ANSIEncoder.reset + TerminalSequences.showCursor : [])
        started = false
        bytesWritten += out.count
        return out
    }

    /// Adapts to a new terminal size: the live region is laid out again at the new width;
    /// committed lines are left to the terminal, which rewraps them (see
    /// ``LivePainter/reset(maxRows:columns:)``).
    public mutating func resize(width: Int, height: Int) -> [UInt8] {
        layout.resize(width: width, maxLines: Self.maxLiveLines(height: height))
        // Lines of the live region the reset leaves above the new one (see
        // ``LivePainter/reset(maxRows:columns:)``) count as committed.
        let reset = painter.reset(maxRows: layout.maxLines, columns: layout.width)
        layout.abandon(reset.abandoned)
        bytesWritten += reset.bytes.count
        return reset.bytes
    }
}
