/// What goes before the first line of a list item.
struct ListMarker: Equatable {
    enum Kind: Equatable {
        case bullet
        case number
    }

    var text: String
    var kind: Kind
    /// Display width of `text`, known when the marker is made (measuring it again for every
    /// item of every frame was a few percent of a streamed checklist).
    var width: Int

    /// The marker's style in `theme`.
    func style(in theme: Theme) -> TextStyle {
        kind == .bullet ? theme.bullet : theme.number
    }

    /// Bullets by depth: •, ◦, ▪, ‣, then around again.
    private static let bullets = ["•", "◦", "▪", "‣"].map { bullet in
        ListMarker(text: bullet + " ", kind: .bullet, width: DisplayWidth.of(bullet + " "))
    }

    static func bullet(depth: Int) -> ListMarker {
        bullets[depth % bullets.count]
    }

    /// An ordered marker, right-aligned in a field of `digits` columns: ` 7.`, `12)`.
    static func number(_ value: Int, delimiter: ListStyle.Delimiter, digits: Int) -> ListMarker {
        let number = String(value)
        let pad = String.spaces(max(0, digits - number.count))
        let text = pad + number + (delimiter == .paren ? ")" : ".") + " "
        return ListMarker(text: text, kind: .number, width: text.utf8.count)  // ASCII
    }

    /// A task item's box after its marker (or instead of a bullet), its width measured once.
    static let checkedBox = (text: "[✓] ", width: DisplayWidth.of("[✓] "))
    static let uncheckedBox = (text: "[ ] ", width: DisplayWidth.of("[ ] "))
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

    static func layout(_ list: Block, in context: LayoutContext, settlement: Settlement) -> LaidOutLines {
        guard case .list(let style) = list.kind else { return LaidOutLines(closed: []) }
        var inner = itemContext(in: context)
        inner.isNested = true
        return BlockLayout.stack(list.children, settlement: settlement, separated: { $0.followsBlankLine }) { index, settlement in
            layoutItem(list.children[index], marker: marker(index, of: style, in: context), in: inner, settlement: settlement)
        }
    }

    /// The context a list's items are laid out in: one list deeper.
    static func itemContext(in context: LayoutContext) -> LayoutContext {
        var inner = context
        inner.listDepth = context.listDepth + 1
        return inner
    }

    /// The marker of item `index` of a list in `style`, in the list's context.
    static func marker(_ index: Int, of style: ListStyle, in context: LayoutContext) -> ListMarker {
        style.isOrdered
            ? ListMarker.number(style.start + index, delimiter: style.delimiter, digits: numberDigits(start: style.start))
            : ListMarker.bullet(depth: context.listDepth)
    }

    static func layoutItem(_ item: Block, marker: ListMarker, in context: LayoutContext,
                           settlement: Settlement) -> LaidOutLines {
        if settlement.isSettled, context.isNested, let memos = context.memos?.closed {
            return memos.layout(item, in: context, marker: marker) {
                layoutItemUnmemoized(item, marker: marker, in: context, settlement: .settled)
            }
        }
        return layoutItemUnmemoized(item, marker: marker, in: context, settlement: settlement)
    }

    /// ``layoutItem(_:marker:in:settlement:)`` without the memo (for a caller that keeps its own).
    static func layoutItemUnmemoized(_ item: Block, marker: ListMarker, in context: LayoutContext,
                                     settlement: Settlement) -> LaidOutLines {
        var markerSpans = [Span(marker.text, marker.style(in: context.theme), width: marker.width)]
        if case .item(let task?) = item.kind {
            let box = task == .checked
                ? Span(ListMarker.checkedBox.text, context.theme.taskChecked, width: ListMarker.checkedBox.width)
                : Span(ListMarker.uncheckedBox.text, context.theme.taskUnchecked, width: ListMarker.uncheckedBox.width)
            markerSpans = marker.kind == .bullet ? [box] : markerSpans + [box]
        }
        let markerWidth = markerSpans.reduce(0) { $0 + $1.width }
        let indent = context.width - markerWidth >= BlockLayout.minimumContentWidth ? markerWidth : 0
        var body = BlockLayout.stack(item.children, in: context.children(narrowedBy: indent), settlement: settlement) {
            $0.followsBlankLine
        }
        if body.lines.isEmpty {
            // An empty item is just its marker; while open, its first content may still arrive.
            body = LaidOutLines(lines: [.blank], stableCount: settlement.isSettled ? 1 : 0)
        }
        guard indent > 0 else {
            // The marker's line settles with the first line of content: until then a `[ ]` or
            // `[x]` may still arrive and turn the bullet into a box.
            return LaidOutLines(lines: [StyledLine(markerSpans)] + body.lines,
                                stableCount: body.stableCount > 0 ? body.stableCount + 1 : 0)
        }
        if !settlement.isSettled, let hangs = context.memos?.hangs {
            body.lines = hangs.hang(body.lines, after: markerSpans, indent: indent, id: item.id)
        } else {
            body.lines.hang(after: markerSpans, indent: indent)
        }
        return body
    }
}
