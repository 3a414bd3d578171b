/// A table block reduced to what layout needs: one alignment per column, the header cells and
/// the data rows, every row padded or truncated to the column count.
///
/// GFM pads short rows and drops extra cells; this does the same for any block it is given, so
/// layout never has to check a row's length.
struct TableContent {
    /// One alignment per column; its count is the column count (at least 1).
    let alignments: [ColumnAlignment]
    /// The header row's cells, or `nil` when the first row is not a header.
    let header: [[Inline]]?
    /// The data rows, in order.
    let rows: [[[Inline]]]

    /// The number of columns.
    var columnCount: Int { alignments.count }

    /// The content of `table`, or `nil` when it is not a `.table` block or has no rows at all.
    ///
    /// The column count comes from the header (else the delimiter row's alignments, else the
    /// widest of the first ``TableLayout/sampleRows`` rows), so it never depends on later rows.
    init?(_ table: Block) {
        guard case .table(let given) = table.kind else { return nil }
        var rowBlocks: [(isHeader: Bool, cells: [[Inline]])] = []
        for child in table.children {
            guard case .tableRow(let isHeader) = child.kind else { continue }
            rowBlocks.append((isHeader, child.children.map { $0.kind.inlines ?? [] }))
        }
        guard let first = rowBlocks.first else { return nil }
        let headerCells = first.isHeader ? first.cells : nil
        let dataRows = rowBlocks.dropFirst(first.isHeader ? 1 : 0).map(\.cells)

        var columns = headerCells?.count ?? 0
        if columns == 0 { columns = given.count }
        if columns == 0 { columns = dataRows.prefix(TableLayout.sampleRows).map(\.count).max() ?? 0 }
        columns = max(1, columns)

        alignments = (0..<columns).map { $0 < given.count ? given[$0] : .none }
        header = headerCells.map { Self.normalized($0, to: columns) }
        rows = dataRows.map { Self.normalized($0, to: columns) }
    }

    /// `cells` padded with empty cells or truncated to exactly `count` cells.
    static func normalized(_ cells: [[Inline]], to count: Int) -> [[Inline]] {
        if cells.count >= count { return Array(cells.prefix(count)) }
        return cells + Array(repeating: [], count: count - cells.count)
    }
}
