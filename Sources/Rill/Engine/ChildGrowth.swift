/// A top-level list, block quote or table that the engine extends without parsing it whole:
/// its leading children are final and only the text from its last child that starts on a
/// complete line (the inner frontier) is parsed again each frame.
///
/// The rules, checked against one-shot parses:
/// - **List**: re-parse from the first line of the last item that starts on a complete line,
///   or on the incomplete line once it is surely an item (``isDecided(_:kind:)``); earlier items
///   are final. Tightness is not the slice's own: the list is tight only if the
///   slice is and the final items were (`looseBefore` tracks a blank line between or inside them,
///   from the text up to the end of the anchor item's first line). The start number stays the
///   first item's.
/// - **Block quote**: re-parse from the first line of its last child that starts on a complete
///   line; a paragraph cmark split off a table starts with that table.
/// - **Table**: re-parse the text from the last data row that starts on a complete line (or on
///   the incomplete line once it is surely a row), after
///   a header and delimiter row of the same columns and alignments (``tableContext(_:)``); earlier
///   rows are final.
struct ChildGrowth: Sendable {
    enum Kind: Sendable { case list, quote, table }

    let kind: Kind
    /// The container itself, without children; its kind carries the current attributes.
    var head: Block
    /// The paragraph cmark split off before a table: open and final together with it.
    var intro: Block?
    /// Children that are final (for a table, the header row first).
    private(set) var finalChildren: [Block]
    /// Children parsed this frame.
    private(set) var openChildren: [Block] = []
    /// Identity state before each open child, and after the last.
    private var identityBeforeOpen: [IdentityAssigner] = []
    private(set) var identityAfterOpen: IdentityAssigner
    /// Offset of the first line parsed each frame.
    private(set) var innerFrontier: Int
    /// Identity state after the final children.
    private var identityAfterFinal: IdentityAssigner
    /// Identity state before the growing group (its intro, or the container).
    let identityBefore: IdentityAssigner
    /// Identity state before the container itself (after the intro).
    let identityBeforeHead: IdentityAssigner
    /// Offset of the group's first line.
    let lineStart: Int
    /// List only: whether a blank line sits between or inside the final items.
    private var looseBefore = false
    /// Table only: a header and delimiter row like the table's, parsed before each slice (see
    /// ``tableContext(_:)``).
    let context: [UInt8]
    /// Offset up to which final children's text was offered to the definition carrier.
    private(set) var absorbedUpTo: Int
    /// List only: the open item's sub-list growing on its own (see ``NestedGrowth``).
    private var nested: NestedGrowth?
    /// Whether the last accepted parse came from ``nested``.
    private var lastParseWasNested = false
    /// Whether the open item's sub-list grows on its own (turned off only to compare against).
    var growsNested = true

    /// What one parse of the slice produced.
    struct Parse: Sendable {
        var children: [Block]
        var end: Int
        var isTight: Bool
        /// Top-level blocks after the container.
        var later: [ParsedSlice.Entry]
        /// Whether only the open item's last sub-items were parsed (see ``NestedGrowth``).
        var isNested = false
    }

    // MARK: - Starting

