/// The one rule for which children of an open container can no longer change, used wherever
/// the engine settles a level: children before the last one that starts on a complete line are
/// settled, because an incomplete last line can only change the child it starts or continues
/// (`- a\n- b\n-` may still become `- a\n- b\n---`, which reads `- b` as a setext heading).
enum OpenChildren {
    /// The index of the child a parse of the container's open part starts from: the last child
    /// (from `start`) with a position of its own that starts before `incompleteFrom`, or on the
    /// incomplete line when `lineIsDecided` (the line starts that child whatever follows it); a
    /// paragraph that cmark split off a table counts as starting with that table. Nil when no
    /// child qualifies.
    static func anchor<Children: RandomAccessCollection<Block>>(_ children: Children, from start: Int = 0, incompleteFrom: Int,
                                                              lineIsDecided: Bool) -> Int? where Children.Index == Int {
        guard var index = children.indices.last(where: {
            $0 >= start && children[$0].hasOwnPosition
                && (children[$0].range.lowerBound < incompleteFrom || lineIsDecided)
        }) else { return nil }
        while index > start, children[index - 1].joinsNext { index -= 1 }
        return index
    }

    /// Whether the incomplete line starting at `incompleteFrom`, read as a child of a container
    /// of `kind`, starts that child for good (see ``ListMarkerSyntax``); never for other kinds.
    static func lineIsDecided(_ source: [UInt8], incompleteFrom: Int, in kind: BlockKind) -> Bool {
        guard incompleteFrom < source.count else { return false }
        let line = source[incompleteFrom...]
        switch kind {
        case .list: return ListMarkerSyntax.startsItemForGood(line)
        case .table: return ListMarkerSyntax.startsRowForGood(line)
        case .paragraph, .heading, .codeBlock, .htmlBlock, .thematicBreak, .blockQuote, .item, .tableRow, .tableCell:
            return false
        }
    }
}
