/// What goes before the first line of a list item.
struct ListMarker {
    var text: String
    var style: KeyPath<Theme, TextStyle>

    /// Bullets by depth: •, ◦, ▪, ‣, then around again.
    static func bullet(depth: Int) -> ListMarker {
        let bullets = ["•", "◦", "▪", "‣"]
        return ListMarker(text: bullets[depth % bullets.count] + " ", style: \.bullet)
    }

    /// An ordered marker, right-aligned in a field of `digits` columns: ` 7.`, `12)`.
    static func number(_ value: Int, delimiter: ListStyle.Delimiter, digits: Int) -> ListMarker {
        let number = String(value)
        let pad = String.spaces(max(0, digits - number.count))
        return ListMarker(text: pad + number + (delimiter == .paren ? ")" : ".") + " ", style: \.number)
    }
}

/// A list: each item's content hangs after its marker; items are spaced as the source spaces
/// them (a blank line before an item that had one), never by cmark's list-wide tight flag, which
/// a later item can flip and would force lines already shown to move.
enum ListLayout {
    /// Width of the number field: wide enough for the list's first ten numbers and at least 2,
    /// fixed when the list starts, so that item 10 does not shift items 1–9 and item 100 of a
    /// list from 98 does not shift 98 and 99 (numbers beyond grow the field).
    static func numberDigits(start: Int) -> Int {
        max(2, String(start + 9).count)
    }

    static func layout(_ list: Block, in context: LayoutContext, open: OpenState?) -> LaidOutLines {
        guard case .list(let style) = list.kind else { return LaidOutLines(closed: []) }
        let depth = context.listDepth
        var inner = context
        inner.listDepth = depth + 1
        inner.isNested = true
        return BlockLayout.stack(list.children, open: open, separated: { $0.followsBlankLine }) { index, open in
            let marker = style.isOrdered
                ? ListMarker.number(style.start + index, delimiter: style.delimiter, digits: numberDigits(start: style.start))
                : ListMarker.bullet(depth: depth)
            return layoutItem(list.children[index], marker: marker, in: inner, open: open)
        }
    }

    static func layoutItem(_ item: Block, marker: ListMarker, in context: LayoutContext, open: OpenState?) -> LaidOutLines {
        if open == nil, context.isNested, let memos = context.memos?.closed {
            return memos.layout(item, in: context, marker: marker) { layoutItemUnmemoized(item, marker: marker, in: context, open: nil) }
        }
        return layoutItemUnmemoized(item, marker: marker, in: context, open: open)
    }

    /// ``layoutItem(_:marker:in:open:)`` without the memo (for a caller that keeps its own).
    static func layoutItemUnmemoized(_ item: Block, marker: ListMarker, in context: LayoutContext,
                                     open: OpenState?) -> LaidOutLines {
        let theme = context.theme
        var markerSpans = [Span(marker.text, theme[keyPath: marker.style])]
        if case .item(let task?) = item.kind {
            let box = task == .checked ? Span("[✓] ", theme.taskChecked) : Span("[ ] ", theme.taskUnchecked)
            markerSpans = marker.style == \Theme.bullet ? [box] : markerSpans + [box]
        }
        let markerWidth = markerSpans.reduce(0) { $0 + $1.width }
        let indent = context.width - markerWidth >= BlockLayout.minimumContentWidth ? markerWidth : 0
        var body = BlockLayout.stack(item.children, in: context.children(narrowedBy: indent), open: open) { $0.followsBlankLine }
        if body.lines.isEmpty {
            // An empty item is just its marker; while open, its first content may still arrive.
            body = LaidOutLines(lines: [.blank], stableCount: open == nil ? 1 : 0)
        }
        guard indent > 0 else {
            return LaidOutLines(lines: [StyledLine(markerSpans)] + body.lines, stableCount: body.stableCount + 1)
        }
        body.lines.hang(after: markerSpans, indent: indent)
        return body
    }
}
