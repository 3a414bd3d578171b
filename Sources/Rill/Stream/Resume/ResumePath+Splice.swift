extension ResumePath {
    /// Puts a checked parse from level `depth` back together with the settled parts above it:
    /// the level's block gets its settled and open content, then each level above gets its
    /// settled children and the block below as its last (its siblings after it, at the level
    /// right above). Open children are named after the settled ones, siblings after them, later
    /// top-level blocks last: document order, as a one-shot parse names them.
    func splice(_ content: ResumedContent, depth: Int, source: [UInt8], incompleteFrom: Int) -> Resumed {
        let level = levels[depth]
        var assigner = level.identityAfterSettled
        var node = level.head
        let lower = node.range.lowerBound
        var open: [Block] = []
        var codeLines: (complete: [String], open: String?)?
        switch level.kind {
        case .list, .item, .quote, .table:
            open = content.children
            for index in open.indices { assigner.assign(&open[index]) }
            if let first = open.first, let previous = level.settled.last {
                open[0].followsBlankLine = source.hasBlankLine(between: previous.range.upperBound, and: first.range.lowerBound)
            }
            node.range = lower..<max(lower, content.block.range.upperBound)
            if case .list(var style) = node.kind, case .list(let parsed) = content.block.kind {
                style.isTight = parsed.isTight && !level.looseBefore
                node.kind = .list(style)
            }
            if depth > 0 { node.children = level.settled + open }
        case .paragraph(let settled, let lineBreak):
            node.kind = .paragraph(settled + [lineBreak] + content.inlines)
            node.settledInlines = settled.count + 1
            // Split off above a table whose header is the line after it: the two go together.
            node.joinsNext = content.block.joinsNext
            node.range = lower..<max(lower, content.block.range.upperBound)
        case .code(_, let settled):
            let lines = Self.codeLines(content.literal, showsIncompleteLine: content.block.range.upperBound > incompleteFrom
                                        && !content.codeIsClosed && content.siblings.isEmpty && content.later.isEmpty)
            codeLines = lines
            // At the top level the lines stay apart (the live view takes them as they grow); the
            // literal is made once, when the block is final.
            if depth > 0, case .codeBlock(var code) = node.kind {
                var all = settled + lines.complete
                if let line = lines.open { all.append(line) }
                code.literal = all.isEmpty ? "" : all.joined(separator: "\n") + "\n"
                node.kind = .codeBlock(code)
            }
            let parsedEnd = content.block.range.upperBound
            node.range = lower..<max(lower, parsedEnd > level.resumeLine ? parsedEnd : level.settledEnd)
        }

        var siblings = content.siblings
        for index in siblings.indices { assigner.assign(&siblings[index]) }
        // The levels above: each holds its settled children, then the block below.
        for index in stride(from: depth - 1, through: 0, by: -1) {
            let above = levels[index]
            var parent = above.head
            let start = parent.range.lowerBound
            let below = index == depth - 1 ? [node] + siblings : [node]
            switch above.kind {
            case .list:
                parent.range = start..<max(start, content.contextListEnd, node.range.upperBound)
                if case .list(var style) = parent.kind {
                    let item = levels[index + 1]
                    let opensContext = index + 1 == depth || (index + 2 == depth && level.itemColumn == nil)
                    style.isTight = !above.looseBefore && !item.looseBefore && (!opensContext || content.contextIsTight)
                    parent.kind = .list(style)
                }
            case .item:
                parent.range = start..<max(start, content.contextItemEnd, node.range.upperBound)
            case .quote, .table, .paragraph, .code:
                parent.range = start..<max(start, node.range.upperBound)
            }
            if index == 0 {
                open = below
            } else {
                parent.children = above.settled + below
            }
            node = parent
        }

        var later = content.later
        var identityBeforeLater: [IdentityAssigner] = []
        if let first = later.first {
            later[0].block.followsBlankLine = source.hasBlankLine(between: node.range.upperBound, and: first.block.range.lowerBound)
        }
        for index in later.indices {
            identityBeforeLater.append(assigner)
            assigner.assign(&later[index].block)
        }
        if depth == 0 { node.children = [] }
        return Resumed(depth: depth, head: node, openChildren: open, codeLines: codeLines, later: later,
                       identityBeforeLater: identityBeforeLater, identityAfter: assigner,
                       end: max(node.range.upperBound, later.last?.block.range.upperBound ?? 0))
    }

    /// A code block's literal as lines: the complete ones, and the last one apart when the parse
    /// ended inside it (the incomplete last line of input, still being written).
    static func codeLines(_ literal: String, showsIncompleteLine: Bool) -> (complete: [String], open: String?) {
        guard !literal.isEmpty else { return ([], nil) }
        var body = literal[...]
        if body.hasSuffix("\n") { body = body.dropLast() }
        // Split at line feeds as characters, where a `\r\n` is one character and splits nothing;
        // without a `\r`, byte by byte gives the same lines at a fraction of the cost.
        var lines = body.utf8.contains(0x0D)
            ? body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            : body.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(Substring($0)) }
        guard showsIncompleteLine, let last = lines.popLast() else { return (lines, nil) }
        return (lines, last)
    }
}

