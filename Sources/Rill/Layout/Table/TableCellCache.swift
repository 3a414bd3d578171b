/// Cells of one table plan already styled and wrapped, kept between frames: a row being written
/// changes only its last cell from one frame to the next, so its other cells are not styled and
/// wrapped again at every frame.
///
/// Owned by one ``TableSections`` and used from one thread at a time, the live view's (as
/// ``WrapMemos``). It forgets everything once it holds ``limit`` entries, so a long table does
/// not keep every row.
final class TableCellCache: @unchecked Sendable {
    private struct TextKey: Hashable {
        let inlines: [Inline]
        let base: TextStyle
    }

    private struct LinesKey: Hashable {
        let column: Int
        let spans: [Span]
    }

    /// Entries of each kind kept at most.
    static let limit = 256
    private var texts: [TextKey: TableCellText] = [:]
    private var lines: [LinesKey: [StyledLine]] = [:]

    /// The cell of `inlines` over `base`, made by `make` unless it was made before.
    func text(_ inlines: [Inline], base: TextStyle, make: () -> TableCellText) -> TableCellText {
        let key = TextKey(inlines: inlines, base: base)
        if let text = texts[key] { return text }
        if texts.count >= Self.limit { texts.removeAll(keepingCapacity: true) }
        let text = make()
        texts[key] = text
        return text
    }

    /// The lines of the cell of `spans` in `column` (depending on nothing else under one plan),
    /// made by `make` unless they were made before.
    func lines(column: Int, spans: [Span], make: () -> [StyledLine]) -> [StyledLine] {
        let key = LinesKey(column: column, spans: spans)
        if let made = lines[key] { return made }
        if lines.count >= Self.limit { lines.removeAll(keepingCapacity: true) }
        let made = make()
        lines[key] = made
        return made
    }
}
