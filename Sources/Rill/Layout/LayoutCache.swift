/// Remembers the layout of each block, so a block that did not change is never laid out again.
///
/// Keyed by block identity; an entry is reused only when the block's content, its position
/// (first or not), its open state and the context are all the same.
public struct LayoutCache: Sendable {
    private struct Entry: Sendable {
        var block: Block
        var index: Int
        var open: OpenState?
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

    /// The lines of top-level `block` at document position `index`.
    public mutating func layout(_ block: Block, at index: Int, open: OpenState?) -> LaidOutLines {
        // An open block whose text does not reach the incomplete line lays out the same
        // wherever that line starts.
        let key = open.map { $0.reachesIncompleteLine(block) ? $0 : OpenState(incompleteFrom: .max) }
        if let entry = entries[block.id], entry.index == index, entry.open == key, entry.block == block {
            return entry.laidOut
        }
        misses += 1
        let laidOut = DocumentLayout.layout(block, at: index, in: context, open: key)
        entries[block.id] = Entry(block: block, index: index, open: key, laidOut: laidOut)
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
