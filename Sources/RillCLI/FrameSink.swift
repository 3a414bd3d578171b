import Rill

/// Receives the engine's frames: the JSON event writer, the block writer, or the live view.
protocol FrameSink {
    /// A frame: the engine has parsed what arrived since the last one.
    mutating func frame(_ update: DocumentUpdate, stream: MarkdownStream) throws(OutputChannel.Failure)
    /// The last frame, after the end of input.
    mutating func finish(_ update: DocumentUpdate, stream: MarkdownStream) throws(OutputChannel.Failure)
    /// The terminal changed size; `stream` is the document as of the last frame.
    mutating func resize(stream: MarkdownStream) throws(OutputChannel.Failure)
    /// Leaves the output usable after an interruption (cursor shown, attributes reset).
    mutating func abandon()
    /// Ctrl-Z: leaves the terminal usable for the shell while the process is stopped.
    mutating func suspend() throws(OutputChannel.Failure)
    /// The process was continued after ``suspend()``; `stream` is the document as of the last frame.
    mutating func resume(stream: MarkdownStream) throws(OutputChannel.Failure)
    /// Bytes written so far.
    var bytesWritten: Int { get }
    /// Times the output was full (EAGAIN) and the sink waited for it to drain.
    var outputWaits: Int { get }
    /// Whether frames need the engine's report of what changed (which costs a comparison of the
    /// open blocks); sinks that read the stream's state directly say no.
    var wantsUpdates: Bool { get }
    /// Releases from `stream` the final blocks the sink has handed on and will not read again
    /// (see ``MarkdownStream/releaseFinalBlocks(before:keepingResolvable:)``); called after each frame.
    func release(_ stream: inout MarkdownStream)
    /// Extra lines for `--stats`.
    var statisticsLines: [String] { get }
}

extension FrameSink {
    mutating func resize(stream: MarkdownStream) throws(OutputChannel.Failure) {}
    mutating func abandon() {}
    mutating func suspend() throws(OutputChannel.Failure) {}
    mutating func resume(stream: MarkdownStream) throws(OutputChannel.Failure) {}
    var statisticsLines: [String] { [] }
    var wantsUpdates: Bool { false }
    func release(_ stream: inout MarkdownStream) {}
}
