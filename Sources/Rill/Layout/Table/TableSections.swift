/// A table laid out a section at a time — the opening lines, then each data row on its own,
/// then the closing lines — for a live view that lays out only the rows that changed.
///
/// The plan comes from the header and the first ``TableLayout/sampleRows`` data rows, exactly as
/// ``TableLayout/layout(_:in:)`` makes it, so the sections joined are that layout's lines.
///
/// Immutable; a class so that the live view hands one plan around every frame by reference
/// instead of copying its fields (an existential shape among them).
final class TableSections: Sendable {
    private let shape: any TableShape
    private let columns: Int
    private let context: LayoutContext
    /// Cells styled and wrapped for this table (see ``TableCellCache``), shared with its other plans.
    let cache: TableCellCache
    /// Whether the plan can no longer change: the sample is full (every later row is laid out
    /// with the same widths).
    let isFixed: Bool
    /// Equal for equal plans: a row laid out under one plan looks the same under another with
    /// the same value.
    let plan: Int

    /// Plans the table whose header row and data rows are given (only the first
    /// ``TableLayout/sampleRows`` data rows are read). Returns nil for a block that is no table.
    ///
    /// - Complexity: O(size of the header and the sampled rows).
    convenience init?(table: Block, dataRows: some Collection<Block>, in context: LayoutContext) {
        self.init(table: table, dataRows: dataRows, in: context, cache: TableCellCache())
    }

    /// Plans the table as above, taking cells from `cache` that an earlier plan of the same
    /// table at the same width styled (only the cells that changed are measured again).
    init?(table: Block, dataRows: some Collection<Block>, in context: LayoutContext, cache: TableCellCache) {
        guard case .table(let given) = table.kind else { return nil }
        let headerRow = table.children.first.flatMap { row -> Block? in
            if case .tableRow(isHeader: true) = row.kind { return row } else { return nil }
        }
        let headerCells = headerRow.map { $0.children.map { $0.kind.inlines ?? [] } }
        let sample = dataRows.prefix(TableLayout.sampleRows).map { $0.children.map { $0.kind.inlines ?? [] } }
        var count = headerCells?.count ?? 0
        if count == 0 { count = given.count }
        if count == 0 { count = sample.map(\.count).max() ?? 0 }
        count = max(1, count)
        let alignments = (0..<count).map { $0 < given.count ? given[$0] : .none }
        let theme = context.theme
        let headerStyle = theme.text.merged(with: theme.tableHeader)
        func text(_ inlines: [Inline], _ base: TextStyle) -> TableCellText {
            cache.text(inlines, base: base) { TableCellText(inlines, base: base, in: context) }
        }
        let header = headerCells.map { TableContent.normalized($0, to: count).map { text($0, headerStyle) } }
        let sampled = sample.map { TableContent.normalized($0, to: count).map { text($0, theme.text) } }
        self.shape = TablePlan.shape(alignments: alignments, header: header, sample: sampled[...], in: context)
        self.columns = count
        self.context = context
        self.cache = cache
        self.isFixed = sample.count == TableLayout.sampleRows
        var hasher = Hasher()
        shape.hashPlan(into: &hasher)
        hasher.combine(count)
        self.plan = hasher.finalize()
    }

    /// Top border and header.
    func opening() -> [StyledLine] { shape.openingLines() }

    /// The lines of data row `index` (0-based), including any rule above it.
    ///
    /// - Complexity: O(size of the cells not laid out before under this plan); a row being
    ///   written lays out again only the cell that changed.
    func row(_ index: Int, _ row: Block) -> [StyledLine] {
        shape.lines(forRow: index, cells: texts(of: row), cache: cache)
    }

    /// The lines of data row `index` while it is being written and this plan is not fixed: a
    /// grid row one line tall, each cell cut with `…` where it would wrap (the row's
    /// completion measures the widths again, and a taller row would then collapse).
    func provisionalRow(_ index: Int, _ row: Block) -> [StyledLine] {
        shape.provisionalLines(forRow: index, cells: texts(of: row), cache: cache)
    }

    private func texts(of row: Block) -> [TableCellText] {
        let cells = TableContent.normalized(row.children.map { $0.kind.inlines ?? [] }, to: columns)
        let base = context.theme.text
        return cells.map { inlines in
            cache.text(inlines, base: base) { TableCellText(inlines, base: base, in: context) }
        }
    }

    /// What stands in for the rows of a table that has none.
    func empty() -> [StyledLine] { shape.emptyLines() }

    /// The bottom border.
    func closing() -> [StyledLine] { shape.closingLines() }
}
