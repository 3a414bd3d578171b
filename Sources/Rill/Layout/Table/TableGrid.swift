/// A table drawn as a box-drawing grid with columns of fixed widths.
///
/// ```
/// ┌──────┬──────────┐
/// │ Name │     Role │
/// ╞══════╪══════════╡
/// │ Ada  │ engineer │
/// └──────┴──────────┘
/// ```
/// Each cell has one column of padding on both sides and wraps inside its column; a row is as
/// tall as its tallest cell (others are top-aligned). The rule under the header is drawn with
/// the first data row, and rules between rows only when ``ruleBetweenRows`` (set when a
/// sampled row wraps, so where one row ends stays visible).
struct TableGrid: TableShape {
    func hashPlan(into hasher: inout Hasher) {
        hasher.combine(0)
        hasher.combine(widths)
        hasher.combine(alignments)
        hasher.combine(ruleBetweenRows)
        hasher.combine(borderStyle)
    }

    /// Content width of each column, padding excluded.
    let widths: [Int]
    /// One alignment per column.
    let alignments: [ColumnAlignment]
    /// The header cells, if the table has a header.
    let header: [TableCellText]?
    /// Whether a light rule separates data rows.
    let ruleBetweenRows: Bool
    /// The style of borders and rules.
    let borderStyle: TextStyle

    /// Columns a grid with content `widths` takes: content, padding and borders.
    static func totalWidth(of widths: [Int]) -> Int {
        widths.reduce(0, +) + 3 * widths.count + 1
    }

    func openingLines() -> [StyledLine] {
        var lines = [TableBorder.top.line(widths: widths, style: borderStyle)]
        if let header { lines += rowLines(header) }
        return lines
    }

    func lines(forRow index: Int, cells: [TableCellText], cache: TableCellCache?) -> [StyledLine] {
        rule(above: index) + rowLines(cells, cache: cache)
    }

    /// A row still being written while the widths may change: each cell on one line, cut with
    /// `…` when it would wrap, so the row is one line tall (in a column sized for the header
    /// alone, wrapping would stack its words a few letters a line, then collapse once the
    /// row is complete and the widths are measured again).
    func provisionalLines(forRow index: Int, cells: [TableCellText], cache: TableCellCache?) -> [StyledLine] {
        rule(above: index) + rowLines(cells, cache: cache, oneLine: true)
    }

    /// The rule drawn above data row `index`: the header's under the first, a light one between
    /// rows when ``ruleBetweenRows``.
    private func rule(above index: Int) -> [StyledLine] {
        if index == 0 {
            return header != nil ? [TableBorder.header.line(widths: widths, style: borderStyle)] : []
        }
        return ruleBetweenRows ? [TableBorder.between.line(widths: widths, style: borderStyle)] : []
    }

    func emptyLines() -> [StyledLine] { [] }

    func closingLines() -> [StyledLine] {
        [TableBorder.bottom.line(widths: widths, style: borderStyle)]
    }

    /// The lines of one row: every cell wrapped in its column, padded to the row's height; with
    /// `oneLine`, every cell's first line, ending in `…` when more would follow.
    ///
    /// - Complexity: O(n) in the row's grapheme clusters plus its area in columns.
    func rowLines(_ cells: [TableCellText], cache: TableCellCache? = nil, oneLine: Bool = false) -> [StyledLine] {
        func wrap(_ cell: TableCellText, _ width: Int) -> [StyledLine] {
            // A cell that fits its column (most do) is measured in less than its look-up costs:
            // only cells that wrap are kept.
            if let line = TextWrapper.singleLine(cell.spans, width: width) { return [line] }
            return TableCellCache.lines(cache, .column(width: width), spans: cell.spans) {
                TextWrapper.wrapClusterByCluster(cell.spans, width: width, breaksAfterHyphens: true)
            }
        }
        let wrapped = zip(cells, widths).map { cell, width in
            let lines = wrap(cell, width)
            guard oneLine, lines.count > 1 else { return lines }
            var first = width > 1 ? wrap(cell, width - 1)[0] : StyledLine()
            first.append(Span("…", first.spans.last?.style ?? cell.base, width: 1))
            return [first]
        }
        let height = wrapped.reduce(1) { max($0, $1.count) }
        let bar = Span(TableBorder.vertical, borderStyle)
        let gaps = cells.map { Span(" ", $0.base, width: 1) }
        return (0..<height).map { row in
            var line = StyledLine([bar])
            for column in widths.indices {
                let text = row < wrapped[column].count ? wrapped[column][row] : .blank
                line.append(gaps[column])
                appendAligned(text, width: widths[column], alignment: alignments[column], padding: cells[column].base, to: &line)
                line.append(gaps[column])
                line.append(bar)
            }
            return line
        }
    }

    /// Appends `text` padded with spaces in `padding` style to exactly `width` columns.
    private func appendAligned(_ text: StyledLine, width: Int, alignment: ColumnAlignment, padding: TextStyle,
                               to line: inout StyledLine) {
        let spare = max(0, width - text.width)
        let before: Int
        switch alignment {
        case .none, .left: before = 0
        case .center: before = spare / 2
        case .right: before = spare
        }
        if before > 0 { line.append(Span.spaces(before, padding)) }
        for span in text.spans { line.append(span) }
        if spare - before > 0 { line.append(Span.spaces(spare - before, padding)) }
    }
}
