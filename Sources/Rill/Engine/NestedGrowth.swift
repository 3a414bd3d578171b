/// The last item of a growing top-level list when it ends in a list of its own (a numbered step
/// with sub-bullets being written): only the text from its last sub-item that starts on a
/// complete line is parsed again each frame, not the whole item.
///
/// The list rule of ``ChildGrowth`` one level down. The slice is parsed after an item opener
/// with nothing on its line and the same content column (`-\n`, `1.\n`, …): cmark reads it as
/// inside an item, as in place, and every offset is the stream's own (no indentation is
/// stripped, so nothing needs remapping). That holds only behind guards, each a fallback to
/// parsing the whole item:
/// - every line from the sub-list's start on that holds more than spaces and tabs is indented
///   by at least the item's content column, in spaces (a lazy continuation line, a new
///   top-level item, a tab inside the indentation fail it);
/// - the slice parses to one item holding one list of the sub-list's kind (a block after the
///   sub-list, or a list of another bullet, fails it);
/// - no link reference definition (`]:`) may stand in the item's text before the slice (the
///   slice would be parsed without it) nor in the slice (it may resolve a reference above it,
///   which is not parsed again).
/// Tightness is the list rule's: the sub-list is tight only if the slice's is and the final
/// sub-items were (``looseBefore``); the item's own list keeps its tightness, which a sub-list
/// that only grows at its end cannot change (cmark asks whether an item's child *followed by
/// another* ends with a blank line).
struct NestedGrowth: Sendable {
    /// Offset where the open item starts: the item this state belongs to.
    let itemStart: Int
    /// Offset where its sub-list starts.
    let sublistStart: Int
    /// The item's content column: every line parsed must be indented at least this much.
    let column: Int
    /// An item opener with that content column and nothing after it on its line.
    let context: [UInt8]
    /// Sub-items that are final, as parsed (identities are assigned again with the item's).
    private(set) var finalSubItems: [Block]
    /// Offset of the first line parsed each frame: the anchor sub-item's.
    private(set) var subFrontier: Int
    /// Whether a blank line sits between or inside the final sub-items.
    private var looseBefore: Bool

    // MARK: - Starting and moving

    /// The state for `item`, the only open item of a growing list, when it ends in a sub-list
    /// with a final sub-item before its last one that starts on a complete line; else nil.
    /// `previous` is the state of the last frame, kept when it belongs to the same item.
    static func make(for item: Block, previous: NestedGrowth?, source: [UInt8], incompleteFrom: Int,
                     definitions: [UInt8]) -> NestedGrowth? {
        guard case .item = item.kind, let sublist = item.children.last, case .list = sublist.kind,
              item.range.lowerBound < incompleteFrom else { return nil }
        let subItems = sublist.children
        guard let anchor = subItems.indices.last(where: {
            subItems[$0].hasOwnPosition && subItems[$0].range.lowerBound < incompleteFrom
        }), anchor >= 1 else { return nil }
        let anchorLine = source.lineStart(containing: subItems[anchor].range.lowerBound)

        if var state = previous, state.itemStart == item.range.lowerBound, state.sublistStart == sublist.range.lowerBound,
           anchor >= state.finalSubItems.count, subItems.count >= state.finalSubItems.count {
            guard anchorLine > state.subFrontier else { return state }
            // Sub-items between the old anchor and the new one become final.
            guard state.isInside(source[state.subFrontier..<anchorLine]),
                  !holdsDefinition(source[state.subFrontier..<anchorLine]) else { return nil }
            if !state.looseBefore {
                guard let loose = state.isLoose(from: state.subFrontier, through: subItems[anchor], source: source,
                                                definitions: definitions) else { return nil }
                state.looseBefore = loose
            }
            state.finalSubItems = Array(subItems[..<anchor])
            state.subFrontier = anchorLine
            return state
        }

        let itemLine = source.lineStart(containing: item.range.lowerBound)
        let sublistLine = source.lineStart(containing: sublist.range.lowerBound)
        guard sublistLine > itemLine, anchorLine > sublistLine,
              let column = contentColumn(source, itemLine: itemLine, marker: item.range.lowerBound),
              let context = opener(column: column) else { return nil }
        var state = NestedGrowth(itemStart: item.range.lowerBound, sublistStart: sublist.range.lowerBound, column: column,
                                 context: context, finalSubItems: Array(subItems[..<anchor]), subFrontier: anchorLine,
                                 looseBefore: false)
        guard state.isInside(source[sublistLine..<anchorLine]), !holdsDefinition(source[itemLine..<anchorLine]) else {
            return nil
        }
        guard let loose = state.isLoose(from: sublistLine, through: subItems[anchor], source: source,
                                        definitions: definitions) else { return nil }
        state.looseBefore = loose
        return state
    }

    // MARK: - Each frame

