/// The top-level blocks cmark found in one parsed slice of the stream, with what the engine needs
/// to move its frontier: where each block's first line starts and whether that line is complete.
struct ParsedSlice: Sendable {
    /// A top-level block and facts about its first line.
    struct Entry: Sendable {
        /// The block, with ranges in stream offsets and identities not yet assigned.
        var block: Block
        /// Stream offset of the first byte of the line the block starts on.
        var lineStart: Int
        /// Whether that line already has its line ending.
        var startsOnCompleteLine: Bool
        /// True for a paragraph whose following table took its header from the paragraph's
        /// continuation: the two only make sense together, so the paragraph's line anchors the pair.
        var joinsNext: Bool { block.joinsNext }
        /// True for a block that starts in the parse's context (text placed before the slice to
        /// parse it in the right setting); its own position is meaningless.
        var inContext = false
    }

    /// Top-level blocks in document order.
    var entries: [Entry]
    /// Nodes cmark made (what converting them cost, beside the bytes it read).
    var nodes = 0
}
