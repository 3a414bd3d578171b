import Glibc
import Rill

/// Shows the document live on a terminal (`rill` with a terminal on stdout): see ``LiveView``.
struct LiveSink: FrameSink {
    var output: OutputChannel
    private var view: LiveView
    private var layoutAndPaint: Duration = .zero
    private let clock = ContinuousClock()

    /// The width asked for with `--width`, kept across resizes (but never wider than the terminal).
    private let requestedWidth: Int?

    init(output: OutputChannel, settings: TerminalSettings, requestedWidth: Int? = nil) {
        self.output = output
        self.requestedWidth = requestedWidth
        self.view = LiveView(context: settings.context,
                             encoder: ANSIEncoder(depth: settings.depth, hyperlinks: settings.hyperlinks),
                             height: settings.height ?? 24)
    }

    var bytesWritten: Int { output.bytesWritten }

    mutating func frame(_ update: DocumentUpdate, stream: MarkdownStream) throws(OutputChannel.Closed) {
        let start = clock.now
        let bytes = view.frame(stream)
        layoutAndPaint += clock.now - start
        if !bytes.isEmpty { try output.write(bytes) }
    }

    mutating func finish(_ update: DocumentUpdate, stream: MarkdownStream) throws(OutputChannel.Closed) {
        try frame(update, stream: stream)
        try output.write(view.close())
    }

    mutating func resize(stream: MarkdownStream) throws(OutputChannel.Closed) {
        guard let size = TerminalSettings.terminalSize(of: output.descriptor) else { return }
        let width = min(requestedWidth ?? size.columns, size.columns)
        try output.write(view.resize(width: width, height: size.rows))
        try frame(DocumentUpdate(frame: 0), stream: stream)
    }

    mutating func abandon() {
        try? output.write(view.close())
    }

    var statisticsLines: [String] {
        let stats = view.statistics
        return [
            "frames painted:        \(stats.framesPainted)",
            "lines committed:       \(stats.linesCommitted) (early, region full: \(stats.linesCommittedEarly))",
            "block layouts:         \(stats.layouts)",
            "layout + paint time:   \(Statistics.milliseconds(layoutAndPaint))",
        ]
    }
}
