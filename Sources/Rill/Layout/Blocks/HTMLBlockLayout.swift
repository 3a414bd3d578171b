/// An HTML block, shown literally and dimmed; long lines wrap, nothing is interpreted.
enum HTMLBlockLayout {
    /// Lays out an HTML block; its lines settled as far as `settlement` says.
    static func layout(_ literal: String, in context: LayoutContext, settlement: Settlement) -> LaidOutLines {
        let style = context.theme.html
        let complete = settlement.settledChildren
        var lines: [StyledLine] = []
        var settled = 0
        for (index, line) in Settlement.htmlLines(literal).enumerated() {
            let expanded = CodeBlockLayout.expandTabs(String(line))
            let spans = ControlCharacters.spans(expanded, style: style, placeholderStyle: style.merged(with: context.theme.placeholder))
            lines += TextWrapper.wrap(spans, width: context.width)
            if index < complete { settled = lines.count }
        }
        return LaidOutLines(lines: lines, stableCount: settled)
    }
}
