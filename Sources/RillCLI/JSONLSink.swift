import Rill

/// Writes the engine's updates as JSON lines (`--format jsonl`).
struct JSONLSink: FrameSink {
    var output: OutputChannel

    var bytesWritten: Int { output.bytesWritten }
    var outputWaits: Int { output.waits }

    /// Every block goes into the done line, so a released block is parsed again then; blocks a
    /// late link definition may still change are kept, so that the change is reported.
    func release(_ stream: inout MarkdownStream) {
        stream.releaseFinalBlocks(before: stream.finalBlocks.count, keepingResolvable: true)
    }
    var wantsUpdates: Bool { true }

    mutating func frame(_ update: DocumentUpdate, stream: MarkdownStream) throws(OutputChannel.Failure) {
        guard !update.isEmpty else { return }
        try output.write(EventEncoder.frameLine(update))
    }

    mutating func finish(_ update: DocumentUpdate, stream: MarkdownStream) throws(OutputChannel.Failure) {
        var last = update
        last.isDone = false
        if !last.isEmpty { try output.write(EventEncoder.frameLine(last)) }
        // Written in pieces: for a long document the line is several times the input's size.
        let blocks = (0..<stream.finalBlocks.count).lazy.map { stream.finalBlock(at: $0) }
        try EventEncoder.doneLine(blocks) { (piece) throws(OutputChannel.Failure) in
            try output.write(piece)
        }
    }
}