    /// Starts growing `entries[index]` (and `entries[index + 1]` for a table with an intro)
    /// when it is a container worth it, or returns nil.
    init?(entries: [ParsedSlice.Entry], at index: Int, source: [UInt8], incompleteFrom: Int,
          identityBefore: IdentityAssigner, definitions: [UInt8]) {
        var entry = entries[index]
        var intro: Block?
        var identityBeforeHead = identityBefore
        if entry.joinsNext, index + 1 < entries.count, case .table = entries[index + 1].block.kind {
            intro = entry.block
            identityBeforeHead.advance(past: entry.block)
            entry = entries[index + 1]
        }
        let block = entry.block
        let kind: Kind
        switch block.kind {
        case .list: kind = .list
        case .blockQuote: kind = .quote
        case .table: kind = .table
        default: return nil
        }
        let children = block.children
        let firstChild = kind == .table ? 1 : 0
        guard children.count > firstChild,
              let anchor = Self.innerAnchor(children, from: firstChild, incompleteFrom: incompleteFrom, source: source,
                                            kind: kind) else { return nil }
        if kind == .table, anchor < 1 { return nil }

        self.kind = kind
        self.intro = intro
        self.head = block
        self.head.children = []
        self.lineStart = intro.map { _ in entries[index].lineStart } ?? entry.lineStart
        self.identityBefore = identityBefore
        self.identityBeforeHead = identityBeforeHead
        self.finalChildren = Array(children[..<anchor])
        var after = identityBeforeHead
        after.assignOwnIDSkippingChildren(block)
        for child in finalChildren { after.advance(past: child) }
        self.identityAfterFinal = after
        self.openChildren = Array(children[anchor...])
        for child in openChildren {
            identityBeforeOpen.append(after)
            after.advance(past: child)
        }
        self.identityAfterOpen = after
        self.innerFrontier = source.lineStart(containing: children[anchor].range.lowerBound)
        self.absorbedUpTo = lineStart
        if case .table(let alignments) = block.kind {
            self.context = Self.tableContext(alignments)
        } else {
            self.context = []
        }
        if kind == .list, anchor > 0 {
            let firstLineEnd = source.nextLineStart(after: children[anchor].range.lowerBound)
            looseBefore = !Self.isTight(source[source.lineStart(containing: block.range.lowerBound)..<firstLineEnd],
                                        base: lineStart, definitions: definitions)
        }
    }

    // MARK: - Each frame

    /// Parses the text from the inner frontier up to `end` (plus `extra` bytes after it, for a
    /// probe) and names what it finds. Returns nil when the slice no longer continues the
    /// container as expected: the caller then parses the whole tail again.
    func parse(_ source: [UInt8], end: Int, extra: [UInt8] = [], definitions: [UInt8]) -> (Parse, [IdentityAssigner], IdentityAssigner)? {
        if let nested, openChildren.count == 1, case .list(let style) = head.kind,
           let (item, listEnd) = nested.parse(item: openChildren[0], source: source, end: end, extra: extra,
                                              definitions: definitions) {
            return named(Parse(children: [item], end: listEnd, isTight: style.isTight, later: [], isNested: true), source: source)
        }
        var slice = source[innerFrontier..<max(innerFrontier, end)]
        var extended: [UInt8] = []
        if !extra.isEmpty {
            extended = Array(slice) + extra
            slice = extended[...]
        }
        let parsed = SliceParser.parse(prefix: definitions, context: context[...], slice: slice, base: innerFrontier)
        var entries = parsed.entries[...]
        var result: Parse
        switch kind {
        case .list, .quote:
            guard let first = entries.popFirst(), !first.inContext else { return nil }
            switch (head.kind, first.block.kind) {
            case (.list(let style), .list(let sliceStyle)):
                guard style.isOrdered == sliceStyle.isOrdered, style.delimiter == sliceStyle.delimiter else { return nil }
                result = Parse(children: first.block.children, end: first.block.range.upperBound,
                               isTight: sliceStyle.isTight && !looseBefore, later: [])
            case (.blockQuote, .blockQuote):
                result = Parse(children: first.block.children, end: first.block.range.upperBound, isTight: true, later: [])
            default:
                return nil
            }
        case .table:
            guard let table = entries.popFirst(), table.inContext,
                  case .table(let alignments) = table.block.kind, case .table(let expected) = head.kind,
                  alignments == expected, table.block.children.count >= 1 else { return nil }
            result = Parse(children: Array(table.block.children.dropFirst()), end: table.block.range.upperBound,
                           isTight: true, later: [])
        }
        guard entries.allSatisfy({ !$0.inContext }) else { return nil }
        result.later = Array(entries)
        return named(result, source: source)
    }

    /// `result` with identities assigned to its children, and the identity state before each
    /// and after the last.
    private func named(_ result: Parse, source: [UInt8]) -> (Parse, [IdentityAssigner], IdentityAssigner) {
        var result = result
        var assigner = identityAfterFinal
        var before: [IdentityAssigner] = []
        for index in result.children.indices {
            before.append(assigner)
            assigner.assign(&result.children[index])
        }
        if let first = result.children.first, let previous = finalChildren.last {
            result.children[0].followsBlankLine = source.hasBlankLine(between: previous.range.upperBound,
                                                                      and: first.range.lowerBound)
        }
        return (result, before, assigner)
    }

