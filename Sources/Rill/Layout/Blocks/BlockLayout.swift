/// Lays out a block as terminal lines at a given width: the one entry point that dispatches on
/// the block's kind. Containers lay out their children narrower and decorate each line.
///
/// Every layout is prefix-stable: a line depends only on the source above it (tables look ahead
/// a fixed number of rows, see ``TableLayout``). That is what lets lines of a streamed document
/// be committed to scrollback before the block is complete.
public enum BlockLayout {
    /// The lines of a closed block at `context.width`. No line is wider than the width.
    public static func lines(for block: Block, in context: LayoutContext) -> [StyledLine] {
        layout(block, in: context, open: nil).lines
    }

    /// Lays out `block`; `open` is nil for a block that is final, or says where the incomplete
    /// input begins for one that may still grow. An open block leaves off closing decorations
    /// (the bottom of a code block or a table), so they are appended, not redrawn, when it
    /// closes; and it reports how many of its lines are already settled.
    ///
    /// A block starting in ``LayoutContext/dimmed`` is laid out as usual, then dimmed whole.
    public static func layout(_ block: Block, in context: LayoutContext, open: OpenState?) -> LaidOutLines {
        if !context.isInsideDimmed, !context.isPlain, let dimmed = context.dimmed, dimmed.contains(block.range.lowerBound) {
            var inner = context
            inner.isInsideDimmed = true
            var laidOut = layout(block, in: inner, open: open)
            laidOut.lines = laidOut.lines.map { $0.dimmed() }
            return laidOut
        }
        if open == nil, context.isNested, let memos = context.memos?.closed {
            return memos.layout(block, in: context) { layoutClosedOrOpen(block, in: context, open: nil) }
        }
        return layoutClosedOrOpen(block, in: context, open: open)
    }

    private static func layoutClosedOrOpen(_ block: Block, in context: LayoutContext, open: OpenState?) -> LaidOutLines {
        var laidOut = block.isFlattenedNesting
            ? FlattenedNestingLayout.layout(block, in: context) { layoutByKind(block, in: $0, open: open) }
            : layoutByKind(block, in: context, open: open)
        // A block that starts on the incomplete line may still turn into something else.
        if let open, block.range.lowerBound >= open.incompleteFrom { laidOut.stableCount = 0 }
        return laidOut
    }

    private static func layoutByKind(_ block: Block, in context: LayoutContext, open: OpenState?) -> LaidOutLines {
        switch block.kind {
        case .paragraph(let inlines):
            // Settled or not, a live view's memo of the paragraph's last wrap serves: one that
            // was open in the last frame is not wrapped again when it settles.
            let lines = ParagraphLayout.lines(for: inlines, id: block.id, settled: block.settledInlines, in: context)
            // An open paragraph can still become a setext heading or gain a table header, and
            // delimiters opened in it can still close: none of its lines is settled yet.
            return open == nil ? LaidOutLines(closed: lines) : LaidOutLines(lines: lines, stableCount: 0)
        case .heading(let level, let inlines):
            // While its line is being written, a level-1 or level-2 heading goes without its rule,
            // which would otherwise be redrawn longer at every character.
            let writing = open?.reachesIncompleteLine(block) ?? false
            var lines = HeadingLayout.lines(level: level, inlines: inlines, in: context)
            if writing, level <= 2, lines.count > 1 { lines.removeLast() }
            return settledUnlessIncomplete(block, lines, open)
        case .codeBlock(let code):
            return CodeBlockLayout.layout(code, id: block.id, in: context, open: open.map { $0.reachesIncompleteLine(block) })
        case .htmlBlock(let literal):
            return HTMLBlockLayout.layout(literal, in: context, lastLineIncomplete: open?.reachesIncompleteLine(block) ?? false)
        case .thematicBreak:
            let rule = [StyledLine([Span(String.repeating("─", count: context.width), context.theme.rule,
                                         width: max(0, context.width))])]
            return settledUnlessIncomplete(block, rule, open)
        case .blockQuote:
            return QuoteLayout.layout(block, in: context, open: open)
        case .list:
            return ListLayout.layout(block, in: context, open: open)
        case .item:
            // Closed, this layout is memoized already (by ``layout(_:in:open:)``).
            return ListLayout.layoutItemUnmemoized(block, marker: ListMarker.bullet(depth: context.listDepth), in: context,
                                                   open: open)
        case .table:
            let table = TableLayout.layout(block, in: context)
            guard let open else { return LaidOutLines(closed: table.body + table.closing) }
            // With the sample rows all complete, the widths are fixed and every complete row is
            // settled; the layout itself assumes the last row may be incomplete.
            let rowsComplete = !open.reachesIncompleteLine(block)
            let dataRows = block.children.count - 1
            let settled = rowsComplete && dataRows >= TableLayout.sampleRows ? table.body.count : table.settledCount
            return LaidOutLines(lines: table.body, stableCount: settled)
        case .tableRow, .tableCell:
            // Rows and cells only make sense inside their table; on their own, show the text.
            let lines = ParagraphLayout.lines(for: block.kind.inlines ?? [], in: context)
            return settledUnlessIncomplete(block, lines, open)
        }
    }

