/// Remembers the layout of each block, so a block that did not change is never laid out again.
///
/// Keyed by block identity; an entry is reused only when the block's content, its position
/// (first or not), its settlement and the context are all the same.
public struct LayoutCache: Sendable {
    private struct Entry: Sendable {
        var block: Block
        var index: Int
        var settlement: Settlement
        var laidOut: LaidOutLines
    }

    private var entries: [BlockID: Entry] = [:]
    private var context: LayoutContext
    /// Layouts computed (cache misses), for statistics.
    public private(set) var misses = 0

    /// Creates an empty cache for `context`.
    public init(context: LayoutContext) {
        self.context = context
    }

    /// The lines of top-level `block` at document position `index`, as settled as `settlement`
    /// says (``Settlement/settled`` for a final block).
    public mutating func layout(_ block: Block, at index: Int, settlement: Settlement) -> LaidOutLines {
        if let entry = entries[block.id], entry.index == index, entry.settlement == settlement, entry.block == block {
            return entry.laidOut
        }
        misses += 1
        let laidOut = DocumentLayout.layout(block, at: index, in: context, settlement: settlement)
        entries[block.id] = Entry(block: block, index: index, settlement: settlement, laidOut: laidOut)
        return laidOut
    }

    /// Forgets a block that will not be asked for again.
    public mutating func remove(_ id: BlockID) {
        entries[id] = nil
    }

    /// Switches to a new context (a resize): every layout is recomputed on demand.
    public mutating func reset(context: LayoutContext) {
        self.context = context
        entries.removeAll()
    }
}
