/// The frames of the conversion's explicit stack: one per node entered and not yet left.
extension NodeConverter {
    /// What a node on the conversion stack becomes when it is left.
    enum FrameKind {
        case document
        case paragraph
        case heading(level: Int)
        case blockQuote
        case list(ListStyle)
        case item(TaskState?)
        case table([ColumnAlignment])
        case tableRow(isHeader: Bool)
        case tableCell
        case emphasis, strong, strikethrough
        case link(destination: String, title: String)
        case image(source: String, title: String)
        /// A node Rill does not model, or an inline beyond the depth cap: children go to the parent.
        case transparent
        /// A container beyond the depth cap: its blocks go to the parent, marked as flattened.
        case flattened
    }

    /// A node entered and not yet left: its kind, its place in the source, and the blocks and
    /// inlines its children gave so far.
    struct Frame {
        /// Whether this is a block quote, list or item: a block that contains others.
        var isContainer: Bool {
            switch kind {
            case .blockQuote, .list, .item: true
            default: false
            }
        }

        var kind: FrameKind
        var range: Range<Int> = 0..<0
        var hasOwnPosition = true
        var startLine = 0
        var blocks: [Block] = []
        var inlines: [Inline] = []
        var containerDepth = 0
        var inlineDepth = 0
        /// For a table body row: how many bytes to the right of its real place cmark-gfm
        /// reports the row's cells (see the table row case in `enter`).
        var cellColumnShift = 0
        /// For a flattened frame: where on the stack the frame its blocks go to is (the nearest
        /// one that is not flattened), so that a block nested a thousand levels deep is handed
        /// up once, not once per level.
        var liftTarget = 0
        /// For a flattened frame: the end of the last block lifted out of it (its own, or one of
        /// a flattened frame inside it), which is its last child as far as its next one goes.
        var lastLiftedEnd: Int?
        /// Where on the stack the frame its inlines go to is: its own place, or for a transparent
        /// frame the nearest one that is not transparent, so that the text of emphasis nested a
        /// thousand levels past the depth cap is added to its ancestor's once, not once per level.
        var inlineTarget = 0

        var isFlattened: Bool {
            if case .flattened = kind { return true }
            return false
        }

        var isTransparent: Bool {
            if case .transparent = kind { return true }
            return false
        }

        /// What a child's conversion reads of this frame, without copying its blocks and inlines.
        var asParent: Parent {
            var isHeaderRow = false
            if case .tableRow(isHeader: true) = kind { isHeaderRow = true }
            return Parent(range: range, startLine: startLine, containerDepth: containerDepth, inlineDepth: inlineDepth,
                          cellColumnShift: cellColumnShift, isContainer: isContainer, isHeaderRow: isHeaderRow,
                          lastChildEnd: isFlattened ? lastLiftedEnd : blocks.last?.range.upperBound)
        }
    }

    /// The parts of a ``Frame`` that the conversion of its children reads.
    struct Parent {
        var range: Range<Int>
        var startLine: Int
        var containerDepth: Int
        var inlineDepth: Int
        var cellColumnShift: Int
        var isContainer: Bool
        var isHeaderRow: Bool
        /// Where its last child block so far ends.
        var lastChildEnd: Int?
    }
}
