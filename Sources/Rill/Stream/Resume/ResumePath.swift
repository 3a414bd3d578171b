/// The open top-level block kept as a path of levels, so that a frame parses it from a line deep
/// inside instead of from its first line: the one resume mechanism of the engine.
///
/// ```
/// 1. Install the tools          levels[0]  list: items 1–2 settled
/// 2. Configure:                 levels[1]  item 3: its paragraph settled
///    - set `PATH`               levels[2]  list: its first item settled
///    - add the key to `~/.ssh`  levels[3]  item: resumed from this line
/// ```
///
/// A level is a container (list, item, block quote, table) with the children before its last
/// one settled, or a leaf (paragraph, fenced code block) with its complete lines settled. Its
/// *resume point* is the first line that is not settled; parsing from there needs a *context*
/// in front (``context(at:)``: an item opener, a table's header rows, a stand-in paragraph line,
/// the fence's opening line) and gives the level's open content, which is *spliced* into the
/// settled parts after a check that it continues them as a parse of the whole would
/// (``ResumedContent``); where the check fails the caller parses from the top-level block's
/// first line instead. Ranges and identities come out as a one-shot parse gives them.
///
/// Block quotes and tables are followed at the top level only, items and lists at any depth,
/// and only while the text below them holds no link reference definition (whose place in the
/// slice would change what it resolves).
struct ResumePath: Sendable {
    /// Offset of the first line of the group: the paragraph cmark split off above a table, or
    /// the top-level block's.
    let lineStart: Int
    /// Identity state before the group.
    let identityBefore: IdentityAssigner
    /// The paragraph cmark split off above a table: open and final together with it.
    let intro: Block?
    /// Identity state before the top-level block itself (after the intro).
    let identityBeforeHead: IdentityAssigner
    /// From the top-level block down; never empty.
    var levels: [ResumeLevel]
    /// Text of level 0's settled children offered to the definition carrier, up to here.
    var absorbedUpTo: Int
    /// Where the text below the top level was read for link reference definitions, and how far
    /// (see ``dropLevelsBelowDefinitions(_:)``).
    var definitionScan: (start: Int, end: Int)?
    /// Levels as deep as this, at most (the context stands for all containers above; deeper
    /// content nests on its own).
    static let maximumDepth = 12

    /// A parse from one level, spliced: the top-level block as it stands now.
    struct Resumed: Sendable {
        /// The level the parse started from.
        var depth: Int
        /// The top-level block without level 0's settled children, with its current range and
        /// attributes (a list's tightness), its identity kept.
        var head: Block
        /// Level 0's children from its first open one (a container), or its whole content
        /// (a leaf, in ``head``).
        var openChildren: [Block]
        /// A top-level fenced code block's lines: the complete ones the parse found, and the
        /// incomplete last one (nil when the parse ends with a line ending or the block closed).
        var codeLines: (complete: [String], open: String?)?
        /// Top-level blocks after it in the slice, identities assigned, and the identity state
        /// before each and after the last.
        var later: [ParsedSlice.Entry]
        var identityBeforeLater: [IdentityAssigner]
        var identityAfter: IdentityAssigner
        /// Where the parse ended in the stream (the end of the top-level block's text).
        var end: Int
        /// Whether a top-level fenced code block was closed by its fence: nothing after it can
        /// change it, so it is final at once.
        var isClosed = false
    }

    /// The level a parse up to `end` starts from: the deepest whose slice is not empty and, below
    /// the top level, stays inside its item and holds no link reference definition.
    /// A paragraph level also needs no line of its slice to be a delimiter row (after the stand-in
    /// line it would be read against another header). The lines each level's slice was read
    /// through are kept (``readSlices(_:)``), so a call reads only the text after them.
    ///
    /// - Complexity: O(levels × the text after the lines read), O(levels × slice) without them.
    func deepestUsableLevel(_ source: [UInt8], end: Int) -> Int {
        var depth = levels.count - 1
        while depth > 0 {
            let level = levels[depth]
            if level.isResumable, level.resumeLine < end, sliceScan(depth, upTo: end)?.reading(source, to: end).isUsable == true {
                return depth
            }
            depth -= 1
        }
        return 0
    }

    /// The scan of level `depth`'s slice so far, or a new one when the level was not read from its
    /// resume line against its item's column, or was read past `limit`; nil at the top level.
    private func sliceScan(_ depth: Int, upTo limit: Int = .max) -> SliceScan? {
        guard depth > 0, let column = itemColumn(enclosing: depth) else { return nil }
        let level = levels[depth]
        if let scan = level.sliceScan, scan.matches(start: level.resumeLine, column: column), scan.end <= limit {
            return scan
        }
        var isParagraph = false
        if case .paragraph = level.kind { isParagraph = true }
        return SliceScan(start: level.resumeLine, column: column, readsDelimiterRows: isParagraph)
    }

