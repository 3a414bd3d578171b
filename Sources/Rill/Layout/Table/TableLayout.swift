/// Lays out a GFM table for the terminal: a box-drawing grid fitted to the width, or one record
/// per row when the columns cannot fit.
///
/// **Prefix-stable.** Everything about the table's look (grid or records, column widths, rules
/// between rows) is decided from the header and the first ``sampleRows`` data rows, then
/// fixed. Each row's lines depend only on that decision and the row itself, so once a table has
/// more than ``sampleRows`` rows, appending rows only appends lines: the top border, the header
/// and every complete row can go to scrollback while the table is still streaming. Rows past the
/// sample that are wider than their column wrap inside it; a table with a full sample gets
/// columns at least 3 wide, so row numbers can grow past 9 and 99 without wrapping.
///
/// **Fitting.** Columns take their natural width (widest sampled cell) when the table fits;
/// otherwise the widest columns shrink first, down to a minimum per column (its longest word,
/// at least 6 and at most 10 columns, and no narrower than a header word of up to 16), and cells
/// wrap inside their column. When even the minimums
/// do not fit, each row becomes a record of `Header: value` lines. No line is ever wider than
/// `context.width`.
///
/// **Open and closed.** The bottom border is kept apart (``TableLines/closing``): a live view
/// draws ``TableLines/body`` while the table streams and adds the closing lines once the block is
/// final, so a border is never drawn and then erased to make room for another row.
enum TableLayout {
    /// Data rows (after the header) that the column widths are measured from: 8, enough to see
    /// the whole of most tables a model writes, and few enough that a long table starts reaching
    /// scrollback after a screenful.
    static let sampleRows = 8

    /// The lines of `table` at `context.width`, with the bottom border when `closed`.
    /// Returns no lines for a block that is not a table.
    ///
    /// - Complexity: O(n) in the table's grapheme clusters plus its area in columns.
    static func lines(for table: Block, in context: LayoutContext, closed: Bool = true) -> [StyledLine] {
        let laidOut = layout(table, in: context)
        return closed ? laidOut.body + laidOut.closing : laidOut.body
    }

    /// The lines of `table` at `context.width`, split into the open body and the closing lines.
    ///
    /// - Complexity: O(n) in the table's grapheme clusters plus its area in columns.
    static func layout(_ table: Block, in context: LayoutContext) -> TableLines {
        guard let content = TableContent(table) else { return TableLines(body: [], closing: [], settledCount: 0) }
        let theme = context.theme
        let headerStyle = theme.text.merged(with: theme.tableHeader)
        let header = content.header.map { $0.map { TableCellText($0, base: headerStyle, in: context) } }
        let rows = content.rows.map { $0.map { TableCellText($0, base: theme.text, in: context) } }
        let shape = TablePlan.shape(alignments: content.alignments, header: header,
                                    sample: rows.prefix(sampleRows), in: context)

        var body = shape.openingLines()
        if rows.isEmpty { body += shape.emptyLines() }
        var lastRowHeight = 0
        for (index, row) in rows.enumerated() {
            let lines = shape.lines(forRow: index, cells: row, cache: nil)
            body += lines
            lastRowHeight = lines.count
        }
        let settled = rows.count > sampleRows ? body.count - lastRowHeight : 0
        return TableLines(body: body, closing: shape.closingLines(), settledCount: settled)
    }
}

/// A table's lines, split so a live view can draw a table that is still streaming.
struct TableLines: Hashable, Sendable {
    /// The top border, the header and every row: what a table shows while it is open.
    var body: [StyledLine]
    /// The bottom border, shown below ``body`` once the table is final.
    var closing: [StyledLine]
    /// How many leading lines of ``body`` no appended row can change, assuming every row but
    /// the last is complete: 0 until the table has more than ``TableLayout/sampleRows`` data
    /// rows (before that a new row may still change the column widths), then all lines but the
    /// last row's.
    var settledCount: Int

    /// Creates a table's lines.
    init(body: [StyledLine], closing: [StyledLine], settledCount: Int) {
        self.body = body
        self.closing = closing
        self.settledCount = settledCount
    }
}
