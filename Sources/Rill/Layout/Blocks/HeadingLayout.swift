/// A heading, distinct at every level: level 1 and 2 are underlined with a heavy or a light rule
/// as wide as their text; levels 3–6 carry their `###` marker, dimmed, before the text.
enum HeadingLayout {
    static func lines(level: Int, inlines: [Inline], in context: LayoutContext) -> [StyledLine] {
        let theme = context.theme
        let style = theme.heading(level)
        // A heading written wholly strong (`## **Title**`, common in model answers) says twice
        // that it stands out: without colour its delimiters would only be noise.
        var inlines = inlines
        if context.isPlain, inlines.count == 1, case .strong(let children) = inlines[0] { inlines = children }
        let spans = InlineStyler.spans(inlines, base: style, in: context)
        if level <= 2 {
            var lines = TextWrapper.wrap(spans, width: context.width)
            let textWidth = lines.reduce(1) { max($0, $1.width) }
            let ruleWidth = min(context.width, textWidth)
            let rule = String.repeating(level == 1 ? "━" : "─", count: ruleWidth)
            lines.append(StyledLine([Span(rule, theme.headingRule, width: ruleWidth)]))
            return lines
        }
        let marker = String(repeating: "#", count: min(level, 6)) + " "
        let markerWidth = marker.count
        guard context.width - markerWidth >= BlockLayout.minimumContentWidth / 2 else {
            return TextWrapper.wrap([Span(marker, theme.headingMarker)] + spans, width: context.width)
        }
        let body = TextWrapper.wrap(spans, width: context.width - markerWidth)
        let indent = [Span.spaces(markerWidth)]
        return body.enumerated().map { index, line in
            line.prefixed(by: index == 0 ? [Span(marker, theme.headingMarker)] : indent)
        }
    }
}
