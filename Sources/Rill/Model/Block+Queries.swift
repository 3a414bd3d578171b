extension Block {
    /// Whether the block's text is literal (code or HTML), where markdown syntax means nothing.
    var isLiteral: Bool {
        switch kind {
        case .codeBlock, .htmlBlock: true
        case .paragraph, .heading, .thematicBreak, .blockQuote, .list, .item, .table, .tableRow, .tableCell: false
        }
    }

    /// Whether the block or a descendant holds a link or an image: what a link reference
    /// definition that cmark-gfm drops after all would turn back into text.
    var holdsLinkOrImage: Bool {
        anyInlines { $0.containsLinkOrImage }
    }

    /// Whether some text in the block holds a `]`: the trace of a reference link whose
    /// definition had not arrived when it was parsed.
    ///
    /// - Complexity: O(text), less the inlines known to hold none (``settledInlines``).
    public var mayHoldUnresolvedReference: Bool {
        if settledInlines > 0, children.isEmpty, let inlines = kind.inlines {
            return inlines[min(settledInlines, inlines.count)...].containsText { $0.utf8Contains(0x5D) }
        }
        return anyInlines { inlines in inlines.containsText { $0.utf8Contains(0x5D) } }
    }

    /// Whether the inlines of the block or of a descendant satisfy `test` (checked in document
    /// order until one does). Recursive, borrowing each child where it is: a live view asks it
    /// of an open part at every frame it changes, and nesting is capped
    /// (``ParseLimits/maxContainerDepth``).
    private func anyInlines(_ test: ([Inline]) -> Bool) -> Bool {
        if let inlines = kind.inlines, test(inlines) { return true }
        return children.contains { $0.anyInlines(test) }
    }
}

extension Collection where Element == Inline {
    /// Whether any inline in the tree is a link or an image.
    var containsLinkOrImage: Bool {
        contains { inline in
            switch inline {
            case .link, .image: true
            case .emphasis(let children), .strong(let children), .strikethrough(let children),
                 .htmlElement(_, let children): children.containsLinkOrImage
            case .text, .code, .autolink, .softBreak, .hardBreak, .html, .math, .footnoteReference: false
            }
        }
    }

    /// Whether any text run in the tree satisfies `predicate` (code spans excluded).
    func containsText(_ predicate: (String) -> Bool) -> Bool {
        for inline in self {
            switch inline {
            case .text(let text):
                if predicate(text) { return true }
            case .emphasis(let children), .strong(let children), .strikethrough(let children),
                 .link(_, _, let children), .image(_, _, let children), .htmlElement(_, let children):
                if children.containsText(predicate) { return true }
            case .code, .autolink, .softBreak, .hardBreak, .html, .math, .footnoteReference:
                continue
            }
        }
        return false
    }
}
