/// A memo entry that remembers the last frame it was used in.
protocol FrameStamped: AnyObject {
    var frame: Int { get set }
}

/// The entries of a live view's per-block memo (``ClosedLayoutMemos``, ``HangMemos``), with the
/// frame count they are stamped with and the rule that forgets them.
///
/// Entries are classes, so that a hit restamps an entry without copying it or writing the table.
struct FrameStampedEntries<Entry: FrameStamped> {
    private var entries: [BlockID: Entry] = [:]
    /// Frames ended so far: what an entry used now is stamped with.
    private(set) var frame = 0

    /// The entry kept for `id`.
    subscript(id: BlockID) -> Entry? {
        get { entries[id] }
        set { entries[id] = newValue }
    }

    /// Ends a frame; every eighth, forgets entries not used in it or the frame before (a scan of
    /// the entries at every frame cost more than the few it would free sooner).
    mutating func sweep() {
        frame += 1
        guard frame % 8 == 0, entries.values.contains(where: { $0.frame < frame - 2 }) else { return }
        entries = entries.filter { $0.value.frame >= frame - 2 }
    }
}
