extension BlockParts {
    /// The lines of the head part: what comes before the first child — or the whole block when
    /// it is not split — with the blank line before the block (unless it is the first) kept apart.
    func headLines(in context: LayoutContext, sections: TableSections?) -> PartLines {
        var laidOut: LaidOutLines
        switch shape {
        case .single:
            laidOut = BlockLayout.layout(head, in: context, settlement: settlement)
        case .list:
            laidOut = LaidOutLines(closed: [])
        case .quote:
            // An empty quote shows its gutter alone, until its first child replaces it.
            laidOut = childCount == 0 ? QuoteLayout.emptyQuote(in: context, settlement: settlement) : LaidOutLines(closed: [])
        case .table:
            var lines = sections?.opening() ?? []
            if childCount == 0 { lines += sections?.empty() ?? [] }
            laidOut = LaidOutLines(lines: lines, stableCount: headIsSettled(sections: sections) ? lines.count : 0)
        case .code(let code):
            let top = CodeBlockLayout.topLine(code, in: context)
            laidOut = LaidOutLines(lines: [top], stableCount: headIsSettled(sections: sections) ? 1 : 0)
        }
        return PartLines(laidOut: laidOut, separated: index > 0)
    }

    /// Everything the head part's lines of a split block depend on besides the layout context:
    /// equal keys give equal ``headLines(in:sections:)``, so a live view lays the head out
    /// again only when its key changes (a table's head is its top border and header).
    struct HeadKey: Equatable {
        var separated: Bool
        var isEmpty: Bool
        var isSettled: Bool
        var plan: Int?
        /// A table's header row (its plan holds the widths, not the text).
        var header: Block?
        var language: String?
    }

    /// The key of the head part (nil for a block that is not split: its head is all of it).
    func headKey(sections: TableSections?) -> HeadKey? {
        var language: String?
        var header: Block?
        switch shape {
        case .single: return nil
        case .code(let code): language = code.language
        case .table: header = head.children.first
        case .list, .quote: break
        }
        return HeadKey(separated: index > 0, isEmpty: childCount == 0, isSettled: headIsSettled(sections: sections),
                       plan: sections?.plan, header: header, language: language)
    }

    /// Whether the head part's lines can no longer change.
    private func headIsSettled(sections: TableSections?) -> Bool {
        switch shape {
        case .single, .list: return true
        case .quote: return isFinal
        case .table: return childCount > 0 && planIsSettled(sections)
        case .code: return !settlement.isUnsettled
        }
    }

    /// The lines of child `position` (0-based), separator included, as settled as `settlement`
    /// (``settlement(ofChild:)``) says.
    func childLines(_ position: Int, in context: LayoutContext, settlement: Settlement,
                    sections: TableSections?) -> LaidOutLines {
        switch shape {
        case .single:
            return LaidOutLines(closed: [])
        case .list(let style):
            let item = child(position)
            let laidOut = ListLayout.layoutItem(item, marker: ListLayout.marker(position, of: style, in: context),
                                                in: ListLayout.itemContext(in: context), settlement: settlement)
            return position > 0 && item.followsBlankLine ? laidOut.separated() : laidOut
        case .quote:
            return QuoteLayout.layoutChild(child(position), at: position, in: context, settlement: settlement)
        case .table:
            let row = child(position)
            let complete = settlement.isSettled
            let provisional = !complete && sections?.isFixed == false
            let lines = (provisional ? sections?.provisionalRow(position, row) : sections?.row(position, row)) ?? []
            let settled = complete && planIsSettled(sections)
            return LaidOutLines(lines: lines, stableCount: settled ? lines.count : 0)
        case .code(let code):
            let text = codeLine(position)
            let tokens = CodeHighlighting(code, id: head.id, in: context)?
                .tokens(ofLine: position, text: text, complete: settlement.isSettled, line: codeLine) ?? []
            let lines = CodeBlockLayout.lines(forCodeLine: text, tokens: tokens, in: context)
            return LaidOutLines(lines: lines, stableCount: settlement.isSettled ? lines.count : 0)
        }
    }

    /// The highlight state code line `position` starts in, nil when the block is not
    /// highlighted (or not code): a code line's lines depend on its text and this state only.
    func codeLineStart(_ position: Int, in context: LayoutContext) -> HighlightState? {
        guard case .code(let code) = shape else { return nil }
        return CodeHighlighting(code, id: head.id, in: context)?.start(ofLine: position, line: codeLine)
    }

    /// The lines after the last child: the bottom of a closed code block or table.
    func tailLines(in context: LayoutContext, sections: TableSections?) -> [StyledLine] {
        guard isFinal else { return [] }
        switch shape {
        case .table: return sections?.closing() ?? []
        case .code: return [CodeBlockLayout.bottomLine(in: context)]
        case .single, .list, .quote: return []
        }
    }

    /// Whether a table's column widths may still change when a link definition arrives: its
    /// header or a sampled row holds text with a `]`, whose resolution would change its width.
    /// Until the input ends, the head (top border, header) waits like such a row.
    var planMayAwaitDefinition: Bool {
        guard case .table = shape else { return false }
        if head.children.first?.mayHoldUnresolvedReference == true { return true }
        return (0..<measuredRowCount).contains { child($0).mayHoldUnresolvedReference }
    }

    /// Whether part `part` (0 the head, 1… the children) shows a link or an image, or (a table's
    /// head) its column widths depend on one: what a link definition that cmark-gfm drops after
    /// all (see ``MarkdownStream/linkResolutionMayRevert``) would turn back into text.
    ///
    /// - Complexity: O(the part), a table's head O(its sampled rows).
    func holdsLinkOrImage(part: Int) -> Bool {
        switch shape {
        case .single:
            return part == 0 && head.holdsLinkOrImage
        case .code:
            return false
        case .table where part == 0:
            if head.children.first?.holdsLinkOrImage == true { return true }
            return (0..<measuredRowCount).contains { child($0).holdsLinkOrImage }
        case .list, .quote, .table:
            return part == 0 ? head.kind.inlines?.containsLinkOrImage ?? false : child(part - 1).holdsLinkOrImage
        }
    }

    /// Whether a table's column widths can no longer change: it is final (its plan is the
    /// whole-table one), or its plan is frozen (some of its lines are in scrollback).
    func planIsSettled(_ sections: TableSections?) -> Bool {
        isFinal || sections?.isFrozen == true
    }

    /// How many data rows a table's plan is measured from: all of a final table's, the sample of
    /// one being written.
    var measuredRowCount: Int { isFinal ? childCount : min(childCount, TableLayout.sampleRows) }

    /// Whether a table's row `position` is complete: settled, as every row of a final table.
    func isComplete(_ position: Int) -> Bool {
        settlement(ofChild: position).isSettled
    }
}
