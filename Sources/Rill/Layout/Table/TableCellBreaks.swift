/// `<br>` in a table cell: GFM cells hold one line of source, so models write `<br>` (or
/// `<br/>`, `<br />`) where a cell needs a line break. It is shown as one.
enum TableCellBreaks {
    /// `inlines` with every `<br>` tag (any case, with or without `/` and spaces) replaced by a
    /// hard line break, inside emphasis and links too; other HTML is left as it is.
    ///
    /// - Complexity: O(n) in the inlines; `inlines` itself when it holds no HTML.
    static func replacing(_ inlines: [Inline]) -> [Inline] {
        guard inlines.contains(where: holdsHTML) else { return inlines }
        return inlines.map(replacing)
    }

    private static func replacing(_ inline: Inline) -> Inline {
        switch inline {
        case .html(let tag): return isLineBreak(tag) ? .hardBreak : inline
        case .emphasis(let children): return .emphasis(replacing(children))
        case .strong(let children): return .strong(replacing(children))
        case .strikethrough(let children): return .strikethrough(replacing(children))
        case .link(let destination, let title, let children): return .link(destination: destination, title: title, replacing(children))
        case .image(let source, let title, let children): return .image(source: source, title: title, replacing(children))
        case .htmlElement(let element, let children): return .htmlElement(element, replacing(children))
        case .text, .code, .autolink, .softBreak, .hardBreak, .math, .footnoteReference: return inline
        }
    }

    private static func holdsHTML(_ inline: Inline) -> Bool {
        switch inline {
        case .html: return true
        case .emphasis(let children), .strong(let children), .strikethrough(let children),
             .link(_, _, let children), .image(_, _, let children), .htmlElement(_, let children):
            return children.contains(where: holdsHTML)
        case .text, .code, .autolink, .softBreak, .hardBreak, .math, .footnoteReference: return false
        }
    }

    /// Whether `tag` is `<br>`, `<br/>` or `<br />` (any case, spaces before the end allowed).
    static func isLineBreak(_ tag: String) -> Bool {
        var body = Substring(tag.lowercased())
        guard body.hasPrefix("<br"), body.hasSuffix(">") else { return false }
        body = body.dropFirst(3).dropLast()
        if body.hasSuffix("/") { body = body.dropLast() }
        return body.allSatisfy { $0 == " " || $0 == "\t" }
    }
}
