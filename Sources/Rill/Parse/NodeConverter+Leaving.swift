/// What a frame left becomes (a block or an inline added to its parent, or its children handed
/// up), and how blocks join their parent or the slice's top-level entries.
extension NodeConverter {
    /// Turns `frame`, just left, into what it makes in its parent (the new top of `stack`).
    func exit(_ frame: Frame, node: OpaquePointer, stack: inout [Frame], entries: inout [ParsedSlice.Entry]) {
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
            if stack[top].isFlattened {
                for block in frame.blocks { lift(block, from: top, stack: &stack) }
            } else {
                stack[top].blocks.append(contentsOf: frame.blocks)
            }
            // Its inlines went to the frame they go to as they came (``Frame/inlineTarget``).
        case .flattened:
            // Its blocks went to the frame it lifts to as they came; what its parent's next
            // child follows is the last of them.
            if stack[top].isFlattened, let end = frame.lastLiftedEnd { stack[top].lastLiftedEnd = end }
        case .paragraph: block(.paragraph(InlineIdioms.recognize(mathInlines(of: frame) ?? frame.inlines)))
        case .heading(let level): block(.heading(level: level, InlineIdioms.recognize(frame.inlines, findingMath: true)))
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
                var kept = cells.count
                while kept > 0, case .tableCell(let inlines) = cells[kept - 1].kind, inlines.isEmpty { kept -= 1 }
                // A copy of the kept cells only: trimmed in place, the row would keep room for them all.
                if kept < cells.count { cells = Array(cells[..<kept]) }
            } else if let ranges = headerCellRanges(row: frame.range, count: cells.count) {
                for index in cells.indices { cells[index].range = ranges[index] }
            }
            block(.tableRow(isHeader: isHeader), children: cells)
        case .tableCell: block(.tableCell(InlineIdioms.recognize(frame.inlines, findingMath: true)))
        case .emphasis: appendInline(.emphasis(InlineIdioms.recognize(frame.inlines)), to: &stack[stack[top].inlineTarget].inlines)
        case .strong: appendInline(.strong(InlineIdioms.recognize(frame.inlines)), to: &stack[stack[top].inlineTarget].inlines)
        case .strikethrough: appendInline(.strikethrough(InlineIdioms.recognize(frame.inlines)), to: &stack[stack[top].inlineTarget].inlines)
        case .link(let destination, let title):
            let inline: Inline
            if case .text(let text)? = frame.inlines.first, frame.inlines.count == 1,
               text == destination || "mailto:" + text == destination {
                inline = .autolink(destination: destination, text: text)
            } else {
                inline = .link(destination: destination, title: title, frame.inlines)
            }
            appendInline(inline, to: &stack[stack[top].inlineTarget].inlines)
        case .image(let source, let title):
            appendInline(.image(source: source, title: title, frame.inlines), to: &stack[stack[top].inlineTarget].inlines)
        }
    }

    /// Appends `block` to its parent (or as a top-level entry), marking a paragraph it takes its
    /// table header from as joining it (see ``continues(_:into:)``).
    func append(_ block: Block, startLine: Int, to stack: inout [Frame], entries: inout [ParsedSlice.Entry]) {
        var block = block
        let top = stack.count - 1
        if top > 0 {
            // A flattened frame's blocks go straight to the frame it lifts to, whose last block
            // is its previous child when it has lifted one.
            let flattened = stack[top].isFlattened
            let target = flattened ? stack[top].liftTarget : top
            if !flattened || stack[top].lastLiftedEnd != nil, let previous = stack[target].blocks.last {
                block.followsBlankLine = mapper.hasBlankLine(between: previous.range.upperBound, and: block.range.lowerBound)
                if Self.continues(previous, into: block) { stack[target].blocks[stack[target].blocks.count - 1].joinsNext = true }
            }
            if flattened {
                lift(block, from: top, stack: &stack)
            } else {
                stack[top].blocks.append(block)
            }
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

    /// Adds `block`, a child of the flattened frame at `top`, to the frame that frame lifts to,
    /// marked as lifted out of its nesting.
    private func lift(_ block: Block, from top: Int, stack: inout [Frame]) {
        var block = block
        block.isFlattenedNesting = true
        stack[top].lastLiftedEnd = block.range.upperBound
        let target = stack[top].liftTarget
        stack[target].blocks.append(block)
    }

    /// Whether `table` took its header from the line after `paragraph`: then that line was read
    /// as the paragraph's continuation, which it may not be on its own (`    ---`, `2. | b |`,
    /// `[a]: x | y`), so a parse must start at the paragraph, never at the table. This covers
    /// the paragraph cmark-gfm leaves without a position (see ``paragraphBeforeTable(_:)``),
    /// which ends on the line before the table's.
    static func continues(_ paragraph: Block, into table: Block) -> Bool {
        guard case .table = table.kind, case .paragraph = paragraph.kind else { return false }
        return !table.followsBlankLine
    }

    /// Appends an inline, merging adjacent text runs that cmark splits (at `[`, `!`, entities…).
    func appendInline(_ inline: Inline, to inlines: inout [Inline]) {
        if case .text(let next) = inline, let last = inlines.indices.last, case .text(var previous) = inlines[last] {
            // The array lets go of the text first, so that it grows in place: text merged from
            // thousands of pieces is not copied once per piece.
            inlines[last] = .softBreak
            previous += next
            inlines[last] = .text(previous)
        } else {
            inlines.append(inline)
        }
    }
}
