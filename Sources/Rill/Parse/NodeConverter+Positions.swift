import CCmarkGFM

/// Where each node is in the stream: cmark-gfm's reported positions, repaired where it reports
/// them wrongly (setext headings, fences closed by a container, tables that split a paragraph).
extension NodeConverter {
    /// A node's place in the stream, and whether cmark-gfm reported one for it.
    struct Placement {
        var range: Range<Int>
        var hasOwnPosition: Bool
        var startLine: Int
    }

    /// The node's stream range from its reported position. A node cmark did not position (0:0,
    /// or column 0 for the empty cells it adds to a short table row) gets an empty range after
    /// its previous sibling, or where its parent starts, so siblings stay in order.
    func placement(_ node: OpaquePointer, parent: Parent, columnShift: Int = 0) -> Placement {
        let startLine = Int(cmark_node_get_start_line(node))
        guard startLine > 0, cmark_node_get_start_column(node) > 0 else {
            let at = parent.lastChildEnd ?? parent.range.lowerBound
            return Placement(range: at..<at, hasOwnPosition: false, startLine: parent.startLine)
        }
        let endLine = Int(cmark_node_get_end_line(node))
        var endColumn = Int(cmark_node_get_end_column(node))
        if columnShift != 0, endColumn > 0 { endColumn = max(1, endColumn - columnShift) }
        var range = mapper.range(startLine: startLine,
                                 startColumn: Int(cmark_node_get_start_column(node)) - columnShift,
                                 endLine: endLine,
                                 endColumn: endColumn)
        if endLine > startLine, endColumn > 0, endsOnClosingLine(node, endLine: endLine, parent: parent) {
            var end = mapper.streamContentEnd(endLine - 1)
            if parent.isContainer { end = min(end, parent.range.upperBound) }
            range = range.lowerBound..<max(range.lowerBound, end)
        }
        if cmark_node_get_type(node) == CMARK_NODE_HEADING, endLine == startLine {
            // An ATX heading is its whole line. cmark-gfm measures the line after cutting off a
            // closing sequence, so `## a ##` ends after `a`, and an empty ` #` or `> #` ends
            // before its own `#` (every container ending on that line is cut short the same way;
            // `exit` extends them over their children).
            range = range.lowerBound..<max(range.lowerBound, mapper.streamContentEnd(startLine))
        }
        return Placement(range: range, hasOwnPosition: true, startLine: startLine)
    }

    /// cmark-gfm ends a setext heading, and a fenced code block, on the line being read when
    /// it closes them: for a heading that is the line after its underline; for a fence left
    /// open in a container, the line that ended the container. (When that line is blank the
    /// end is `N:0`, which ``SourceMapper/bufferEnd(line:column:)`` handles.) Whether the
    /// reported last line `endLine` is such a closing line rather than the block's own.
    private func endsOnClosingLine(_ node: OpaquePointer, endLine: Int, parent: Parent) -> Bool {
        let type = cmark_node_get_type(node)
        var length: Int32 = 0, offset: Int32 = 0
        var character: CChar = 0
        let isSetext = type == CMARK_NODE_HEADING
        let isFence = type == CMARK_NODE_CODE_BLOCK && cmark_node_get_fenced(node, &length, &offset, &character) != 0
        guard isSetext || isFence else { return false }
        // A line past the end of the enclosing container is never the block's own.
        if parent.isContainer, mapper.streamLineStart(endLine) >= parent.range.upperBound { return true }
        guard isSetext else { return false }
        // A heading's own last line is its underline; a line that starts the next block is not.
        if let next = cmark_node_next(node), Int(cmark_node_get_start_line(next)) == endLine { return true }
        return !mapper.isSetextUnderline(line: endLine)
    }

    /// A table's real first line is the line before its delimiter row. cmark-gfm reports a
    /// table that split a paragraph as starting on that paragraph's first line instead.
    func tableStart(_ table: OpaquePointer) -> (line: Int, offset: Int) {
        let reportedLine = Int(cmark_node_get_start_line(table))
        var delimiterLine = Int(cmark_node_get_end_line(table))
        if Int(cmark_node_get_end_column(table)) <= 0 { delimiterLine -= 1 }
        if let header = cmark_node_first_child(table), let firstBody = cmark_node_next(header) {
            let bodyLine = Int(cmark_node_get_start_line(firstBody))
            if bodyLine > 0 { delimiterLine = bodyLine - 1 }
        }
        let headerLine = max(1, delimiterLine - 1)
        if headerLine == reportedLine {
            let offset = mapper.bufferOffset(line: reportedLine, column: Int(cmark_node_get_start_column(table)))
            return (headerLine, mapper.streamOffset(offset))
        }
        return (headerLine, mapper.streamOffset(mapper.firstContentOffset(line: headerLine)))
    }

    /// cmark-gfm gives a paragraph that directly precedes a table no position (0:0) and lets the
    /// table claim its first line. Recover the paragraph's lines from the table that follows.
    func paragraphBeforeTable(_ paragraph: OpaquePointer) -> Placement? {
        guard let next = cmark_node_next(paragraph), cmark_node_get_type(next) == types.table else { return nil }
        let reportedLine = Int(cmark_node_get_start_line(next))
        guard reportedLine > 0 else { return nil }
        let tableLine = tableStart(next).line
        guard tableLine > reportedLine else { return nil }
        let start = mapper.bufferOffset(line: reportedLine, column: Int(cmark_node_get_start_column(next)))
        let end = max(start, mapper.lines.contentEnd(ofLine: tableLine - 1, in: mapper.bytes))
        return Placement(range: mapper.streamOffset(start)..<mapper.streamOffset(end),
                         hasOwnPosition: true, startLine: reportedLine)
    }
}
