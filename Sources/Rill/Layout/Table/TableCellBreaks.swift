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
        if case .html(let tag) = inline { return isLineBreak(tag) ? .hardBreak : inline }
        var edited = inline
        edited.editChildren { $0 = replacing($0) }
        return edited
    }

    private static func holdsHTML(_ inline: Inline) -> Bool {
        if case .html = inline { return true }
        return inline.children.contains(where: holdsHTML)
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
