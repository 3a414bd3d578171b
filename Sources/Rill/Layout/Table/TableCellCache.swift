
/// Cells of one table already styled, measured and wrapped, kept between frames: a row being
/// written changes only its last cell from one frame to the next, so its other cells are not
/// styled and wrapped again at every frame; and when a completed row changes the plan, the
/// cells are measured again only if they changed, and wrapped again only in columns whose
/// width changed. Neither depends on anything else of the plan.
///
/// Shared by the plans a live view makes of one table, values that all hold this one cache: its
/// tables are behind locks, so they may use it from any thread. A lock is not held while a cell
/// is made, so two threads making the same cell at once may both make it; the one kept is the
/// last. It forgets everything once it holds ``limit`` entries, so a long table does not keep
/// every row.
final class TableCellCache: Sendable {
    private struct TextKey: Hashable {
        let inlines: [Inline]
        let base: TextStyle
    }

    /// What a cell's lines depend on besides its spans.
    enum Placement: Hashable {
        /// A grid cell, wrapped in a column this wide.
        case column(width: Int)
        /// A record's field: its label, where values start, the record's width and border.
        case field(label: [Span], valueColumn: Int?, width: Int, border: TextStyle)
    }

    private struct LinesKey: Hashable {
        let placement: Placement
        let spans: [Span]
    }

    /// Entries of each kind kept at most.
    static let limit = 256
    private let texts = LockedValue<[TextKey: TableCellText]>([:])
    private let lines = LockedValue<[LinesKey: [StyledLine]]>([:])

    /// The cell of `inlines` over `base`, made by `make` unless it was made before.
    func text(_ inlines: [Inline], base: TextStyle, make: () -> TableCellText) -> TableCellText {
        Self.memo(texts, TextKey(inlines: inlines, base: base), make)
    }

    /// The lines of the cell of `spans` placed at `placement`, made by `make` unless `cache`
    /// made them before; made afresh when there is no cache.
    static func lines(_ cache: TableCellCache?, _ placement: Placement, spans: [Span],
                      make: () -> [StyledLine]) -> [StyledLine] {
        guard let cache else { return make() }
        return memo(cache.lines, LinesKey(placement: placement, spans: spans), make)
    }

    /// `table[key]`, made by `make` and kept when missing; a full table is emptied first. The
    /// lock is not held while `make` runs.
    private static func memo<Key: Hashable & Sendable, Value: Sendable>(_ table: LockedValue<[Key: Value]>, _ key: Key,
                                                                       _ make: () -> Value) -> Value {
        if let value = table.withLock({ $0[key] }) { return value }
        let value = make()
        table.withLock { table in
            if table.count >= limit { table.removeAll(keepingCapacity: true) }
            table[key] = value
        }
        return value
    }
}
