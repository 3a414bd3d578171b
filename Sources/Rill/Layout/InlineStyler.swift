/// Turns inline content into styled spans, ready for wrapping.
///
/// Soft breaks become spaces (the wrapper reflows them); hard breaks become `"\n"` spans, which
/// the wrapper honours as forced line ends. Control characters become visible placeholders.
enum InlineStyler {
    /// The spans of `inlines`, each styled with `base` under its own markup.
    ///
    /// - Complexity: O(n) in the size of the inline tree, without recursion.
    static func spans(_ inlines: [Inline], base: TextStyle, in context: LayoutContext) -> [Span] {
        let theme = context.theme
        var spans: [Span] = []
        // Work items: an inline to emit in a style, or a literal span to emit after children.
        enum Work {
            case inline(Inline, TextStyle)
            case literal(Span)
        }
        var stack: [Work] = inlines.reversed().map { .inline($0, base) }

        func text(_ string: String, _ style: TextStyle) {
            spans += ControlCharacters.spans(string, style: style, placeholderStyle: theme.placeholder)
        }
        func push(_ children: [Inline], _ style: TextStyle, after trailer: Span? = nil) {
            if let trailer { stack.append(.literal(trailer)) }
            for child in children.reversed() { stack.append(.inline(child, style)) }
        }

        func delimited(_ children: [Inline], _ delimiter: String, _ style: TextStyle) {
            guard context.isPlain else { return push(children, style) }
            spans.append(Span(delimiter, style))
            push(children, style, after: Span(delimiter, style))
        }

        while let work = stack.popLast() {
            switch work {
            case .literal(let span):
                spans.append(span)
            case .inline(let inline, let style):
                switch inline {
                case .text(let string):
                    text(string, style)
                case .code(let string):
                    let codeStyle = style.merged(with: theme.inlineCode)
                    let tick = context.isPlain ? "`" : ""
                    text(tick + string + tick, codeStyle)
                case .html(let string):
                    text(string, style.merged(with: theme.html))
                case .softBreak:
                    spans.append(Span(" ", style))
                case .hardBreak:
                    spans.append(Span("\n", style))
                // Without colour or attributes, markup is shown by its markdown delimiters, as
                // code keeps its backticks: readable, and copied as markdown.
                case .emphasis(let children):
                    delimited(children, "*", style.merged(with: theme.emphasis))
                case .strong(let children):
                    delimited(children, "**", style.merged(with: theme.strong))
                case .strikethrough(let children):
                    delimited(children, "~~", style.merged(with: theme.strikethrough))
                case .link(let destination, _, let children):
                    var linkStyle = style.merged(with: theme.link)
                    if context.hyperlinks { linkStyle.hyperlink = ControlCharacters.hyperlinkTarget(destination) }
                    let shown = children.plainText
                    let trailer: Span? = context.hyperlinks || destination.isEmpty || isTarget(destination, shownAs: shown)
                        ? nil
                        : Span(" (" + ControlCharacters.visible(destination) + ")", style.merged(with: theme.linkTarget))
                    push(children, linkStyle, after: trailer)
                case .autolink(let destination, let shown):
                    var linkStyle = style.merged(with: theme.link)
                    if context.hyperlinks { linkStyle.hyperlink = ControlCharacters.hyperlinkTarget(destination) }
                    text(shown, linkStyle)
                case .image(let source, _, let children):
                    let imageStyle = style.merged(with: theme.image)
                    spans.append(Span("▣ ", imageStyle))
                    let trailer: Span? = source.isEmpty
                        ? nil
                        : Span(" (" + ControlCharacters.visible(source) + ")", style.merged(with: theme.linkTarget))
                    push(children, imageStyle, after: trailer)
                }
            }
        }
        return spans
    }

    /// Whether link text `shown` already says where the link goes: it is the destination, or
    /// the destination without the scheme a bare `www.` or e-mail autolink gets.
    static func isTarget(_ destination: String, shownAs shown: String) -> Bool {
        destination == shown || ["http://", "https://", "mailto:"].contains { destination == $0 + shown }
    }
}
