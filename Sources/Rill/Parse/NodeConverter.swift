import CCmarkGFM

/// Converts a cmark-gfm tree into immutable ``Block`` and ``Inline`` values.
///
/// Walks the tree with `cmark_iter` and an explicit stack of frames, so deep nesting cannot
/// overflow the call stack. Containers nested deeper than ``maxContainerDepth`` (and inlines
/// deeper than ``maxInlineDepth``) are flattened into their ancestor, which keeps every later
/// recursive operation on the values (equality, hashing, release, layout) shallow; blocks lifted
/// that way are marked ``Block/isFlattenedNesting`` so that layout can show it.
/// Inline positions are never used: cmark-gfm gets them wrong on continuation lines.
struct NodeConverter {
    /// Deepest nesting of block quotes, lists and items kept as such.
    static let maxContainerDepth = ParseLimits.maxContainerDepth
    /// Deepest nesting of emphasis, strong, strikethrough, links and images kept as such.
    static let maxInlineDepth = ParseLimits.maxInlineDepth

    let mapper: SourceMapper
    /// Whether cmark parsed a ``TableGuard`` rewrite, whose marks strings must not keep.
    let restoresGuardMarks: Bool
    private let types = CmarkGFM.types

    init(mapper: SourceMapper, restoresGuardMarks: Bool = false) {
        self.mapper = mapper
        self.restoresGuardMarks = restoresGuardMarks
    }

    private enum FrameKind {
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

    private struct Frame {
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

        /// What a child's conversion reads of this frame, without copying its blocks and inlines.
        var asParent: Parent {
            var isHeaderRow = false
            if case .tableRow(isHeader: true) = kind { isHeaderRow = true }
            return Parent(range: range, startLine: startLine, containerDepth: containerDepth, inlineDepth: inlineDepth,
                          cellColumnShift: cellColumnShift, isContainer: isContainer, isHeaderRow: isHeaderRow,
                          lastChildEnd: blocks.last?.range.upperBound)
        }
    }

    /// The parts of a ``Frame`` that the conversion of its children reads.
    private struct Parent {
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

    /// Converts the document node's subtree into the slice's top-level entries.
    func convert(document: OpaquePointer) -> ParsedSlice {
        var entries: [ParsedSlice.Entry] = []
        var stack: [Frame] = [Frame(kind: .document)]
        guard let iterator = cmark_iter_new(document) else { return ParsedSlice(entries: []) }
        defer { cmark_iter_free(iterator) }

        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator), node != document else { continue }
            if event == CMARK_EVENT_ENTER {
                let parent = stack[stack.count - 1].asParent
                if let leaf = leafBlock(node, parent: parent) {
                    append(leaf.block, startLine: leaf.startLine, to: &stack, entries: &entries)
                } else if let inline = leafInline(node) {
                    appendInline(inline, to: &stack[stack.count - 1].inlines)
                } else {
                    stack.append(enter(node, parent: parent))
                }
            } else if event == CMARK_EVENT_EXIT, stack.count > 1 {
                let frame = stack.removeLast()
                exit(frame, node: node, stack: &stack, entries: &entries)
            }
        }
        return ParsedSlice(entries: entries)
    }

    // MARK: - Entering containers

