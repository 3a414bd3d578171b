/// The text a block ends with, edited where it is stored: a paragraph's text grown at every frame
/// is appended to in place only if nothing else holds its storage, not even the enum case or
/// array it sits in while it is edited.
extension Block {
    /// The text the block's last leaf (its last child, down to one without children) ends with:
    /// its last inline, when that is a plain text; nil otherwise.
    ///
    /// - Complexity: O(depth); no block is copied on the way.
    var lastText: String? {
        if let last = children.indices.last { return children[last].lastText }
        guard case .text(let text)? = kind.inlines?.last else { return nil }
        return text
    }

    /// Calls `edit` on the text the block's last leaf ends with (see ``lastText``), taken out of
    /// the block meanwhile, so that a block held once edits storage held once; nil (and nothing
    /// called) when the leaf does not end with a plain text.
    ///
    /// - Complexity: O(depth), plus `edit`.
    mutating func editLastText<R>(_ edit: (inout String) -> R) -> R? {
        if let last = children.indices.last { return children[last].editLastText(edit) }
        return kind.editLastText(edit)
    }
}

extension BlockKind {
    /// ``Block/editLastText(_:)`` for a leaf's kind: its inlines are taken out of it meanwhile.
    mutating func editLastText<R>(_ edit: (inout String) -> R) -> R? {
        var taken = self
        self = .thematicBreak
        switch taken {
        case .paragraph(var inlines):
            taken = .thematicBreak
            defer { self = .paragraph(inlines) }
            return inlines.editLastText(edit)
        case .heading(let level, var inlines):
            taken = .thematicBreak
            defer { self = .heading(level: level, inlines) }
            return inlines.editLastText(edit)
        case .tableCell(var inlines):
            taken = .thematicBreak
            defer { self = .tableCell(inlines) }
            return inlines.editLastText(edit)
        case .codeBlock, .htmlBlock, .thematicBreak, .blockQuote, .list, .item, .table, .tableRow:
            self = taken
            return nil
        }
    }
}

extension Array where Element == Inline {
    /// ``Block/editLastText(_:)`` for a leaf's inlines: the last one, when it is a plain text,
    /// taken out of the array meanwhile.
    mutating func editLastText<R>(_ edit: (inout String) -> R) -> R? {
        guard let last = indices.last, case .text = self[last] else { return nil }
        var inline = self[last]
        self[last] = .softBreak
        guard case .text(var text) = inline else { return nil }
        inline = .softBreak
        defer { self[last] = .text(text) }
        return edit(&text)
    }
}
