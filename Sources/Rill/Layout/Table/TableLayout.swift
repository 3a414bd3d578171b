/// Lays out a GFM table for the terminal: a box-drawing grid fitted to the width, or one record
/// per row when the columns cannot fit.
///
/// **Whole-table widths.** The final layout of a table (grid or records, column widths, rules
/// between rows) is decided from all of its rows: a 20th row's long word widens its column as
/// much as the first row's would. Each row's lines then depend only on that decision and the
/// row itself.
///
/// **Provisional widths.** A table still being written is laid out `provisional`ly from its
/// header and its first ``sampleRows`` rows, so its widths stop moving once those are in; a
/// table with a full sample gets columns at least 3 wide, so row numbers can grow past 9 and 99
/// without wrapping. A live view lays the table out once more with its final widths when it
/// ends (see ``LiveLayout`` for a table taller than the live region).
///
/// **Fitting** (``ColumnSizing``). Columns take their natural width (widest cell) when the table
/// fits; otherwise each column gets its longest word, and the rest of the width goes by need,
/// the widest columns giving up space first (data cells first, then headers, so a long header
/// over short values wraps at its spaces first); only when the longest words cannot all fit are
/// the longest broken, down to a minimum per column (its longest word, at least 6 and at most 10
/// columns, and no narrower than a header word of up to 16). Cells wrap at spaces and after a
/// hyphen inside a word (`2001-`/`Present`), and `<br>` in a cell is a line break. When even the
/// minimums do not fit, each row becomes a record of `Header: value` lines. No line is ever
/// wider than `context.width`.
///
/// **Open and closed.** The bottom border is kept apart (``TableLines/closing``): a live view
/// draws ``TableLines/body`` while the table streams and adds the closing lines once the block is
/// final, so a border is never drawn and then erased to make room for another row.
enum TableLayout {
    /// Data rows (after the header) that a table's provisional widths are measured from while it
    /// is written: 8, enough to see the whole of most tables a model writes.
    static let sampleRows = 8

    /// The lines of `table` at `context.width`, with the bottom border when `closed`.
    /// Returns no lines for a block that is not a table.
    ///
    /// - Complexity: O(n) in the table's grapheme clusters plus its area in columns.
    static func lines(for table: Block, in context: LayoutContext, closed: Bool = true) -> [StyledLine] {
        let laidOut = layout(table, in: context)
        return closed ? laidOut.body + laidOut.closing : laidOut.body
    }

    /// The lines of `table` at `context.width`, split into the open body and the closing lines:
    /// with its whole-table widths, or with its provisional ones when `provisional`.
    ///
    /// - Complexity: O(n) in the table's grapheme clusters plus its area in columns.
    static func layout(_ table: Block, in context: LayoutContext, provisional: Bool = false) -> TableLines {
        guard let content = TableContent(table) else { return TableLines(body: [], closing: []) }
        let theme = context.theme
        let headerStyle = theme.text.merged(with: theme.tableHeader)
        let header = content.header.map { $0.map { TableCellText($0, base: headerStyle, in: context) } }
        // A row's trailing empty cells are drawn from one empty cell, not kept per row: a table
        // of short rows under a wide header would hold a cell per column of every row at once.
        let empty = TableCellText([], base: theme.text, in: context)
        let rows = content.rows.map { row in
            row.prefix((row.lastIndex { !$0.isEmpty } ?? -1) + 1).map { TableCellText($0, base: theme.text, in: context) }
        }
        let measured = provisional ? rows.prefix(sampleRows) : rows[...]
        let shape = TablePlan.shape(alignments: content.alignments, header: header, rows: measured,
                                    headroom: provisional && measured.count == sampleRows, in: context)

        var body = shape.openingLines()
        if rows.isEmpty { body += shape.emptyLines() }
        let columns = content.columnCount
        for (index, row) in rows.enumerated() {
            let cells = row.count < columns ? row + Array(repeating: empty, count: columns - row.count) : row
            body += shape.lines(forRow: index, cells: cells, cache: nil)
        }
        return TableLines(body: body, closing: shape.closingLines())
    }
}

/// A table's lines, split so a live view can draw a table that is still streaming.
struct TableLines: Hashable, Sendable {
    /// The top border, the header and every row: what a table shows while it is open.
    var body: [StyledLine]
    /// The bottom border, shown below ``body`` once the table is final.
    var closing: [StyledLine]
    /// Creates a table's lines.
    init(body: [StyledLine], closing: [StyledLine]) {
        self.body = body
        self.closing = closing
    }
}