    /// Reads each level's slice on through the complete lines of `source`, so that the next
    /// ``deepestUsableLevel(_:end:)`` reads only what arrives after them.
    ///
    /// - Complexity: O(levels × the text since the last call).
    mutating func readSlices(_ source: [UInt8]) {
        guard let floor = levels.dropFirst().map(\.resumeLine).min() else { return }
        var lineEnd = source.count
        while lineEnd > floor, source[lineEnd - 1] != 0x0A { lineEnd -= 1 }
        for depth in levels.indices.dropFirst() where levels[depth].isResumable && levels[depth].resumeLine < lineEnd {
            guard var scan = sliceScan(depth) else { continue }
            scan.readLines(source, through: lineEnd)
            levels[depth].sliceScan = scan
        }
    }

    /// The content column of the item whose content a parse at `depth` is inside: the level
    /// itself when it is an item, else the item above it; nil at the top level.
    func itemColumn(enclosing depth: Int) -> Int? {
        guard depth > 0 else { return nil }
        return levels[depth].itemColumn ?? levels[depth - 1].itemColumn
    }

    /// What cmark reads before the text from `levels[depth].resumeLine` (see the type's summary);
    /// nil when no context can make it parse as in place.
    func context(at depth: Int) -> [UInt8]? {
        var context: [UInt8] = []
        let column = itemColumn(enclosing: depth)
        if let column {
            guard let opener = ResumeContext.opener(column: column) else { return nil }
            context = opener
        } else if depth > 0 {
            return nil
        }
        switch levels[depth].kind {
        case .list, .item, .quote: break
        case .table(let header): context += header
        case .paragraph: context += ResumeContext.paragraphStandIn(column: column ?? 0)
        case .code(let opener, _): context += opener
        }
        return context
    }

    /// The length of ``context(at:)``, counted without making it: the schedule weighs a parse
    /// at every frame.
    func contextCount(at depth: Int) -> Int? {
        var count = 0
        let column = itemColumn(enclosing: depth)
        if let column {
            guard let opener = ResumeContext.openerCount(column: column) else { return nil }
            count = opener
        } else if depth > 0 {
            return nil
        }
        switch levels[depth].kind {
        case .list, .item, .quote: return count
        case .table(let header): return count + header.count
        case .paragraph: return count + ResumeContext.paragraphStandInCount(column: column ?? 0)
        case .code(let opener, _): return count + opener.count
        }
    }

    /// Parses the text from the deepest usable level up to `end`, plus `extra` bytes after it (a
    /// probe), with the carried `definitions` in front, and splices it into the settled parts.
    /// Nil when the slice does not continue the levels as they are.
    ///
    /// - Complexity: a parse of the slice, plus the open children put back together.
    func parse(_ source: [UInt8], end: Int, extra: [UInt8], definitions: [UInt8],
               incompleteFrom: Int) -> (Resumed, ParseWork)? {
        let depth = deepestUsableLevel(source, end: end)
        let level = levels[depth]
        if depth == 0, level.resumeLine >= end, extra.isEmpty {
            // Nothing after the settled part yet (a parse that holds back the line being written):
            // the block is as its settled part makes it.
            var head = level.head
            var settledEnd = level.isContainer ? (level.settled.last?.range.upperBound ?? head.range.lowerBound) : level.settledEnd
            if case .table = level.kind, level.settled.count == 1, let header = level.settled.first {
                // A table without rows ends with its delimiter row.
                settledEnd = source.lineContentEnd(from: source.nextLineStart(after: header.range.lowerBound))
            }
            head.range = head.range.lowerBound..<max(head.range.lowerBound, settledEnd)
            return (Resumed(depth: 0, head: head, openChildren: [], codeLines: level.isContainer ? nil : ([], nil), later: [],
                            identityBeforeLater: [], identityAfter: level.identityAfterSettled, end: head.range.upperBound), ParseWork())
        }
        guard level.resumeLine < end || !extra.isEmpty, let context = context(at: depth) else { return nil }
        var slice = source[level.resumeLine..<max(level.resumeLine, end)]
        var extended: [UInt8] = []
        if !extra.isEmpty {
            extended = Array(slice) + extra
            slice = extended[...]
        }
        let parsed = SliceParser.parse(prefix: definitions, context: context[...], slice: slice, base: level.resumeLine,
                                       outerContainerDepth: outerContainerDepth(at: depth))
        let cost = ParseWork(bytes: definitions.count + context.count + slice.count, nodes: parsed.nodes)
        guard let content = ResumedContent(parsed, level: level, depth: depth, hasOpener: itemColumn(enclosing: depth) != nil,
                                           source: source) else { return nil }
        var resumed = splice(content, depth: depth, source: source, incompleteFrom: incompleteFrom)
        resumed.isClosed = depth == 0 && content.codeIsClosed
        return (resumed, cost)
    }

    /// Containers of the whole document that the text parsed at `depth` sits in besides the two
    /// its context opens: the opener's list and item stand for the item enclosing the level
    /// (``itemColumn(enclosing:)``), so these are the containers above that item's list. Nesting
    /// past ``ParseLimits/maxContainerDepth`` then flattens where a parse of the whole flattens it.
    func outerContainerDepth(at depth: Int) -> Int {
        guard depth > 0 else { return 0 }
        let item = levels[depth].itemColumn != nil ? depth : depth - 1
        return max(0, levels[...item].filter(\.isContainer).count - 2)
    }
}
