/// A block quote: its children laid out two columns narrower, each line behind a `│` gutter,
/// so nested quotes show one gutter per level.
enum QuoteLayout {
    static func layout(_ quote: Block, in context: LayoutContext, open: OpenState?) -> LaidOutLines {
        let gutterStyle = context.theme.quoteGutter
        let indent = context.width - 2 >= BlockLayout.minimumContentWidth ? 2 : 0
        var inner = BlockLayout.stack(quote.children, in: context.children(narrowedBy: indent), open: open) { _ in true }
        guard indent > 0 else { return inner }
        inner.lines = guttered(inner.lines, style: gutterStyle)
        if inner.lines.isEmpty {
            inner = LaidOutLines(lines: [StyledLine([Span("│", gutterStyle)])], stableCount: open == nil ? 1 : 0)
        }
        return inner
    }

    /// `lines` behind the quote's gutter: `│ ` before text, `│` alone on a blank line.
    static func guttered(_ lines: [StyledLine], style: TextStyle) -> [StyledLine] {
        let gutter = StyledLine([Span("│ ", style)])
        return lines.map { line in line.spans.isEmpty ? StyledLine([Span("│", style)]) : line.prefixed(by: gutter) }
    }
}