extension ResumePath {
    /// The followed group as whole blocks: the paragraph split off above a table, if any, then
    /// the top-level block with its settled and open parts. `settledCount` and `codeLineCount`,
    /// when given, take only that many of level 0's settled children or lines (those settled
    /// before `resumed` was parsed, when the path advanced past them since).
    ///
    /// - Complexity: O(n) in the block's size.
    func materialized(_ resumed: Resumed, settledCount: Int? = nil, codeLineCount: Int? = nil) -> [Block] {
        var block = resumed.head
        switch levels[0].kind {
        case .list, .item, .quote, .table:
            block.children = Array(levels[0].settled.prefix(settledCount ?? levels[0].settled.count)) + resumed.openChildren
        case .code(_, let lines):
            if case .codeBlock(var code) = block.kind {
                let settled = Array(lines.prefix(codeLineCount ?? lines.count))
                code.literal = GrowingBlock.literal(settled + (resumed.codeLines?.complete ?? []), open: resumed.codeLines?.open)
                block.kind = .codeBlock(code)
            }
        case .paragraph:
            break
        }
        return (intro.map { [$0] } ?? []) + [block]
    }

    /// The text of level 0's settled children not yet offered to the definition carrier, marked
    /// offered, and the context to read it with (a table's header rows, unless the text starts
    /// with them: without them a row `[p]: x` would be a definition).
    mutating func takeSettledText(_ source: [UInt8]) -> (text: ArraySlice<UInt8>, context: [UInt8]) {
        let end = levels[0].isContainer && !levels[0].settled.isEmpty ? levels[0].resumeLine : absorbedUpTo
        let start = min(absorbedUpTo, end)
        defer { absorbedUpTo = max(absorbedUpTo, end) }
        return (source[start..<end], definitionContext(from: start))
    }

    /// What to put before the group's text from `offset` on for the definition carrier.
    func definitionContext(from offset: Int) -> [UInt8] {
        guard offset > lineStart, case .table(let header) = levels[0].kind else { return [] }
        return header
    }

    /// Whether the settled text holds a `]` (a later definition may change it).
    func settledTextMayReference(_ source: [UInt8]) -> Bool {
        source.containsClosingBracket(in: lineStart..<(levels.map(\.resumeLine).max() ?? lineStart))
    }

    /// The top-level block parsed whole this frame, as a parse from the levels would show it:
    /// its children after level 0's settled ones open, a code block's incomplete line apart.
    func resumed(_ block: Block, source: [UInt8], incompleteFrom: Int) -> Resumed {
        var head = block
        head.children = []
        var open: [Block] = []
        var codeLines: (complete: [String], open: String?)?
        switch levels[0].kind {
        case .list, .item, .quote, .table:
            open = Array(block.children.dropFirst(levels[0].settled.count))
        case .code(_, let lines):
            if case .codeBlock(let code) = block.kind {
                let all = Self.codeLines(code.literal, showsIncompleteLine: block.range.upperBound > incompleteFrom
                                         && !FencedCode.isClosed(block, source: source))
                codeLines = (Array(all.complete.dropFirst(lines.count)), all.open)
            }
        case .paragraph:
            head = block
        }
        return Resumed(depth: 0, head: head, openChildren: open, codeLines: codeLines, later: [], identityBeforeLater: [],
                       identityAfter: levels[0].identityAfterSettled, end: block.range.upperBound)
    }
}
