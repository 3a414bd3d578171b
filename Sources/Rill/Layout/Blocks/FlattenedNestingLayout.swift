/// A block that sat deeper than ``ParseLimits/maxContainerDepth`` quotes, lists and items,
/// shown in its ancestor at that depth behind a `»` marker: the first line starts with `» `, the
/// others hang two columns in. Where two columns cannot be spared, the marker gets a line of its
/// own above the block.
enum FlattenedNestingLayout {
    /// The marker, the same in plain and coloured output (only its style differs).
    static let marker = "»"

    static func layout(_ block: Block, in context: LayoutContext,
                       content: (LayoutContext) -> LaidOutLines) -> LaidOutLines {
        let style = context.theme.quoteGutter
        guard context.width - 2 >= BlockLayout.minimumContentWidth else {
            let inner = content(context)
            return LaidOutLines(lines: [StyledLine([Span(marker, style)])] + inner.lines,
                                stableCount: inner.stableCount > 0 ? inner.stableCount + 1 : 0)
        }
        var inner = content(context.narrowed(by: 2))
        if inner.lines.isEmpty { inner.lines = [.blank] }
        inner.lines.hang(after: [Span(marker + " ", style)], indent: 2)
        return inner
    }
}
