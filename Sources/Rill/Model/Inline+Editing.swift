/// Editing an inline's content in place, the counterpart of reading it through `children`.
extension Inline {
    /// Edits a container inline's children in place.
    mutating func editChildren(_ edit: (inout [Inline]) -> Void) {
        switch self {
        case .emphasis(var children):
            edit(&children)
            self = .emphasis(children)
        case .strong(var children):
            edit(&children)
            self = .strong(children)
        case .strikethrough(var children):
            edit(&children)
            self = .strikethrough(children)
        case .link(let destination, let title, var children):
            edit(&children)
            self = .link(destination: destination, title: title, children)
        case .image(let source, let title, var children):
            edit(&children)
            self = .image(source: source, title: title, children)
        case .htmlElement(let element, var children):
            edit(&children)
            self = .htmlElement(element, children)
        case .text, .code, .html, .autolink, .softBreak, .hardBreak, .math, .footnoteReference:
            break
        }
    }
}

extension BlockKind {
    /// Edits a leaf block's inline content in place.
    mutating func editInlines(_ edit: (inout [Inline]) -> Void) {
        switch self {
        case .paragraph(var inlines):
            edit(&inlines)
            self = .paragraph(inlines)
        case .heading(let level, var inlines):
            edit(&inlines)
            self = .heading(level: level, inlines)
        case .tableCell(var inlines):
            edit(&inlines)
            self = .tableCell(inlines)
        case .codeBlock, .htmlBlock, .thematicBreak, .blockQuote, .list, .item, .table, .tableRow:
            break
        }
    }
}
