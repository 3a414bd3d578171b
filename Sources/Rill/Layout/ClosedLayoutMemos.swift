
/// The layouts of closed blocks inside an open container, kept between frames by a live view,
/// so that a block that did not change is not laid out again while its container grows.
///
/// A live view keeps each top-level part it drew, but a part that is still open (the list item
/// being written, the last child of a quote) is laid out whole at every frame: without these
/// memos, an item of twelve sub-items styled, wrapped and indented all twelve each time its
/// last one grew by a word. A closed block's lines depend only on the block, the context and,
/// for a list item, its marker, and those are what an entry is reused for.
///
/// A live view owns one and sweeps it once per frame: entries not used lately go. The layout
/// contexts that hold it (through ``LayoutMemos``) are values, and every copy shares this one
/// store: its entries are behind a lock, so copies may use it from any thread. The lock is not
/// held while a block is laid out (laying out a block looks up the blocks inside it here), so two
/// threads laying out the same block at once may both do it; the entry kept is the last one's.
final class ClosedLayoutMemos: Sendable {
    /// What a closed layout depends on besides the block. The theme is left out (comparing all
    /// of its styles at every look-up): a store serves one live view, whose theme never changes.
    private struct Setting: Equatable {
        var width: Int
        var listDepth: Int
        var hyperlinks: Bool
        var isPlain: Bool
        var highlightsCode: Bool
        /// A list item's marker, nil for any other block.
        var marker: ListMarker?

        init(_ context: LayoutContext, _ marker: ListMarker?) {
            width = context.width
            listDepth = context.listDepth
            hyperlinks = context.hyperlinks
            isPlain = context.isPlain
            highlightsCode = context.highlightsCode
            self.marker = marker
        }
    }

    private final class Entry: FrameStamped {
        let block: Block
        let setting: Setting
        let laidOut: LaidOutLines
        var frame: Int

        init(block: Block, setting: Setting, laidOut: LaidOutLines, frame: Int) {
            self.block = block
            self.setting = setting
            self.laidOut = laidOut
            self.frame = frame
        }
    }

    /// The entries, and how many layouts were given from them.
    private struct Store {
        var entries = FrameStampedEntries<Entry>()
        var reused = 0
        #if DEBUG
        var theme: Theme?
        #endif
    }

    private let store = LockedValue(Store())

    /// Layouts given from an entry (for tests and statistics).
    var reused: Int { store.withLock { $0.reused } }

    /// Creates an empty store.
    init() {}

    /// The closed layout of `block` in `context` (with `marker`, for a list item): the one kept
    /// for an equal block, marker and context, else `layout()`'s, kept.
    ///
    /// - Complexity: O(size of the block) to compare it with the one kept, on a hit.
    func layout(_ block: Block, in context: LayoutContext, marker: ListMarker? = nil,
                _ layout: () -> LaidOutLines) -> LaidOutLines {
        let setting = Setting(context, marker)
        let kept: LaidOutLines? = store.withLock { store in
            guard let entry = store.entries[block.id], entry.setting == setting, entry.block == block else { return nil }
            entry.frame = store.entries.frame
            store.reused += 1
            return entry.laidOut
        }
        if let kept { return kept }
        let laidOut = layout()
        store.withLock { store in
            store.entries[block.id] = Entry(block: block, setting: setting, laidOut: laidOut, frame: store.entries.frame)
            #if DEBUG
            store.theme = store.theme ?? context.theme
            assert(store.theme == context.theme, "a store serves one theme")
            #endif
        }
        return laidOut
    }

    /// Ends a frame; every eighth, forgets blocks not laid out in it or the frame before.
    func sweep() {
        store.withLock { $0.entries.sweep() }
    }
}