    /// `item` (the open item as last shown) with its sub-list's sub-items from the sub-frontier
    /// parsed again up to `end` (plus `extra` bytes, a probe), or nil when a guard fails.
    func parse(item: Block, source: [UInt8], end: Int, extra: [UInt8], definitions: [UInt8]) -> (item: Block, end: Int)? {
        var slice = source[subFrontier..<max(subFrontier, end)]
        var extended: [UInt8] = []
        if !extra.isEmpty {
            extended = Array(slice) + extra
            slice = extended[...]
        }
        // A definition in the slice may resolve a reference above it, in text not parsed again.
        guard isInside(slice), !Self.holdsDefinition(slice), var sublist = item.children.last, case .list(var style) = sublist.kind,
              let parsed = parseSublist(slice, base: subFrontier, definitions: definitions),
              case .list(let sliceStyle) = parsed.sublist.kind,
              sliceStyle.isOrdered == style.isOrdered, sliceStyle.delimiter == style.delimiter,
              let first = parsed.sublist.children.first, first.range.lowerBound >= subFrontier,
              source.lineStart(containing: first.range.lowerBound) == subFrontier else { return nil }
        var open = parsed.sublist.children
        if let previous = finalSubItems.last {
            open[0].followsBlankLine = source.hasBlankLine(between: previous.range.upperBound, and: first.range.lowerBound)
        }
        style.isTight = sliceStyle.isTight && !looseBefore
        sublist.kind = .list(style)
        sublist.children = finalSubItems + open
        sublist.range = sublist.range.lowerBound..<max(sublist.range.lowerBound, parsed.sublist.range.upperBound)
        var grown = item
        grown.children[grown.children.count - 1] = sublist
        grown.range = grown.range.lowerBound..<max(grown.range.lowerBound, parsed.itemEnd)
        return (grown, parsed.listEnd)
    }

    // MARK: - Helpers

    /// Parses `slice` after the opener: the sub-list it holds, where the opener's item and list
    /// end; nil unless the opener's list holds one item holding one list.
    private func parseSublist(_ slice: ArraySlice<UInt8>, base: Int,
                              definitions: [UInt8]) -> (sublist: Block, itemEnd: Int, listEnd: Int)? {
        let parsed = SliceParser.parse(prefix: definitions, context: context[...], slice: slice, base: base)
        guard parsed.entries.count == 1, let list = parsed.entries.first, list.inContext, case .list = list.block.kind,
              list.block.children.count == 1, let item = list.block.children.first,
              item.children.count == 1, let sublist = item.children.first, case .list = sublist.kind else { return nil }
        return (sublist, item.range.upperBound, list.block.range.upperBound)
    }

    /// Whether the sub-list's text from `start` to the end of `anchor`'s first line makes it
    /// loose (only a blank line can: else it is not parsed); nil when it does not parse as
    /// expected.
    private func isLoose(from start: Int, through anchor: Block, source: [UInt8], definitions: [UInt8]) -> Bool? {
        let firstLineEnd = source.nextLineStart(after: anchor.range.lowerBound)
        guard source.hasBlankLine(between: start, and: firstLineEnd) else { return false }
        let text = source[start..<firstLineEnd]
        guard isInside(text), let parsed = parseSublist(text, base: start, definitions: definitions),
              case .list(let style) = parsed.sublist.kind else { return nil }
        return !style.isTight
    }

    /// Whether every line of `text` that holds more than spaces and tabs starts with
    /// ``column`` spaces: it is then inside the item, however the item's first line read.
    func isInside(_ text: ArraySlice<UInt8>) -> Bool {
        var index = text.startIndex
        while index < text.endIndex {
            var spaces = 0
            while index < text.endIndex, spaces < column, text[index] == 0x20 {
                spaces += 1
                index += 1
            }
            if spaces < column {
                while index < text.endIndex, text[index] == 0x20 || text[index] == 0x09 { index += 1 }
                if index < text.endIndex, text[index] != 0x0A, text[index] != 0x0D { return false }
            }
            while index < text.endIndex, text[index] != 0x0A, text[index] != 0x0D { index += 1 }
            if index < text.endIndex {
                index += text[index] == 0x0D && index + 1 < text.endIndex && text[index + 1] == 0x0A ? 2 : 1
            }
        }
        return true
    }

    /// Whether `text` may hold a link reference definition (`]:`), which a parse of the slice
    /// after it would not know.
    private static func holdsDefinition(_ text: ArraySlice<UInt8>) -> Bool {
        DefinitionCarrier.mayDefine(text, outside: nil)
    }

    /// The content column of the item whose marker is at `marker` on the line at `itemLine`:
    /// the marker's end plus the spaces after it (1 to 4; one when there are more, or when
    /// nothing follows). Nil when a tab comes before the content.
    static func contentColumn(_ source: [UInt8], itemLine: Int, marker: Int) -> Int? {
        guard marker >= itemLine, marker <= source.count, source[itemLine..<marker].allSatisfy({ $0 == 0x20 }),
              let (_, rest) = TailStabilizer.listMarker(source[marker...]) else { return nil }
        let spaces = rest.prefix { $0 == 0x20 }.count
        let after = rest.dropFirst(spaces)
        if after.first == 0x09 { return nil }
        let isBlank = after.first.map { $0 == 0x0A || $0 == 0x0D } ?? true
        guard spaces > 0 || isBlank else { return nil }
        return rest.startIndex - itemLine + (isBlank || spaces > 4 ? 1 : spaces)
    }

    /// An item opener whose content column is `column`, with nothing after the marker: a
    /// bullet after up to three spaces (columns 2 to 5), else a run of digits and `.` (to 14).
    static func opener(column: Int) -> [UInt8]? {
        switch column {
        case 2...5:
            return [UInt8](repeating: 0x20, count: column - 2) + Array("-\n".utf8)
        case 6...14:
            let spaces = max(0, column - 11)
            return [UInt8](repeating: 0x20, count: spaces) + [UInt8](repeating: 0x30, count: column - spaces - 2) + Array(".\n".utf8)
        default:
            return nil
        }
    }
}
