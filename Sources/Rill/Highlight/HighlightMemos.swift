
/// The highlighted lines of the code blocks a live view is drawing, kept by block (see
/// ``HighlightedLines``), and how many lines they highlighted.
///
/// A block's lines are kept until the live view has committed it whole (``forget(before:)``),
/// not for a number of frames: a code block inside a list item may go unlaid-out for many
/// frames (its item unchanged) and be laid out again later (the list turned loose), and its
/// complete lines must not be highlighted again then.
final class HighlightMemos: Sendable {
    /// The blocks' lines, behind a lock: contexts holding the memos are values, and every copy
    /// shares this one store.
    private let entries = LockedValue<[BlockID: HighlightedLines]>([:])
    let counts = HighlightCounts()

    /// Creates an empty store.
    init() {}

    /// The lines kept for block `id` in `language` (a fresh record when the block was another
    /// language, or not kept).
    func lines(for id: BlockID, in language: CodeLanguage) -> HighlightedLines {
        entries.withLock { entries in
            if let entry = entries[id], entry.language === language { return entry }
            let entry = HighlightedLines(language: language, counts: counts)
            entries[id] = entry
            return entry
        }
    }

    /// Forgets the blocks before `id` (every block, for nil): the live view has committed them.
    ///
    /// - Complexity: O(blocks kept), a handful.
    func forget(before id: BlockID?) {
        entries.withLock { entries in
            guard !entries.isEmpty else { return }
            guard let id else { return entries.removeAll() }
            entries = entries.filter { $0.key >= id }
        }
    }
}
