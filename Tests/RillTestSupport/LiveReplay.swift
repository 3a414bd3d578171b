@_spi(Testing) import Rill

/// A document streamed through a ``LiveView`` into a ``VirtualTerminal``, one frame per piece,
/// beside its batch render shown on the same kind of terminal: what the transcript tests compare.
public struct LiveReplay {
    /// Every byte the live view wrote, closing included.
    public private(set) var output: [UInt8] = []
    /// The terminal the live view drew on.
    public private(set) var live: VirtualTerminal
    /// The same terminal after the batch render (each line ended by CR LF).
    public private(set) var batch: VirtualTerminal
    /// Lines the live view committed while they might still change (the region was full): the
    /// transcripts may then differ, as ``EarlyCommitRule`` allows.
    public private(set) var linesCommittedEarly = 0
    /// Where the live view laid out each line it drew (``LiveView/transcriptLines``): which
    /// block, and whether it was committed early.
    private(set) var places: [LiveLayout.TranscriptLine] = []
    /// The batch render, block by block.
    public let blocks: BatchBlocks
    /// The live view's counters at the end.
    public private(set) var statistics: LiveView.Statistics

    /// Streams `bytes` in `pieces` through a live view of `height` rows laid out with `context`,
    /// onto terminals `screenWidth` wide (the layout's width unless told) drawing characters
    /// `columnsOf` columns wide (see ``VirtualTerminal/init(width:height:columnsOf:)``).
    public init(_ bytes: [UInt8], pieces: some Sequence<Range<Int>>, context: LayoutContext, encoder: ANSIEncoder,
                height: Int, screenWidth: Int? = nil, columnsOf: (@Sendable (Character) -> Int?)? = nil) {
        let width = screenWidth ?? context.width
        live = VirtualTerminal(width: width, height: height, columnsOf: columnsOf)
        batch = VirtualTerminal(width: width, height: height, columnsOf: columnsOf)
        var view = LiveView(context: context, encoder: encoder, height: height)
        view.recordsTranscriptLines = true
        var stream = MarkdownStream()
        for piece in pieces {
            stream.append(bytes[piece])
            stream.advance()
            output += view.frame(stream)
        }
        stream.finish()
        output += view.frame(stream) + view.close()
        live.feed(output)
        linesCommittedEarly = view.statistics.linesCommittedEarly
        statistics = view.statistics
        places = view.transcriptLines
        blocks = BatchBlocks(bytes, in: context)
        var rendered: [UInt8] = []
        for line in blocks.lines.joined() {
            encoder.encode(line, into: &rendered)
            rendered += [0x0D, 0x0A]
        }
        batch.feed(rendered)
    }

    /// Where the live transcript breaks ``EarlyCommitRule`` against the batch render, empty
    /// lines included: with no line committed early, the first line where the two differ; nil
    /// when they agree. With `attributes`, each cell's attributes count too (see
    /// ``VirtualTerminal/styledTranscript``).
    public func difference(attributes: Bool = false) -> String? {
        let got = attributes ? live.styledTranscript : live.transcript
        let want = blocks.split(attributes ? batch.styledTranscript : batch.transcript)
        return EarlyCommitRule.violation(of: got, places: places, batch: want, tables: blocks.tables)
    }
}
