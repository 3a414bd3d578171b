/// An HTML block, shown literally and dimmed; long lines wrap, nothing is interpreted.
enum HTMLBlockLayout {
    static func layout(_ literal: String, in context: LayoutContext, lastLineIncomplete: Bool) -> LaidOutLines {
        let style = context.theme.html
        var text = literal
        if text.hasSuffix("\n") { text.removeLast() }
        var lines: [StyledLine] = []
        var settled = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            settled = lines.count
            let expanded = CodeBlockLayout.expandTabs(String(line))
            let spans = ControlCharacters.spans(expanded, style: style, placeholderStyle: style.merged(with: context.theme.placeholder))
            lines += TextWrapper.wrap(spans, width: context.width)
        }
        return LaidOutLines(lines: lines, stableCount: lastLineIncomplete ? settled : lines.count)
    }
}
