import Rill

/// Writes the rendered document block by block, as blocks become final, never redrawing:
/// for pipes and files (`rill < long.md | less -R` shows the beginning at once), `--format text`
/// and `--format plain`. The output equals the batch render of the whole document.
struct BlockStreamSink: FrameSink {
    var output: OutputChannel
    let context: LayoutContext
    let encoder: ANSIEncoder
    /// How many top-level blocks have been written.
    private var written = 0

    var bytesWritten: Int { output.bytesWritten }
    var outputWaits: Int { output.waits }

    /// Written blocks are never read again, nor rewritten after a late link definition.
    func release(_ stream: inout MarkdownStream) {
        stream.releaseFinalBlocks(before: written)
    }

    init(output: OutputChannel, context: LayoutContext, encoder: ANSIEncoder) {
        self.output = output
        self.context = context
        self.encoder = encoder
    }

    mutating func frame(_ update: DocumentUpdate, stream: MarkdownStream) throws(OutputChannel.Failure) {
        try writeFinal(stream)
    }

    mutating func finish(_ update: DocumentUpdate, stream: MarkdownStream) throws(OutputChannel.Failure) {
        try writeFinal(stream)
    }

    private mutating func writeFinal(_ stream: MarkdownStream) throws(OutputChannel.Failure) {
        let blocks = stream.finalBlocks
        guard written < blocks.count else { return }
        var bytes: [UInt8] = []
        for index in written..<blocks.count {
            for line in DocumentLayout.lines(for: blocks[index], at: index, in: context) {
                encoder.encode(line, into: &bytes)
                bytes.append(0x0A)
            }
        }
        written = blocks.count
        try output.write(bytes)
    }
}