    /// Where a parse of the slice starts, and the bytes of context placed before it (for its cost).
    var sliceStart: (offset: Int, context: Int) {
        if let nested, openChildren.count == 1 { return (nested.subFrontier, nested.context.count) }
        return (innerFrontier, context.count)
    }

    /// Takes this frame's parse as the open part.
    mutating func accept(_ parse: Parse, identityBefore: [IdentityAssigner], after: IdentityAssigner) {
        openChildren = parse.children
        identityBeforeOpen = identityBefore
        identityAfterOpen = after
        head = head(end: parse.end, isTight: parse.isTight)
        lastParseWasNested = parse.isNested
    }

    /// Makes final the open children before the last one that starts on a complete line, then
    /// moves the open item's sub-list frontier (see ``NestedGrowth``). Returns whether any
    /// child became final.
    mutating func advance(_ source: [UInt8], incompleteFrom: Int, definitions: [UInt8]) -> Bool {
        let advanced = advanceChildren(source, incompleteFrom: incompleteFrom, definitions: definitions)
        if kind == .list, growsNested, openChildren.count == 1 {
            // A state kept from the last frame only when that frame's parse was its own: a whole
            // item parsed again may have moved anything.
            nested = NestedGrowth.make(for: openChildren[0], previous: lastParseWasNested ? nested : nil, source: source,
                                       incompleteFrom: incompleteFrom, definitions: definitions)
        } else {
            nested = nil
        }
        return advanced
    }

    /// Makes final the open children before the last one that starts on a complete line.
    private mutating func advanceChildren(_ source: [UInt8], incompleteFrom: Int, definitions: [UInt8]) -> Bool {
        guard let anchor = Self.innerAnchor(openChildren, from: 0, incompleteFrom: incompleteFrom, source: source,
                                            kind: kind), anchor > 0 else {
            return false
        }
        let newFrontier = source.lineStart(containing: openChildren[anchor].range.lowerBound)
        if kind == .list, !looseBefore {
            let firstLineEnd = source.nextLineStart(after: openChildren[anchor].range.lowerBound)
            // Only a blank line makes a list loose: without one the parse would find it tight.
            if source.hasBlankLine(between: innerFrontier, and: firstLineEnd) {
                looseBefore = !Self.isTight(source[innerFrontier..<firstLineEnd], base: innerFrontier, definitions: definitions)
            }
        }
        finalChildren += openChildren[..<anchor]
        openChildren.removeFirst(anchor)
        identityAfterFinal = identityBeforeOpen[anchor]
        identityBeforeOpen.removeFirst(anchor)
        innerFrontier = newFrontier
        return true
    }

    /// The text of final children not yet offered to the definition carrier, marked offered.
    mutating func takeFinalText(_ source: [UInt8]) -> ArraySlice<UInt8> {
        defer { absorbedUpTo = max(absorbedUpTo, innerFrontier) }
        return source[min(absorbedUpTo, innerFrontier)..<innerFrontier]
    }

    /// What to put before this container's text from `offset` on, for the definition carrier,
    /// so that it parses as in place: a table's header and delimiter rows, unless the text
    /// starts with them (without them, a row `[p]: x` would be a link definition).
    func definitionContext(from offset: Int) -> [UInt8] {
        offset > lineStart ? context : []
    }

    /// Whether text of the final children holds a `]` (a later definition may change them).
    func finalChildrenMayReference(_ source: [UInt8]) -> Bool {
        source.containsClosingBracket(in: lineStart..<(nested?.subFrontier ?? innerFrontier))
    }

    /// The container with all its children, as one block.
    func materialized() -> Block {
        var block = head
        block.children = finalChildren + openChildren
        return block
    }

