/// A table laid out a section at a time — the opening lines, then each data row on its own,
/// then the closing lines — for a live view that lays out only the rows that changed.
///
/// A plan is either the table's final one, from all of its rows, exactly as
/// ``TableLayout/layout(_:in:provisional:)`` makes it (the sections joined are that layout's
/// lines), or a provisional one from its header and first ``TableLayout/sampleRows`` rows.
///
/// Immutable; a class so that the live view hands one plan around every frame by reference
/// instead of copying its fields (an existential shape among them).
final class TableSections: Sendable {
    private let shape: any TableShape
    private let columns: Int
    private let context: LayoutContext
    /// Cells styled and wrapped for this table (see ``TableCellCache``), shared with its other plans.
    let cache: TableCellCache
    /// Whether the widths no longer move while the table is written: the plan is the final one,
    /// or its sample is full (the final plan may still differ).
    let isFixed: Bool
    /// Whether this plan is kept for the rest of the table whatever rows come: some of its lines
    /// are in scrollback already (see ``frozen()``).
    let isFrozen: Bool
    /// Equal for equal plans: a row laid out under one plan looks the same under another with
    /// the same value.
    let plan: Int

    /// Plans the table whose header row and data rows are given: from all of `dataRows` when
    /// `final`, else provisionally from the first ``TableLayout/sampleRows``. Returns nil for a
    /// block that is no table.
    ///
    /// - Complexity: O(size of the header and the measured rows).
    convenience init?(table: Block, dataRows: some Collection<Block>, final: Bool, in context: LayoutContext) {
        self.init(table: table, dataRows: dataRows, final: final, in: context, cache: TableCellCache())
    }

    /// Plans the table as above, taking cells from `cache` that an earlier plan of the same
    /// table at the same width styled (only the cells that changed are measured again).
    convenience init?(table: Block, dataRows: some Collection<Block>, final: Bool, in context: LayoutContext,
                      cache: TableCellCache) {
        guard case .table(let given) = table.kind else { return nil }
        let headerRow = table.children.first.flatMap { row -> Block? in
            if case .tableRow(isHeader: true) = row.kind { return row } else { return nil }
        }
        let headerCells = headerRow.map { $0.children.map { $0.kind.inlines ?? [] } }
        let measured = (final ? Array(dataRows) : Array(dataRows.prefix(TableLayout.sampleRows)))
            .map { $0.children.map { $0.kind.inlines ?? [] } }
        var count = headerCells?.count ?? 0
        if count == 0 { count = given.count }
        if count == 0 { count = measured.prefix(TableLayout.sampleRows).map(\.count).max() ?? 0 }
        count = max(1, count)
        let alignments = (0..<count).map { $0 < given.count ? given[$0] : .none }
        let theme = context.theme
        let headerStyle = theme.text.merged(with: theme.tableHeader)
        func text(_ inlines: [Inline], _ base: TextStyle) -> TableCellText {
            cache.text(inlines, base: base) { TableCellText(inlines, base: base, in: context) }
        }
        let header = headerCells.map { TableContent.normalized($0, to: count).map { text($0, headerStyle) } }
        let rows = measured.map { TableContent.normalized($0, to: count).map { text($0, theme.text) } }
        let fullSample = !final && rows.count == TableLayout.sampleRows
        let shape = TablePlan.shape(alignments: alignments, header: header, rows: rows[...], headroom: fullSample,
                                    in: context)
        var hasher = Hasher()
        shape.hashPlan(into: &hasher)
        hasher.combine(count)
        self.init(shape: shape, columns: count, context: context, cache: cache, isFixed: final || fullSample,
                  isFrozen: false, plan: hasher.finalize())
    }

    private init(shape: any TableShape, columns: Int, context: LayoutContext, cache: TableCellCache, isFixed: Bool,
                 isFrozen: Bool, plan: Int) {
        self.shape = shape
        self.columns = columns
        self.context = context
        self.cache = cache
        self.isFixed = isFixed
        self.isFrozen = isFrozen
        self.plan = plan
    }

    /// This plan kept for the rest of the table: its lines drawn so far went to scrollback, and
    /// every later line must have the same widths. Rows are drawn in full from now on.
    func frozen() -> TableSections {
        isFrozen ? self : TableSections(shape: shape, columns: columns, context: context, cache: cache, isFixed: true,
                                        isFrozen: true, plan: plan)
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
