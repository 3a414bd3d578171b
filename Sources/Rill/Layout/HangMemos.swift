
/// The hung lines of list items still being written, kept between frames so that a line the
/// item's body gives unchanged is not indented again.
///
/// An open item is laid out again at every frame that changes it, and its body's lines are then
/// hung after its marker (``Swift/Array/hang(after:indent:)``): a new line for each, spans copied
/// behind the indent. Most of those lines are the same as the frame before (the sub-items above
/// the one being written come from ``ClosedLayoutMemos``, the paragraph's settled lines from its
/// wrap), so a line equal to the one hung last time takes that result. Comparing is cheap: lines
/// from a memo share their span storage, and `==` on arrays sharing storage returns at once.
///
/// A live view owns one (in ``LayoutMemos``) and sweeps it once per frame. The layout contexts
/// that hold it (through ``LayoutMemos``) are values, and every copy shares this one store: its entries are behind a lock,
/// so copies may use it from any thread.
final class HangMemos: Sendable {
    private final class Entry: FrameStamped {
        var marker: [Span]
        var indent: Int
        var body: [StyledLine]
        var hung: [StyledLine]
        var frame: Int

        init(marker: [Span], indent: Int, body: [StyledLine], hung: [StyledLine], frame: Int) {
            self.marker = marker
            self.indent = indent
            self.body = body
            self.hung = hung
            self.frame = frame
        }
    }

    /// The entries, and how many lines were taken from them.
    private struct Store {
        var entries = FrameStampedEntries<Entry>()
        var reused = 0
    }

    private let store = LockedValue(Store())

    /// Lines taken from an entry (for tests and statistics).
    var reused: Int { store.withLock { $0.reused } }

    /// Creates an empty store.
    init() {}

    /// `body` hung after `marker` with `indent` (as ``Swift/Array/hang(after:indent:)``), taking
    /// each line equal to the one in the same place last time for item `id` from that time.
    ///
    /// - Complexity: O(lines) comparisons, plus O(spans) for each line that changed.
    func hang(_ body: [StyledLine], after marker: [Span], indent: Int, id: BlockID) -> [StyledLine] {
        store.withLock { store in
            let entry = store.entries[id]
            let kept = entry.flatMap { $0.marker == marker && $0.indent == indent ? $0 : nil }
            var hung = body
            hung.hang(after: marker, indent: indent) { index in
                guard let kept, index < kept.body.count, kept.body[index] == body[index] else { return nil }
                store.reused += 1
                return kept.hung[index]
            }
            if let entry {
                entry.marker = marker
                entry.indent = indent
                entry.body = body
                entry.hung = hung
                entry.frame = store.entries.frame
            } else {
                store.entries[id] = Entry(marker: marker, indent: indent, body: body, hung: hung, frame: store.entries.frame)
            }
            return hung
        }
    }

    /// Ends a frame; every eighth, forgets items not hung in it or the frame before.
    func sweep() {
        store.withLock { $0.entries.sweep() }
    }
}
