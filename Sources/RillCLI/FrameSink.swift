import Rill

/// Receives the engine's frames: the JSON event writer, or a terminal view.
protocol FrameSink {
    /// A frame: the engine has parsed what arrived since the last one.
    mutating func frame(_ update: DocumentUpdate, stream: MarkdownStream) throws(OutputChannel.Closed)
    /// The last frame, after the end of input.
    mutating func finish(_ update: DocumentUpdate, stream: MarkdownStream) throws(OutputChannel.Closed)
    /// The terminal changed size.
    mutating func resize() throws(OutputChannel.Closed)
    /// Leaves the output usable after an interruption (cursor shown, attributes reset).
    mutating func abandon()
}

extension FrameSink {
    mutating func resize() throws(OutputChannel.Closed) {}
    mutating func abandon() {}
}
