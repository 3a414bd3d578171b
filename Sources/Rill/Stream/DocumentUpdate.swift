/// What one frame changed in the document's list of top-level blocks; as a JSON line,
/// `{"frame":3,"final":["e0"],"upsert":[{…}],"append":[{…}],"remove":["e9"]}`.
///
/// A block that did not change is not mentioned. Blocks in `inserted` and `changed` are complete
/// values (children included), in document order; a block whose change is content added at its
/// end is in `appended` instead, as small edits. Applying an update to the blocks of the frame
/// before (``apply(to:)``) gives this frame's blocks exactly, ranges included.
public struct DocumentUpdate: Sendable, Equatable {
    /// Frame number, counting from 1.
    public var frame: Int
    /// Blocks that became final this frame: they will never change again (except when a link
    /// definition arriving later re-resolves their links, which is reported in `changed`).
    public var finalized: [BlockID] = []
    /// Blocks that appeared this frame.
    public var inserted: [Block] = []
    /// Blocks whose structure changed this frame (or whose change is not an addition at their end).
    public var changed: [Block] = []
    /// Content added at the end of blocks this frame, and range ends that moved, in document order.
    public var appended: [BlockAppend] = []
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
        finalized.isEmpty && inserted.isEmpty && changed.isEmpty && appended.isEmpty && removed.isEmpty && !isDone
    }

    /// Inserted and changed blocks merged in document order.
    public var upserted: [Block] {
        (inserted + changed).sorted { $0.id < $1.id }
    }

    /// Applies the update to the top-level blocks of the frame before it, in document order.
    ///
    /// - Complexity: O(n) in the number of blocks, plus the size of what the update holds.
    public func apply(to blocks: inout [Block]) {
        let removed = Set(removed)
        blocks.removeAll { removed.contains($0.id) }
        var index: [BlockID: Int] = [:]
        for (position, block) in blocks.enumerated() { index[block.id] = position }
        for block in upserted {
            if let position = index[block.id] { blocks[position] = block } else { blocks.append(block) }
        }
        if blocks.count > index.count { blocks.sort { $0.id < $1.id } }
        for (position, block) in blocks.enumerated() { index[block.id] = position }
        for edit in appended {
            guard let position = index[edit.id] else { continue }
            edit.apply(to: &blocks[position])
        }
    }
}
