import Glibc
import Rill

/// Shows the document live on a terminal (`rill` with a terminal on stdout): see ``LiveView``.
struct LiveSink: FrameSink {
    var output: OutputChannel
    private var view: LiveView
    private var layoutAndPaint: Duration = .zero
    private let clock = ContinuousClock()
    /// Ctrl-C is not echoed as `^C` into the live region (see ``ControlEcho``).
    private var controlEcho: ControlEcho

    /// The width asked for with `--width`, kept across resizes (but never wider than the terminal).
    private let requestedWidth: Int?

    init(output: OutputChannel, settings: TerminalSettings, requestedWidth: Int? = nil, dimmed: DimmedSource? = nil) {
        self.output = output
        self.requestedWidth = requestedWidth
        self.controlEcho = ControlEcho(descriptor: output.descriptor)
        var context = settings.context
        context.dimmed = dimmed
        self.view = LiveView(context: context,
                             encoder: ANSIEncoder(depth: settings.depth, hyperlinks: settings.hyperlinks),
                             height: settings.height ?? 24)
        controlEcho.hide()
    }

    var bytesWritten: Int { output.bytesWritten }
    var outputWaits: Int { output.waits }

    /// Blocks wholly in the scrollback are never drawn again.
    func release(_ stream: inout MarkdownStream) {
        stream.releaseFinalBlocks(before: view.committedBlockCount)
    }

    mutating func frame(_ update: DocumentUpdate, stream: MarkdownStream) throws(OutputChannel.Failure) {
        let start = clock.now
        let bytes = view.frame(stream)
        layoutAndPaint += clock.now - start
        if !bytes.isEmpty { try output.write(bytes) }
    }

    mutating func finish(_ update: DocumentUpdate, stream: MarkdownStream) throws(OutputChannel.Failure) {
        defer { controlEcho.restore() }
        try frame(update, stream: stream)
        try output.write(view.close())
    }

    mutating func resize(stream: MarkdownStream) throws(OutputChannel.Failure) {
        try forgetLiveRegion()
        try frame(DocumentUpdate(frame: 0), stream: stream)
    }

    /// Erases the live region (the view draws it afresh at the next frame) and adopts the
    /// terminal's current size.
    private mutating func forgetLiveRegion() throws(OutputChannel.Failure) {
        guard let size = TerminalSettings.terminalSize(of: output.descriptor) else { return }
        let width = min(requestedWidth ?? size.columns, size.columns)
        try output.write(view.resize(width: width, height: size.rows))
    }

    /// Ctrl-Z: the live region is erased, so that what the shell prints while rill is stopped
    /// (`[1]+ Stopped`, the prompt, `fg`) does not end up inside it, and the cursor is shown.
    mutating func suspend() throws(OutputChannel.Failure) {
        controlEcho.restore()
        try forgetLiveRegion()
        try output.write(view.close())
    }

    /// Continued: the live region is drawn again where the cursor now is, below what the shell
    /// printed, at the terminal's current size.
    mutating func resume(stream: MarkdownStream) throws(OutputChannel.Failure) {
        controlEcho.hide()
        try resize(stream: stream)
    }

    mutating func abandon() {
        controlEcho.restore()
        try? output.write(view.close())
    }

    var statisticsLines: [String] {
        let stats = view.statistics
        return [
            "frames painted:        \(stats.framesPainted)",
            "lines committed:       \(stats.linesCommitted) (early, region full: \(stats.linesCommittedEarly))",
            "block layouts:         \(stats.layouts)",
            "code lines highlighted: \(stats.codeLinesHighlighted) (a line being written: \(stats.openCodeLinesHighlighted) times; calls: \(stats.codeHighlightCalls))",
            "layout + paint time:   \(Statistics.milliseconds(layoutAndPaint))",
        ]
    }
}
