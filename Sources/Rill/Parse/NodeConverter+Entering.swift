import CCmarkGFM

/// What each node entered makes: a frame for a container or an inline that holds others, or a
/// finished block or inline for a leaf.
extension NodeConverter {
    /// The frame for a container or an inline that holds others, placed in the stream.
    func enter(_ node: OpaquePointer, parent: Parent) -> Frame {
        let type = cmark_node_get_type(node)
        var frame = Frame(kind: .transparent)
        frame.containerDepth = parent.containerDepth
        frame.inlineDepth = parent.inlineDepth

        func position() {
            let placed = placement(node, parent: parent)
            frame.range = placed.range
            frame.hasOwnPosition = placed.hasOwnPosition
            frame.startLine = placed.startLine
        }

        switch type {
        case CMARK_NODE_PARAGRAPH:
            frame.kind = .paragraph
            position()
            if !frame.hasOwnPosition, let repaired = paragraphBeforeTable(node) {
                frame.range = repaired.range
                frame.startLine = repaired.startLine
                frame.hasOwnPosition = true
            }
        case CMARK_NODE_HEADING:
            frame.kind = .heading(level: Int(cmark_node_get_heading_level(node)))
            position()
        case CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_LIST, CMARK_NODE_ITEM:
            guard parent.containerDepth < Self.maxContainerDepth else {
                frame.kind = .flattened
                return frame
            }
            frame.containerDepth += 1
            position()
            if type == CMARK_NODE_BLOCK_QUOTE {
                frame.kind = .blockQuote
            } else if type == CMARK_NODE_LIST {
                frame.kind = .list(listStyle(node))
            } else {
                frame.kind = .item(taskState(node))
            }
        case types.table:
            frame.kind = .table(alignments(node))
            let start = tableStart(node)
            position()
            let end = frame.range.upperBound
            frame.range = start.offset..<max(start.offset, end)
            frame.startLine = start.line
            frame.hasOwnPosition = true
        case types.tableRow:
            let isHeader = cmark_gfm_extensions_get_table_row_is_header(node) != 0
            frame.kind = .tableRow(isHeader: isHeader)
            if isHeader {
                // cmark-gfm reports the header row (and its cells) at a preceding paragraph's
                // line; the header is the table's first line, so it starts where the table does.
                let tableStart = parent.range.lowerBound
                let line = parent.startLine
                frame.range = tableStart..<max(tableStart, mapper.streamContentEnd(line))
                frame.startLine = line
            } else {
                position()
                // cmark-gfm reports a body row at the table's start column, and its cells
                // relative to that, so a row indented differently from the header line is off by
                // the difference (in `  a|b\n-|-\n|x|` the row starts 2 bytes late and `x` is
                // reported 2 bytes to the right). Measure from the row's own line instead.
                let line = frame.startLine
                let reported = mapper.lines.start(ofLine: line) + Int(cmark_node_get_start_column(node)) - 1
                let actual = mapper.firstContentOffset(line: line)
                if frame.hasOwnPosition, reported != actual {
                    frame.cellColumnShift = reported - actual
                    let start = mapper.streamOffset(actual)
                    frame.range = start..<max(start, frame.range.upperBound)
                }
            }
        case types.tableCell:
            frame.kind = .tableCell
            if parent.isHeaderRow {
                frame.range = parent.range
                frame.hasOwnPosition = false
                frame.startLine = parent.startLine
            } else {
                let placed = placement(node, parent: parent, columnShift: parent.cellColumnShift)
                frame.range = placed.range
                frame.hasOwnPosition = placed.hasOwnPosition
                frame.startLine = placed.startLine
            }
        case CMARK_NODE_EMPH, CMARK_NODE_STRONG, types.strikethrough, CMARK_NODE_LINK, CMARK_NODE_IMAGE:
            guard parent.inlineDepth < Self.maxInlineDepth else { return frame }
            frame.inlineDepth += 1
            switch type {
            case CMARK_NODE_EMPH: frame.kind = .emphasis
            case CMARK_NODE_STRONG: frame.kind = .strong
            case CMARK_NODE_LINK: frame.kind = .link(destination: string(cmark_node_get_url(node)),
                                                     title: string(cmark_node_get_title(node)))
            case CMARK_NODE_IMAGE: frame.kind = .image(source: string(cmark_node_get_url(node)),
                                                       title: string(cmark_node_get_title(node)))
            default: frame.kind = .strikethrough
            }
        default:
            break  // custom blocks and inlines: transparent
        }
        return frame
    }

    // MARK: - Leaves

    /// The block of a leaf node that has no children to walk (code, HTML, a thematic break).
    func leafBlock(_ node: OpaquePointer, parent: Parent) -> (block: Block, startLine: Int)? {
        let type = cmark_node_get_type(node)
        switch type {
        case CMARK_NODE_CODE_BLOCK:
            let placed = placement(node, parent: parent)
            var length: Int32 = 0, offset: Int32 = 0
            var character: CChar = 0
            let fenced = cmark_node_get_fenced(node, &length, &offset, &character) != 0
            let code = CodeBlock(info: string(cmark_node_get_fence_info(node)),
                                 literal: string(cmark_node_get_literal(node)), isFenced: fenced)
            return (Block(kind: .codeBlock(code), range: placed.range, hasOwnPosition: placed.hasOwnPosition),
                    placed.startLine)
        case CMARK_NODE_HTML_BLOCK:
            let literal = string(cmark_node_get_literal(node))
            var placed = placement(node, parent: parent)
            if placed.hasOwnPosition {
                // cmark-gfm ends HTML blocks of types 1–5 one line early; every HTML block
                // runs to the end of the last line of its literal.
                let lineCount = max(1, literal.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) })
                let end = mapper.streamContentEnd(placed.startLine + lineCount - 1)
                placed.range = placed.range.lowerBound..<max(placed.range.lowerBound, end)
            }
            return (Block(kind: .htmlBlock(literal), range: placed.range, hasOwnPosition: placed.hasOwnPosition),
                    placed.startLine)
        case CMARK_NODE_THEMATIC_BREAK:
            let placed = placement(node, parent: parent)
            return (Block(kind: .thematicBreak, range: placed.range, hasOwnPosition: placed.hasOwnPosition),
                    placed.startLine)
        default:
            return nil
        }
    }

    /// The inline of a leaf node (text, code, HTML, a line break).
    func leafInline(_ node: OpaquePointer) -> Inline? {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT: .text(string(cmark_node_get_literal(node)))
        case CMARK_NODE_CODE: .code(string(cmark_node_get_literal(node)))
        case CMARK_NODE_HTML_INLINE: .html(string(cmark_node_get_literal(node)))
        case CMARK_NODE_SOFTBREAK: .softBreak
        case CMARK_NODE_LINEBREAK: .hardBreak
        default: nil
        }
    }
}
