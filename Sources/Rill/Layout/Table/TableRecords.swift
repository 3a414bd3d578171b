/// The fallback for a table too wide for the grid: one record per data row, one field a line.
///
/// ```
/// ┌───────────────────────
/// │ Name:  Ada Lovelace
/// │ Role:  analyst of the
/// │        engine
/// ├───────────────────────
/// │ Name:  Grace Hopper
/// └───────────────────────
/// ```
/// Fields read `Header: value`; empty fields are left out. When the longest header takes at most half the width, values
/// line up after it and wrap with a hanging indent under themselves; otherwise each field wraps
/// as a whole, continuation lines indented by two (not at all below 8 columns). A gutter marks
/// the records' extent (it is left out below 4 columns), and a light rule separates records.
/// All of it depends on the header and the width only, so every record is laid out on its own.
struct TableRecords: TableShape {
    func hashPlan(into hasher: inout Hasher) {
        hasher.combine(1)
        hasher.combine(width)
        hasher.combine(valueColumn)
        hasher.combine(hasGutter)
        hasher.combine(contentWidth)
        hasher.combine(borderStyle)
        for label in labels { hasher.combine(label.spans) }
    }

    /// Total width to fill.
    let width: Int
    /// One label per column: the header cells (empty cells when there is no header).
    let labels: [TableCellText]
    /// The style of the gutter and rules.
    let borderStyle: TextStyle
    private let hasGutter: Bool
    private let contentWidth: Int
    /// Where values start when they line up (label, colon, one space; 0 when no column has a
    /// label), or `nil` when the longest label would take more than half the width.
    private let valueColumn: Int?

    init(width: Int, labels: [TableCellText], borderStyle: TextStyle) {
        self.width = width
        self.labels = labels
        self.borderStyle = borderStyle
        hasGutter = width >= 4
        contentWidth = hasGutter ? width - 2 : width
        let longest = labels.filter { !$0.isEmpty }.map { $0.naturalWidth + 2 }.max() ?? 0
        valueColumn = longest * 2 <= contentWidth ? longest : nil
    }

    func openingLines() -> [StyledLine] {
        [hasGutter ? TableBorder.top.open(width: width, style: borderStyle) : rule]
    }

    func lines(forRow index: Int, cells: [TableCellText], cache: TableCellCache?) -> [StyledLine] {
        var lines: [StyledLine] = []
        if index > 0 { lines.append(hasGutter ? TableBorder.between.open(width: width, style: borderStyle) : rule) }
        // Empty fields are left out (a record of a wide table with short rows would otherwise be
        // a line per column for every row); a record with nothing at all keeps its first field.
        let fields = zip(labels, cells).filter { !$0.1.isEmpty }
        for (label, value) in fields.isEmpty ? Array(zip(labels, cells).prefix(1)) : fields {
            let placement = TableCellCache.Placement.field(label: label.spans, valueColumn: valueColumn, width: width,
                                                           border: borderStyle)
            lines += TableCellCache.lines(cache, placement, spans: value.spans) {
                field(label: label, value: value).map(guttered)
            }
        }
        return lines
    }

    func emptyLines() -> [StyledLine] {
        labels.filter { !$0.isEmpty }
            .flatMap { TextWrapper.wrap($0.spans, width: contentWidth) }
            .map(guttered)
    }

    func closingLines() -> [StyledLine] {
        [hasGutter ? TableBorder.bottom.open(width: width, style: borderStyle) : rule]
    }

    /// A plain rule for widths too small for a gutter.
    private var rule: StyledLine {
        StyledLine([Span(String.repeating(TableBorder.top.fill, count: width), borderStyle, width: max(0, width))])
    }

    private func guttered(_ line: StyledLine) -> StyledLine {
        hasGutter ? line.prefixed(by: [Span(TableBorder.vertical + " ", borderStyle)]) : line
    }

    /// The lines of one field, at most ``contentWidth`` wide.
    private func field(label: TableCellText, value: TableCellText) -> [StyledLine] {
        let labelSpans = label.isEmpty ? [] : label.spans + [Span(":", label.base)]
        if let valueColumn {
            let labelLines = labelSpans.isEmpty ? [] : TextWrapper.wrap(labelSpans, width: valueColumn - 1)
            let valueLines = TextWrapper.wrap(value.spans, width: contentWidth - valueColumn,
                                             breaksAfterHyphens: true)
            return (0..<max(labelLines.count, valueLines.count)).map { index in
                var line = index < labelLines.count ? labelLines[index] : .blank
                let rest = index < valueLines.count ? valueLines[index] : .blank
                guard !rest.spans.isEmpty else { return line }
                line.append(Span.spaces(valueColumn - line.width, value.base))
                for span in rest.spans { line.append(span) }
                return line
            }
        }
        let indent = contentWidth >= 8 ? 2 : 0  // below that an indent leaves too little room
        let spans = labelSpans.isEmpty ? value.spans : labelSpans + [Span(" ", value.base)] + value.spans
        let lines = TextWrapper.wrap(spans, width: contentWidth, continuationWidth: contentWidth - indent,
                                         breaksAfterHyphens: true)
        let hanging = [Span.spaces(indent, value.base)]
        return lines.enumerated().map { $0.offset == 0 ? $0.element : $0.element.prefixed(by: hanging) }
    }
}
