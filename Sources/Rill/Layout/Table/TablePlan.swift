/// Decides how a table is drawn from the rows it is given: the grid with column widths fitted to
/// them when the columns fit at their minimum widths, otherwise one record per row.
///
/// A final table is planned from all of its rows (``TableLayout/layout(_:in:provisional:)``).
/// A table still being written is planned provisionally from its header and its first
/// ``TableLayout/sampleRows`` complete rows, so its widths stop moving once those are in;
/// `headroom` then widens narrow columns for the rows still to come.
enum TablePlan {
    /// The shape for a table whose header and measured rows are given.
    ///
    /// - Complexity: O(c) in the grapheme clusters of the header and the rows.
    static func shape(alignments: [ColumnAlignment], header: [TableCellText]?,
                      rows: ArraySlice<[TableCellText]>, headroom: Bool, in context: LayoutContext) -> any TableShape {
        let columns = alignments.count
        var dataNatural = Array(repeating: 0, count: columns)
        var longestWord = Array(repeating: 0, count: columns)
        // A row may leave out its trailing empty cells, which measure nothing.
        for row in rows {
            for column in 0..<min(columns, row.count) {
                dataNatural[column] = max(dataNatural[column], row[column].naturalWidth)
                longestWord[column] = max(longestWord[column], row[column].longestWord)
            }
        }
        var natural = dataNatural
        for (column, cell) in (header ?? []).enumerated() {
            natural[column] = max(natural[column], cell.naturalWidth)
            longestWord[column] = max(longestWord[column], cell.longestWord)
        }
        let minimum = (0..<columns).map { column in
            ColumnSizing.minimum(natural: natural[column], longestWord: longestWord[column],
                                 longestHeaderWord: header?[column].longestWord ?? 0)
        }
        if headroom {
            natural = natural.map { max($0, ColumnSizing.longTableHeadroom) }
            dataNatural = dataNatural.map { max($0, ColumnSizing.longTableHeadroom) }
        }
        let available = context.width - TableGrid.totalWidth(of: Array(repeating: 0, count: columns))
        let borderStyle = context.theme.tableBorder

        guard let widths = ColumnSizing.fit(natural: natural, dataNatural: dataNatural, longestWord: longestWord,
                                            minimum: minimum, available: available) else {
            let labels = header ?? Array(repeating: TableCellText(spans: [], base: context.theme.text), count: columns)
            return TableRecords(width: context.width, labels: labels, borderStyle: borderStyle)
        }
        let rowsWrap = rows.contains { row in
            zip(row, widths).contains { cell, width in cell.wraps(at: width) }
        }
        return TableGrid(widths: widths, alignments: alignments, header: header,
                         ruleBetweenRows: rowsWrap, borderStyle: borderStyle)
    }
}
