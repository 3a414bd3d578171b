/// Lays out a block as terminal lines at a given width: the one entry point that dispatches on
/// the block's kind. Containers lay out their children narrower and decorate each line.
///
/// Every layout is prefix-stable: a line depends only on the source above it (tables look ahead
/// a fixed number of rows, see ``TableLayout``). That is what lets lines of a streamed document
/// be committed to scrollback before the block is complete.
public enum BlockLayout {
    /// The lines of a closed block at `context.width`. No line is wider than the width.
    public static func lines(for block: Block, in context: LayoutContext) -> [StyledLine] {
        layout(block, in: context, settlement: .settled).lines
    }

    /// Lays out `block` as settled as `settlement` says (``Settlement/settled`` for a closed
    /// block). An open block leaves off closing decorations (the bottom of a code block or a
    /// table), so they are appended, not redrawn, when it closes; and it reports how many of its
    /// lines are settled: those the settlement says can no longer change.
    ///
    /// A block starting in ``LayoutContext/dimmed`` is laid out as usual, then dimmed whole.
    public static func layout(_ block: Block, in context: LayoutContext, settlement: Settlement) -> LaidOutLines {
        if !context.isInsideDimmed, !context.isPlain, let dimmed = context.dimmed, dimmed.contains(block.range.lowerBound) {
            var inner = context
            inner.isInsideDimmed = true
            var laidOut = layout(block, in: inner, settlement: settlement)
            laidOut.lines = laidOut.lines.map { $0.dimmed() }
            return laidOut
        }
        if settlement.isSettled, context.isNested, let memos = context.memos?.closed {
            return memos.layout(block, in: context) { layoutClosedOrOpen(block, in: context, settlement: .settled) }
        }
        return layoutClosedOrOpen(block, in: context, settlement: settlement)
    }

    private static func layoutClosedOrOpen(_ block: Block, in context: LayoutContext, settlement: Settlement) -> LaidOutLines {
        var laidOut = block.isFlattenedNesting
            ? FlattenedNestingLayout.layout(block, in: context) { layoutByKind(block, in: $0, settlement: settlement) }
            : layoutByKind(block, in: context, settlement: settlement)
        if settlement.isUnsettled { laidOut.stableCount = 0 }
        return laidOut
    }

    private static func layoutByKind(_ block: Block, in context: LayoutContext, settlement: Settlement) -> LaidOutLines {
        switch block.kind {
        case .paragraph(let inlines):
            // Settled or not, a live view's memo of the paragraph's last wrap serves: one that
            // was open in the last frame is not wrapped again when it settles.
            let lines = ParagraphLayout.lines(for: inlines, id: block.id, settled: block.settledInlines, in: context)
            return settledIfSettled(lines, settlement)
        case .heading(let level, let inlines):
            // While its line is being written, a level-1 or level-2 heading goes without its rule,
            // which would otherwise be redrawn longer at every character.
            var lines = HeadingLayout.lines(level: level, inlines: inlines, in: context)
            if settlement.isUnsettled, level <= 2, lines.count > 1 { lines.removeLast() }
            return settledIfSettled(lines, settlement)
        case .codeBlock(let code):
            return CodeBlockLayout.layout(code, id: block.id, in: context, settlement: settlement)
        case .htmlBlock(let literal):
            return HTMLBlockLayout.layout(literal, in: context, settlement: settlement)
        case .thematicBreak:
            let rule = [StyledLine([Span(String.repeating("─", count: context.width), context.theme.rule,
                                         width: max(0, context.width))])]
            return settledIfSettled(rule, settlement)
        case .blockQuote:
            return QuoteLayout.layout(block, in: context, settlement: settlement)
        case .list:
            return ListLayout.layout(block, in: context, settlement: settlement)
        case .item:
            // Closed, this layout is memoized already (by ``layout(_:in:settlement:)``).
            return ListLayout.layoutItemUnmemoized(block, marker: ListMarker.bullet(depth: context.listDepth), in: context,
                                                   settlement: settlement)
        case .table:
            // An open table (inside a list or quote) is drawn with its provisional widths, none of
            // its lines settled: its final widths come from all of its rows.
            guard settlement.isSettled else {
                return LaidOutLines(lines: TableLayout.layout(block, in: context, provisional: true).body, stableCount: 0)
            }
            let table = TableLayout.layout(block, in: context)
            return LaidOutLines(closed: table.body + table.closing)
        case .tableRow, .tableCell:
            // Rows and cells only make sense inside their table; on their own, show the text.
            let lines = ParagraphLayout.lines(for: block.kind.inlines ?? [], in: context)
            return settledIfSettled(lines, settlement)
        }
    }

    /// `lines` all settled, or none.
    private static func settledIfSettled(_ lines: [StyledLine], _ settlement: Settlement) -> LaidOutLines {
        LaidOutLines(lines: lines, stableCount: settlement.isSettled ? lines.count : 0)
    }

    /// Lays out sibling blocks one after another; `separated` decides whether a blank line goes
    /// before each block after the first. Each is as settled as `settlement` says of it (see
    /// ``Settlement/child(_:)``); the settled lines are those down to the first line that is not.
    static func stack(_ blocks: [Block], in context: LayoutContext, settlement: Settlement,
                      separated: (Block) -> Bool) -> LaidOutLines {
        stack(blocks, settlement: settlement, separated: separated) { index, settlement in
            layout(blocks[index], in: context, settlement: settlement)
        }
    }

    /// ``stack(_:in:settlement:separated:)`` with each sibling laid out by `layout` (given its
    /// index and settlement): a list's items, each with its own marker, too.
    ///
    /// Every sibling but the last is drawn closed: one followed only by siblings begun on the
    /// line being written is closed by them, and shows so. It is settled no further than its own
    /// settlement says, though: that line may still turn into something that does not close it
    /// (a possible fence held back), and it is then drawn open again.
    static func stack(_ siblings: [Block], settlement: Settlement, separated: (Block) -> Bool,
                      layout: (_ index: Int, _ settlement: Settlement) -> LaidOutLines) -> LaidOutLines {
        var stacked = LaidOutLines(closed: [])
        for (index, sibling) in siblings.enumerated() {
            let own = settlement.child(index)
            let isLast = index == siblings.count - 1
            var laidOut = layout(index, isLast ? own : .settled)
            if !isLast, !own.isSettled {
                laidOut.stableCount = min(laidOut.stableCount, layout(index, own).stableCount)
            }
            if index > 0, separated(sibling) { laidOut = laidOut.separated() }
            stacked.append(laidOut)
        }
        return settlement.isSettled ? LaidOutLines(closed: stacked.lines) : stacked
    }

    /// Narrowest content width a container will give its children: below it, containers stop
    /// indenting further, so deep nesting stays readable instead of collapsing to nothing.
    static let minimumContentWidth = 12
}