    private func enter(_ node: OpaquePointer, parent: Parent) -> Frame {
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

    private func leafBlock(_ node: OpaquePointer, parent: Parent) -> (block: Block, startLine: Int)? {
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

    private func leafInline(_ node: OpaquePointer) -> Inline? {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT: .text(string(cmark_node_get_literal(node)))
        case CMARK_NODE_CODE: .code(string(cmark_node_get_literal(node)))
        case CMARK_NODE_HTML_INLINE: .html(string(cmark_node_get_literal(node)))
        case CMARK_NODE_SOFTBREAK: .softBreak
        case CMARK_NODE_LINEBREAK: .hardBreak
        default: nil
        }
    }

    // MARK: - Leaving containers

    private func exit(_ frame: Frame, node: OpaquePointer, stack: inout [Frame], entries: inout [ParsedSlice.Entry]) {
        let top = stack.count - 1
        func block(_ kind: BlockKind, children: [Block] = []) {
            let block = Block(kind: kind, range: frame.range, hasOwnPosition: frame.hasOwnPosition, children: children)
            append(block, startLine: frame.startLine, to: &stack, entries: &entries)
        }
        /// A container reaches at least to the end of its last child: cmark-gfm can end one
        /// early on its last line (see the ATX heading repair in `placement`).
        func container(_ kind: BlockKind) {
            var range = frame.range
            if frame.hasOwnPosition, let last = frame.blocks.last?.range.upperBound, last > range.upperBound {
                range = range.lowerBound..<last
            }
            let block = Block(kind: kind, range: range, hasOwnPosition: frame.hasOwnPosition, children: frame.blocks)
            append(block, startLine: frame.startLine, to: &stack, entries: &entries)
        }
        switch frame.kind {
        case .document:
            break
        case .transparent:
            stack[top].blocks.append(contentsOf: frame.blocks)
            for inline in frame.inlines { appendInline(inline, to: &stack[top].inlines) }
        case .flattened:
            for var block in frame.blocks {
                block.isFlattenedNesting = true
                stack[top].blocks.append(block)
            }
        case .paragraph: block(.paragraph(frame.inlines))
        case .heading(let level): block(.heading(level: level, frame.inlines))
        case .blockQuote: container(.blockQuote)
        case .list(let style): container(.list(style))
        case .item(let task): container(.item(task: task))
        case .table(let alignments): block(.table(alignments: alignments), children: frame.blocks)
        case .tableRow(let isHeader):
            // cmark-gfm fills every body row with empty cells up to the header's width, however
            // short the row: `a` under 32 columns makes 32 cells. Trailing empty cells are left
            // out (layout draws missing cells empty), so a table's cells are bounded by its text.
            var cells = frame.blocks
            if !isHeader {
                while let last = cells.last, case .tableCell(let inlines) = last.kind, inlines.isEmpty { cells.removeLast() }
            }
            block(.tableRow(isHeader: isHeader), children: cells)
        case .tableCell: block(.tableCell(frame.inlines))
        case .emphasis: appendInline(.emphasis(frame.inlines), to: &stack[top].inlines)
        case .strong: appendInline(.strong(frame.inlines), to: &stack[top].inlines)
        case .strikethrough: appendInline(.strikethrough(frame.inlines), to: &stack[top].inlines)
        case .link(let destination, let title):
            let inline: Inline
            if case .text(let text)? = frame.inlines.first, frame.inlines.count == 1,
               text == destination || "mailto:" + text == destination {
                inline = .autolink(destination: destination, text: text)
            } else {
                inline = .link(destination: destination, title: title, frame.inlines)
            }
            appendInline(inline, to: &stack[top].inlines)
        case .image(let source, let title):
            appendInline(.image(source: source, title: title, frame.inlines), to: &stack[top].inlines)
        }
    }

    /// Appends `block` to its parent (or as a top-level entry), marking a paragraph it takes its
    /// table header from as joining it (see ``continues(_:into:)``).
    private func append(_ block: Block, startLine: Int, to stack: inout [Frame], entries: inout [ParsedSlice.Entry]) {
        var block = block
        let top = stack.count - 1
        if top > 0 {
            if let previous = stack[top].blocks.last {
                block.followsBlankLine = mapper.hasBlankLine(between: previous.range.upperBound, and: block.range.lowerBound)
                if Self.continues(previous, into: block) { stack[top].blocks[stack[top].blocks.count - 1].joinsNext = true }
            }
            stack[top].blocks.append(block)
            return
        }
        // Top level: blocks of the carried definitions prefix are not part of the slice.
        guard startLine >= mapper.firstKeptLine else { return }
        if let previous = entries.last?.block {
            block.followsBlankLine = mapper.hasBlankLine(between: previous.range.upperBound, and: block.range.lowerBound)
            if Self.continues(previous, into: block) { entries[entries.count - 1].block.joinsNext = true }
        }
        entries.append(ParsedSlice.Entry(
            block: block,
            lineStart: mapper.streamLineStart(startLine),
            startsOnCompleteLine: block.hasOwnPosition && mapper.lines.isComplete(line: startLine),
            inContext: startLine < mapper.firstSliceLine))
    }

    /// Whether `table` took its header from the line after `paragraph`: then that line was read
    /// as the paragraph's continuation, which it may not be on its own (`    ---`, `2. | b |`,
    /// `[a]: x | y`), so a parse must start at the paragraph, never at the table. This covers
    /// the paragraph cmark-gfm leaves without a position (see ``paragraphBeforeTable(_:)``),
    /// which ends on the line before the table's.
    private static func continues(_ paragraph: Block, into table: Block) -> Bool {
        guard case .table = table.kind, case .paragraph = paragraph.kind else { return false }
        return !table.followsBlankLine
    }

    /// Appends an inline, merging adjacent text runs that cmark splits (at `[`, `!`, entities…).
    private func appendInline(_ inline: Inline, to inlines: inout [Inline]) {
        if case .text(let next) = inline, case .text(let previous)? = inlines.last {
            inlines[inlines.count - 1] = .text(previous + next)
        } else {
            inlines.append(inline)
        }
    }

    // MARK: - Positions

    private struct Placement {
        var range: Range<Int>
        var hasOwnPosition: Bool
        var startLine: Int
    }

    /// The node's stream range from its reported position. A node cmark did not position (0:0,
    /// or column 0 for the empty cells it adds to a short table row) gets an empty range after
    /// its previous sibling, or where its parent starts, so siblings stay in order.
    private func placement(_ node: OpaquePointer, parent: Parent, columnShift: Int = 0) -> Placement {
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
    private func tableStart(_ table: OpaquePointer) -> (line: Int, offset: Int) {
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
    private func paragraphBeforeTable(_ paragraph: OpaquePointer) -> Placement? {
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

    // MARK: - Node data

    private func listStyle(_ node: OpaquePointer) -> ListStyle {
        let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
        let delimiter: ListStyle.Delimiter = switch cmark_node_get_list_delim(node) {
        case CMARK_PERIOD_DELIM: .period
        case CMARK_PAREN_DELIM: .paren
        default: .none
        }
        return ListStyle(isOrdered: ordered,
                         start: ordered ? Int(cmark_node_get_list_start(node)) : 1,
                         isTight: cmark_node_get_list_tight(node) != 0,
                         delimiter: ordered ? delimiter : .none)
    }

    private func taskState(_ node: OpaquePointer) -> TaskState? {
        guard cmark_node_get_syntax_extension(node) != nil,
              let name = cmark_node_get_type_string(node), String(cString: name) == "tasklist" else { return nil }
        return cmark_gfm_extensions_get_tasklist_item_checked(node) ? .checked : .unchecked
    }

    private func alignments(_ node: OpaquePointer) -> [ColumnAlignment] {
        let count = Int(cmark_gfm_extensions_get_table_columns(node))
        guard let raw = cmark_gfm_extensions_get_table_alignments(node) else {
            return Array(repeating: .none, count: count)
        }
        return (0..<count).map { index in
            switch raw[index] {
            case UInt8(ascii: "l"): .left
            case UInt8(ascii: "c"): .center
            case UInt8(ascii: "r"): .right
            default: .none
            }
        }
    }

    private func string(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return restoresGuardMarks ? TableGuard.restore(pointer) : String(cString: pointer)
    }
}
