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
        spans.reserveCapacity(inlines.count)
        // The runs of inlines being styled, innermost last: each is read in place, where it
        // stands in its parent, and ends with its trailer (a link's target, a closing delimiter).
        struct Run {
            var inlines: [Inline]
            var next = 0
            var style: TextStyle
            var trailer: Span?
        }
        var runs = [Run(inlines: inlines, style: base)]

        func text(_ string: String, _ style: TextStyle) {
            guard ControlCharacters.contains(in: string) else { return spans.append(Span(string, style)) }
            spans += ControlCharacters.spans(string, style: style, placeholderStyle: theme.placeholder)
        }
        func push(_ children: [Inline], _ style: TextStyle, after trailer: Span? = nil) {
            runs.append(Run(inlines: children, style: style, trailer: trailer))
        }

        func delimited(_ children: [Inline], _ delimiter: String, _ style: TextStyle) {
            guard context.isPlain else { return push(children, style) }
            spans.append(Span(delimiter, style))
            push(children, style, after: Span(delimiter, style))
        }

        while let top = runs.indices.last {
            guard runs[top].next < runs[top].inlines.count else {
                if let trailer = runs.removeLast().trailer { spans.append(trailer) }
                continue
            }
            let inline = runs[top].inlines[runs[top].next]
            let style = runs[top].style
            runs[top].next += 1
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
                    : Span(" (" + ControlCharacters.visible(destination) + ")", Self.whole(style.merged(with: theme.linkTarget)))
                push(children, linkStyle, after: trailer)
            case .autolink(let destination, let shown):
                var linkStyle = style.merged(with: theme.link)
                linkStyle.keepsWhole = true
                if context.hyperlinks { linkStyle.hyperlink = ControlCharacters.hyperlinkTarget(destination) }
                text(shown, linkStyle)
            case .math(let tex, let delimiter):
                spans += math(tex, delimiter, style: style, in: context)
            case .footnoteReference(let label):
                text("[" + label + "]", style.merged(with: theme.footnote))
            case .htmlElement(let element, let children):
                spans += self.element(element, children, style: style, in: context)
            case .image(let source, _, let children):
                let imageStyle = style.merged(with: theme.image)
                spans.append(Span("▣ ", imageStyle))
                let trailer: Span? = source.isEmpty
                    ? nil
                    : Span(" (" + ControlCharacters.visible(source) + ")", Self.whole(style.merged(with: theme.linkTarget)))
                push(children, imageStyle, after: trailer)
            }
        }
        return spans
    }

    /// Math as its TeX rendered to Unicode where that is unambiguous, in the math style; plain
    /// output, which has no style, keeps the delimiters as written. Display math stands on lines
    /// of its own: forced breaks before and after it (the wrapper drops the spaces they leave at
    /// a line's ends, and makes no line of a break before any text), its own line ends kept.
    /// Each inline's spans depend on it alone, as ``WrapMemos`` requires.
    static func math(_ tex: String, _ delimiter: MathDelimiter, style: TextStyle, in context: LayoutContext) -> [Span] {
        let mathStyle = style.merged(with: context.theme.math)
        var shown = TeXUnicode.render(tex)
        if delimiter.isDisplay {
            let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\t" }
            shown = String(shown.drop(while: isBlank).reversed().drop(while: isBlank).reversed())
        }
        if context.isPlain { shown = delimiter.opener + shown + delimiter.closer }
        var spans: [Span] = []
        for (index, line) in shown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { spans.append(Span("\n", style)) }
            spans += ControlCharacters.spans(String(line), style: mathStyle, placeholderStyle: context.theme.placeholder)
        }
        return delimiter.isDisplay ? [Span("\n", style)] + spans + [Span("\n", style)] : spans
    }

    /// A `<kbd>` as a key cap (reverse video, or in brackets in plain output); `<sup>` and
    /// `<sub>` of digits and signs in super- or subscript characters, other content in the
    /// footnote style (after a `^` or `_` in plain output).
    static func element(_ element: HTMLElement, _ children: [Inline], style: TextStyle, in context: LayoutContext) -> [Span] {
        let content = spans(children, base: style, in: context)
        switch element {
        case .kbd:
            if context.isPlain { return [Span("[", style)] + content + [Span("]", style)] }
            let key = style.merged(with: context.theme.keyboard)
            // No-break spaces pad the cap: a line never breaks between a key and its edges.
            return [Span("\u{00A0}", key)] + content.map { Span($0.text, $0.style.merged(with: context.theme.keyboard)) }
                + [Span("\u{00A0}", key)]
        case .sup, .sub:
            let table = element == .sup ? TeXUnicode.superscripts : TeXUnicode.subscripts
            let written = children.plainText.unicodeScalars
            // Digits and signs only: words in modifier letters read badly.
            if !written.isEmpty, written.allSatisfy({ ("0"..."9").contains($0) || "+-=()".unicodeScalars.contains($0) }) {
                var text = String.UnicodeScalarView()
                text += written.compactMap { table[$0] }
                return [Span(String(text), style)]
            }
            if context.isPlain { return [Span(element == .sup ? "^" : "_", style)] + content }
            return content.map { Span($0.text, $0.style.merged(with: context.theme.footnote)) }
        }
    }

    /// `style` for text kept whole (a URL).
    private static func whole(_ style: TextStyle) -> TextStyle {
        var style = style
        style.keepsWhole = true
        return style
    }

    /// Whether link text `shown` already says where the link goes: it is the destination, or
    /// the destination without the scheme a bare `www.` or e-mail autolink gets.
    static func isTarget(_ destination: String, shownAs shown: String) -> Bool {
        destination == shown || ["http://", "https://", "mailto:"].contains { destination == $0 + shown }
    }
}
