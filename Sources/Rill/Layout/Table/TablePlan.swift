/// Decides how a table is drawn, from its header and its first ``TableLayout/sampleRows`` data
/// rows only: the grid with fixed column widths when the columns fit at their minimum widths,
/// otherwise one record per row. Whether the sample is full (more rows may follow) counts too:
/// it is the same for every longer table.
enum TablePlan {
    /// The shape for a table whose header and sampled rows are given.
    ///
    /// - Complexity: O(c) in the grapheme clusters of the header and the sampled rows.
    static func shape(alignments: [ColumnAlignment], header: [TableCellText]?,
                      sample: ArraySlice<[TableCellText]>, in context: LayoutContext) -> any TableShape {
        let columns = alignments.count
        let measured = (header.map { [$0] } ?? []) + Array(sample)
        var natural = Array(repeating: 0, count: columns)
        var longestWord = Array(repeating: 0, count: columns)
        for row in measured {
            for column in 0..<columns {
                natural[column] = max(natural[column], row[column].naturalWidth)
                longestWord[column] = max(longestWord[column], row[column].longestWord)
            }
        }
        let minimum = (0..<columns).map { column in
            ColumnSizing.minimum(natural: natural[column], longestWord: longestWord[column],
                                 longestHeaderWord: header?[column].longestWord ?? 0)
        }
        if sample.count == TableLayout.sampleRows {
            natural = natural.map { max($0, ColumnSizing.longTableHeadroom) }
        }
        let available = context.width - TableGrid.totalWidth(of: Array(repeating: 0, count: columns))
        let borderStyle = context.theme.tableBorder

        guard let widths = ColumnSizing.fit(natural: natural, minimum: minimum, available: available) else {
            let labels = header ?? Array(repeating: TableCellText(spans: [], base: context.theme.text), count: columns)
            return TableRecords(width: context.width, labels: labels, borderStyle: borderStyle)
        }
        let sampleWraps = sample.contains { row in
            zip(row, widths).contains { cell, width in cell.wraps(at: width) }
        }
        return TableGrid(widths: widths, alignments: alignments, header: header,
                         ruleBetweenRows: sampleWraps, borderStyle: borderStyle)
    }
}
