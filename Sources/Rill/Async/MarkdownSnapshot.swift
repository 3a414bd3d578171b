/// The document as one frame shows it, for a UI: every top-level block, the final ones first.
///
/// Blocks are `Identifiable`, `Equatable` and `Sendable` values whose identities never change
/// once given, so `ForEach(snapshot.blocks) { BlockView(block: $0).equatable() }` redraws only
/// the blocks that changed.
public struct MarkdownSnapshot: Sendable, Equatable {
    /// Every top-level block, in document order.
    public var blocks: [Block]
    /// How many of ``blocks``, from the first, are final: they will not change again (except a
    /// link that a definition arriving later resolves).
    public var finalCount: Int
    /// Frame number, counting from 1.
    public var frame: Int
    /// Whether the input has ended: this is the finished document, every block final.
    public var isFinished: Bool

    /// Creates a snapshot.
    public init(blocks: [Block], finalCount: Int, frame: Int, isFinished: Bool) {
        self.blocks = blocks
        self.finalCount = finalCount
        self.frame = frame
        self.isFinished = isFinished
    }

    /// The stream's document as of its last frame.
    init(_ stream: MarkdownStream) {
        self.init(blocks: stream.blocks, finalCount: stream.finalBlocks.count, frame: stream.frameCount,
                  isFinished: stream.isFinished)
    }
}
