/// How a table is drawn once its plan is fixed: a grid, or one record per row.
///
/// A table's lines are, in order: ``openingLines()``, then ``lines(forRow:cells:)`` for each
/// data row (or ``emptyLines()`` when there is none), then ``closingLines()`` once it is final.
/// Each part depends only on the plan and its own row, which is what makes the layout
/// prefix-stable.
protocol TableShape: Sendable {
    /// The lines above the first data row (top border, header).
    func openingLines() -> [StyledLine]
    /// The lines of data row `index` (0-based), including any rule above it; `cache` keeps the
    /// cells already laid out under this plan (a live view's), nil for a layout made once.
    func lines(forRow index: Int, cells: [TableCellText], cache: TableCellCache?) -> [StyledLine]
    /// The lines of data row `index` while it is still being written and the plan may still
    /// change: no taller than the row will be under the widths its completion may bring.
    func provisionalLines(forRow index: Int, cells: [TableCellText], cache: TableCellCache?) -> [StyledLine]
    /// What stands in for the rows of a table that has none.
    func emptyLines() -> [StyledLine]
    /// The lines below the last row (bottom border).
    func closingLines() -> [StyledLine]
    /// Feeds everything a row's lines depend on besides the row itself: equal plans draw any
    /// row the same.
    func hashPlan(into hasher: inout Hasher)
}

extension TableShape {
    func provisionalLines(forRow index: Int, cells: [TableCellText], cache: TableCellCache?) -> [StyledLine] {
        lines(forRow: index, cells: cells, cache: cache)
    }
}