    /// The container without children, as a parse that ends at `end` with the given tightness
    /// shows it (for a display that differs from the parse).
    ///
    /// - Complexity: O(1): the final children are not copied.
    func head(end: Int, isTight: Bool) -> Block {
        var block = head
        block.range = head.range.lowerBound..<max(head.range.lowerBound, end)
        if case .list(var style) = block.kind {
            style.isTight = isTight
            block.kind = .list(style)
        }
        return block
    }

    // MARK: - Helpers

    /// Index of the last child (from `start`) that starts on a complete line, or on the
    /// incomplete line once that line is decided (see ``isDecided(_:kind:)``); a paragraph that
    /// cmark split off a table counts as starting with that table.
    static func innerAnchor(_ children: [Block], from start: Int, incompleteFrom: Int, source: [UInt8],
                            kind: Kind) -> Int? {
        let decided = incompleteFrom < source.count && isDecided(source[incompleteFrom...], kind: kind)
        guard var index = children.indices.last(where: {
            $0 >= start && children[$0].hasOwnPosition
                && (children[$0].range.lowerBound < incompleteFrom || decided)
        }) else { return nil }
        while index > start, children[index - 1].joinsNext { index -= 1 }
        return index
    }

    /// Whether the incomplete `line`, when the parse makes it start a child of the container,
    /// starts that child whatever follows on it, so that the children before it are final:
    /// - a list item: up to 3 spaces, a bullet (`-`, `+`, `*`) or 1 to 9 digits and `.` or `)`,
    ///   a space, then something other than spaces, and for a bullet something other than spaces
    ///   and the bullet's character. No more text makes that an empty item, a setext underline
    ///   (`--`) or a thematic break (`* **` is one until a letter follows); what the item holds
    ///   may still change, which is the anchor's to show. The item's blank-line spacing is in
    ///   the text before it.
    /// - a table row: up to 3 spaces, `|`, spaces, then anything: a row of at least one cell,
    ///   which no block start interrupts (`|` alone is no row and ends the table).
    /// A block quote's children are never taken from the incomplete line.
    static func isDecided(_ line: ArraySlice<UInt8>, kind: Kind) -> Bool {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        var rest = line
        var indent = 0
        while rest.first == 0x20, indent < 4 {
            rest = rest.dropFirst()
            indent += 1
        }
        guard indent < 4, let first = rest.first else { return false }
        switch kind {
        case .quote:
            return false
        case .table:
            guard first == UInt8(ascii: "|") else { return false }
            return rest.dropFirst().contains { !isSpace($0) }
        case .list:
            guard let (bullet, after) = TailStabilizer.listMarker(rest), after.first == 0x20 else { return false }
            return after.contains { !isSpace($0) && $0 != bullet }
        }
    }

    /// The shortest header (empty cells) and delimiter rows of a table with `alignments`: rows parse after
    /// them exactly as after the table's own, as cmark-gfm reads a row knowing only the number
    /// of columns (cells past it are dropped, missing ones added empty) and the delimiter row
    /// gives the alignments. A wide header would otherwise be parsed again with every frame of
    /// every row, and a paragraph it continued with it.
    static func tableContext(_ alignments: [ColumnAlignment]) -> [UInt8] {
        var header: [UInt8] = [0x7C], delimiter: [UInt8] = [0x7C]
        for alignment in alignments {
            header += " |".utf8
            switch alignment {
            case .none: delimiter += "-|".utf8
            case .left: delimiter += ":-|".utf8
            case .right: delimiter += "-:|".utf8
            case .center: delimiter += ":-:|".utf8
            }
        }
        return header + [0x0A] + delimiter + [0x0A]
    }

    /// Whether the list parsed from `text` is tight.
    private static func isTight(_ text: ArraySlice<UInt8>, base: Int, definitions: [UInt8]) -> Bool {
        let parsed = SliceParser.parse(prefix: definitions, slice: text, base: base)
        guard case .list(let style)? = parsed.entries.first?.block.kind else { return true }
        return style.isTight
    }
}

extension IdentityAssigner {
    /// Advances past `block`'s own name only (its children are accounted for one by one).
    mutating func assignOwnIDSkippingChildren(_ block: Block) {
        var copy = block
        copy.children = []
        advance(past: copy)
    }
}
