/// What one frame changed in the document's list of top-level blocks.
///
/// A block that did not change is not mentioned. Blocks in `inserted` and `changed` are complete
/// values (children included), in document order.
public struct DocumentUpdate: Sendable, Equatable {
    /// Frame number, counting from 1.
    public var frame: Int
    /// Blocks that became final this frame: they will never change again (except when a link
    /// definition arriving later re-resolves their links, which is reported in `changed`).
    public var finalized: [BlockID] = []
    /// Blocks that appeared this frame.
    public var inserted: [Block] = []
    /// Blocks whose content changed this frame.
    public var changed: [Block] = []
    /// Blocks that no longer exist (the text that formed them now forms something else).
    public var removed: [BlockID] = []
    /// True for the last update, after the end of input: every block is final.
    public var isDone = false

    /// Creates an update for frame number `frame` that changes nothing yet.
    public init(frame: Int) {
        self.frame = frame
    }

    /// Whether the frame changed nothing at all.
    public var isEmpty: Bool {
        finalized.isEmpty && inserted.isEmpty && changed.isEmpty && removed.isEmpty && !isDone
    }

    /// Inserted and changed blocks merged in document order.
    public var upserted: [Block] {
        (inserted + changed).sorted { $0.id < $1.id }
    }
}
