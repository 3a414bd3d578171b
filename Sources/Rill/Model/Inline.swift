/// Inline content of a paragraph, heading or table cell, as an immutable tree.
///
/// An inline is stored in place (a container's children are an array, already shared storage),
/// so making a run of text or an emphasis allocates no box of its own; only the cases carrying
/// two strings are boxed, which keeps every inline within three words.
public enum Inline: Hashable, Sendable {
    /// Literal text.
    case text(String)
    /// An inline code span.
    case code(String)
    /// `*emphasis*`.
    case emphasis([Inline])
    /// `**strong**`.
    case strong([Inline])
    /// GFM `~~strikethrough~~`.
    case strikethrough([Inline])
    /// A link with its destination, title and text.
    indirect case link(destination: String, title: String, [Inline])
    /// An `<…>` or bare-URL autolink whose text is its target.
    indirect case autolink(destination: String, text: String)
    /// An image with its source, title and alt content.
    indirect case image(source: String, title: String, [Inline])
    /// A soft line break (reflowed by the renderer).
    case softBreak
    /// A hard line break (two trailing spaces or a backslash).
    case hardBreak
    /// Raw inline HTML.
    case html(String)
    /// A math span or display math: its TeX exactly as written, and the delimiters around it.
    case math(tex: String, delimiter: MathDelimiter)
    /// A footnote reference or the start of a footnote definition, `[^label]`.
    case footnoteReference(label: String)
    /// Content between a matched pair of `<kbd>`, `<sup>` or `<sub>` tags.
    case htmlElement(HTMLElement, [Inline])
}

extension Inline {
    /// The children of a container inline; empty for leaves.
    public var children: [Inline] {
        switch self {
        case .emphasis(let c), .strong(let c), .strikethrough(let c): c
        case .link(_, _, let c), .image(_, _, let c), .htmlElement(_, let c): c
        case .text, .code, .autolink, .softBreak, .hardBreak, .html, .math, .footnoteReference: []
        }
    }

    /// The text a reader sees, with markup removed (alt text for images).
    public var plainText: String {
        switch self {
        case .text(let s), .code(let s), .html(let s): s
        case .autolink(_, let text): text
        case .softBreak: " "
        case .hardBreak: "\n"
        case .math(let tex, let delimiter): delimiter.opener + tex + delimiter.closer
        case .footnoteReference(let label): "[^" + label + "]"
        case .emphasis, .strong, .strikethrough, .link, .image, .htmlElement: children.plainText
        }
    }
}

extension Array where Element == Inline {
    /// The concatenated plain text of a run of inlines.
    public var plainText: String {
        var out = ""
        for inline in self { out += inline.plainText }
        return out
    }
}
