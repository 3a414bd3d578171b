/// An HTML block, shown literally and dimmed; long lines wrap. Only a `<details>` block's
/// `<summary>…</summary>` is interpreted: its text is shown as a disclosure title, `▸ Title`.
enum HTMLBlockLayout {
    /// Lays out an HTML block; its lines settled as far as `settlement` says.
    static func layout(_ literal: String, in context: LayoutContext, settlement: Settlement) -> LaidOutLines {
        let style = context.theme.html
        let complete = settlement.settledChildren
        var lines: [StyledLine] = []
        var settled = 0
        for (index, line) in Settlement.htmlLines(literal).enumerated() {
            let expanded = CodeBlockLayout.expandTabs(String(line))
            lines += TextWrapper.wrap(spans(expanded, style: style, in: context), width: context.width)
            if index < complete { settled = lines.count }
        }
        return LaidOutLines(lines: lines, stableCount: settled)
    }

    /// The spans of one line: dimmed as written, but for a `<summary>` element's text, shown
    /// strong after a `▸` in place of its tags.
    private static func spans(_ line: String, style: TextStyle, in context: LayoutContext) -> [Span] {
        let placeholder = style.merged(with: context.theme.placeholder)
        func dimmed(_ text: Substring) -> [Span] {
            text.allSatisfy(\.isWhitespace) ? [] : ControlCharacters.spans(String(text), style: style, placeholderStyle: placeholder)
        }
        guard let open = line.firstRange(of: "<summary>"), let close = line[open.upperBound...].firstRange(of: "</summary>")
        else { return ControlCharacters.spans(line, style: style, placeholderStyle: placeholder) }
        let title = context.theme.strong
        return dimmed(line[..<open.lowerBound])
            + [Span("▸ ", title)]
            + ControlCharacters.spans(String(line[open.upperBound..<close.lowerBound]), style: title, placeholderStyle: placeholder)
            + dimmed(line[close.upperBound...])
    }
}
