/// A block quote: its children laid out two columns narrower, each line behind a `│` gutter,
/// so nested quotes show one gutter per level.
enum QuoteLayout {
    static func layout(_ quote: Block, in context: LayoutContext, settlement: Settlement) -> LaidOutLines {
        let indent = gutterWidth(in: context)
        var inner = BlockLayout.stack(quote.children, in: context.children(narrowedBy: indent), settlement: settlement) { _ in true }
        // Without children, the gutter alone, at any width: too narrow for a gutter beside
        // text, a quote of nothing still shows that it is there.
        if inner.lines.isEmpty { return emptyQuote(in: context, settlement: settlement) }
        guard indent > 0 else { return inner }
        inner.lines = guttered(inner.lines, style: context.theme.quoteGutter)
        return inner
    }

    /// Columns the gutter takes in `context`: 2, or none where the children would be narrower
    /// than ``BlockLayout/minimumContentWidth``.
    static func gutterWidth(in context: LayoutContext) -> Int {
        context.width - 2 >= BlockLayout.minimumContentWidth ? 2 : 0
    }

    /// A quote without children: its gutter alone (settled only when the quote is).
    static func emptyQuote(in context: LayoutContext, settlement: Settlement) -> LaidOutLines {
        let gutter = [StyledLine([Span("│", context.theme.quoteGutter)])]
        return LaidOutLines(lines: gutter, stableCount: settlement.isSettled ? 1 : 0)
    }

    /// Child `position` of a quote laid out on its own, as a view that lays a quote out child
    /// by child draws it: behind the gutter, with a blank gutter line before it unless it is the
    /// first; joined, such children are ``layout(_:in:settlement:)``'s lines.
    static func layoutChild(_ child: Block, at position: Int, in context: LayoutContext,
                            settlement: Settlement) -> LaidOutLines {
        let indent = gutterWidth(in: context)
        var laidOut = BlockLayout.layout(child, in: context.narrowed(by: indent), settlement: settlement)
        if position > 0 { laidOut = laidOut.separated() }
        if indent > 0 { laidOut.lines = guttered(laidOut.lines, style: context.theme.quoteGutter) }
        return laidOut
    }

    /// `lines` behind the quote's gutter: `│ ` before text, `│` alone on a blank line.
    static func guttered(_ lines: [StyledLine], style: TextStyle) -> [StyledLine] {
        let gutter = StyledLine([Span("│ ", style)])
        return lines.map { line in line.spans.isEmpty ? StyledLine([Span("│", style)]) : line.prefixed(by: gutter) }
    }
}