    private static func settledUnlessIncomplete(_ block: Block, _ lines: [StyledLine], _ open: OpenState?) -> LaidOutLines {
        let unsettled = open?.reachesIncompleteLine(block) ?? false
        return LaidOutLines(lines: lines, stableCount: unsettled ? 0 : lines.count)
    }

    /// Lays out sibling blocks one after another; `separated` decides whether a blank line goes
    /// before each block after the first. Only the last block can be open; the settled lines
    /// are the lines above it (all of them, unless it starts on the incomplete line, see
    /// ``settledBefore(_:_:open:_:)``) plus its own settled lines, down to the first line that
    /// is not settled.
    static func stack(_ blocks: [Block], in context: LayoutContext, open: OpenState?,
                      separated: (Block) -> Bool) -> LaidOutLines {
        stack(blocks, open: open, separated: separated) { index, open in layout(blocks[index], in: context, open: open) }
    }

    /// ``stack(_:in:open:separated:)`` with each sibling laid out by `layout` (given its index,
    /// and `open` or nil for closed): a list's items, each with its own marker, too.
    static func stack(_ siblings: [Block], open: OpenState?, separated: (Block) -> Bool,
                      layout: (_ index: Int, _ open: OpenState?) -> LaidOutLines) -> LaidOutLines {
        var stacked = LaidOutLines(closed: [])
        for (index, sibling) in siblings.enumerated() {
            let isLast = index == siblings.count - 1
            var laidOut = layout(index, isLast ? open : nil)
            if !isLast, let open {
                laidOut.stableCount = settledBefore(siblings[index + 1], laidOut, open: open) { layout(index, open) }
            }
            if index > 0, separated(sibling) { laidOut = laidOut.separated() }
            stacked.append(laidOut)
        }
        return open == nil ? LaidOutLines(closed: stacked.lines) : stacked
    }

    /// How many lines of a block laid out closed are settled, given the block after it: all of
    /// them, unless that one starts on the incomplete line. A block closed only by that line is
    /// the last again if the line is held back (it may still turn into something else), and is
    /// then drawn open (a code block without its bottom line): it is settled only as far as
    /// `open` lays it out settled.
    private static func settledBefore(_ next: Block, _ closed: LaidOutLines, open: OpenState,
                              _ layoutOpen: () -> LaidOutLines) -> Int {
        guard next.range.lowerBound >= open.incompleteFrom else { return closed.stableCount }
        return min(closed.stableCount, layoutOpen().stableCount)
    }

    /// Narrowest content width a container will give its children: below it, containers stop
    /// indenting further, so deep nesting stays readable instead of collapsing to nothing.
    static let minimumContentWidth = 12
}
