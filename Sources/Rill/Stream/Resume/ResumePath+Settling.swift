extension ResumePath {
    /// Starts a path at the open top-level block `entries[index]` (or at the table after it, when
    /// cmark split that paragraph off above a table), when parsing it from below its first line
    /// can pay: a list, block quote or table with a settled child, a fenced code block, a
    /// paragraph with settled lines. `identityBefore` is the identity state before the entry.
    static func start(_ entries: [ParsedSlice.Entry], at index: Int, identityBefore: IdentityAssigner,
                      _ settling: Settling) -> ResumePath? {
        let source = settling.source
        var entry = entries[index]
        var intro: Block?
        var identityBeforeHead = identityBefore
        if entry.joinsNext, index + 1 < entries.count, case .table = entries[index + 1].block.kind {
            intro = entry.block
            identityBeforeHead.advance(past: entry.block)
            entry = entries[index + 1]
        }
        guard entry.startsOnCompleteLine,
              let level = level(for: entry.block, depth: 0, enclosingColumn: nil, identityBefore: identityBeforeHead,
                                source: source) else { return nil }
        if FencedCode.isClosed(entry.block, source: source) { return nil }
        let lineStart = intro == nil ? entry.lineStart : entries[index].lineStart
        var path = ResumePath(lineStart: lineStart, identityBefore: identityBefore, intro: intro,
                              identityBeforeHead: identityBeforeHead, levels: [level], absorbedUpTo: lineStart)
        guard path.settle(from: 0, open: .of(entry.block), settling) else { return nil }
        path.dropLevelsBelowDefinitions(source)
        guard path.levels.contains(where: \.isResumable) else { return nil }
        return path
    }

    /// What the levels settle against in one frame.
    struct Settling {
        let source: [UInt8]
        /// Where the incomplete last line starts (the text's length when there is none).
        let incompleteFrom: Int
        /// The carried link reference definitions a parse of the open part uses.
        let definitions: [UInt8]
        /// Bytes of complete paragraph lines worth settling in one parse (``ParagraphLines/step``).
        var paragraphStep = ParagraphLines.step
    }

    /// A level's content not settled yet: children of a container, or a leaf block.
    enum OpenContent {
        case children([Block])
        case leaf(Block)

        static func of(_ block: Block) -> OpenContent {
            switch block.kind {
            case .list, .item, .blockQuote, .table: .children(block.children)
            case .paragraph, .heading, .codeBlock, .htmlBlock, .thematicBreak, .tableRow, .tableCell: .leaf(block)
            }
        }
    }

    /// Takes this frame's parse: settles what can no longer change at each level and follows the
    /// block being written into the levels below. False when the path no longer holds.
    mutating func advance(_ resumed: Resumed, _ settling: Settling) -> Bool {
        levels[0].head = resumed.head
        let held: Bool
        if levels[0].isContainer {
            held = settle(from: 0, open: .children(resumed.openChildren), settling)
        } else if let lines = resumed.codeLines {
            held = settleCodeLines(0, complete: lines.complete, hasOpenLine: lines.open != nil, settling)
        } else {
            held = settle(from: 0, open: .leaf(resumed.head), settling)
        }
        guard held else { return false }
        dropLevelsBelowDefinitions(settling.source)
        return true
    }

    /// Drops the levels below the top one when a link reference definition may stand in their
    /// settled text (from the top-level item's start to the deepest resume line): a slice parsed
    /// below it would not know it. The text is read once, as it settles.
    mutating func dropLevelsBelowDefinitions(_ source: [UInt8]) {
        guard levels.count > 1 else { return }
        let start = levels[1].head.range.lowerBound
        let end = levels.map(\.resumeLine).max() ?? start
        let scanned = definitionScan.flatMap { $0.start == start ? $0.end : nil } ?? start
        // A `]` just before the scanned end may pair with a `:` after it.
        let from = max(start, scanned - 1)
        if from < end, DefinitionCarrier.mayDefine(source[from..<min(end, source.count)], outside: nil) {
            levels.removeSubrange(1...)
            definitionScan = nil
            return
        }
        definitionScan = (start, max(scanned, end))
    }

    /// Settles level `depth` given its open content, then the levels below it, down to the
    /// block being written. False when a level's text no longer reads as it did (the caller
    /// drops the path).
    private mutating func settle(from depth: Int, open: OpenContent, _ settling: Settling) -> Bool {
        var depth = depth
        var open = open
        while true {
            switch open {
            case .leaf(let block):
                return settleLeaf(depth, block: block, settling)
            case .children(var children):
                guard let anchor = settleChildren(depth, &children, settling) else { return false }
                // Follow the child being written only when it is the last.
                guard anchor, children.count == 1, depth + 1 < Self.maximumDepth,
                      let next = descend(into: children[0], below: depth, settling) else {
                    levels.removeSubrange((depth + 1)...)
                    return true
                }
                depth += 1
                open = next
            }
        }
    }

    /// Settles the children of container level `depth` before its anchor (the last child that
    /// starts on a complete line), leaving the rest in `children`. Nil when its looseness cannot
    /// be read; false when it has no anchor (nothing to follow below).
    private mutating func settleChildren(_ depth: Int, _ children: inout [Block], _ settling: Settling) -> Bool? {
        let source = settling.source
        var level = levels[depth]
        var first = 0
        if case .table = level.kind, level.settled.isEmpty {
            // The header row is settled with the table's first line; rows follow it.
            guard children.count > 1 else { return false }
            first = 1
        }
        let decided = OpenChildren.lineIsDecided(source, incompleteFrom: settling.incompleteFrom, in: level.head.kind)
        guard let anchor = OpenChildren.anchor(children, from: first, incompleteFrom: settling.incompleteFrom,
                                               lineIsDecided: decided) else { return false }
        if anchor > 0 {
            if !level.looseBefore {
                guard let loose = looseness(depth, through: children[anchor], firstOpen: children[0], source: source,
                                            definitions: settling.definitions) else { return nil }
                level.looseBefore = loose
                if loose { level.looseReadAt = source.lineStart(containing: children[anchor].range.lowerBound) }
            }
            for child in children[..<anchor] { level.identityAfterSettled.advance(past: child) }
            levels[depth].settled = []  // leaves `level.settled` the only owner of its storage while it grows
            level.settled += children[..<anchor]
            children.removeFirst(anchor)
        }
        if !level.settled.isEmpty { level.resumeLine = source.lineStart(containing: children[0].range.lowerBound) }
        levels[depth] = level
        return true
    }

    /// The open content of the level below `depth` for `child`, its last open child: the
    /// existing level when it is the same block, else a new one. Nil when nothing below can be
    /// followed (the levels below are then dropped).
    private mutating func descend(into child: Block, below depth: Int, _ settling: Settling) -> OpenContent? {
        let next = depth + 1
        if next < levels.count, levels[next].head.id == child.id, levels[next].head.kind.name == child.kind.name {
            var head = child
            head.children = []
            if levels[next].isContainer {
                let settledCount = levels[next].settled.count
                guard child.children.count > settledCount else { return nil }
                levels[next].head = head
                return .children(Array(child.children[settledCount...]))
            }
            return .leaf(child)
        }
        levels.removeSubrange(next...)
        let column = levels[depth].itemColumn ?? itemColumn(enclosing: depth)
        guard Self.canFollow(child, below: levels[depth].kind),
              let level = Self.level(for: child, depth: next, enclosingColumn: column,
                                     identityBefore: levels[depth].identityAfterSettled, source: settling.source) else {
            return nil
        }
        levels.append(level)
        return .of(child)
    }

    /// Whether a level below a level of `kind` may follow `child`: an item below a list; a list,
    /// a paragraph or a fenced code block below an item. Block quotes and tables are followed at
    /// the top level only (their markers and header are not an item opener's).
    private static func canFollow(_ child: Block, below kind: ResumeLevel.Kind) -> Bool {
        switch (kind, child.kind) {
        case (.list, .item): true
        case (.item, .list), (.item, .paragraph): true
        case (.item, .codeBlock(let code)): code.isFenced
        default: false
        }
    }

    /// A new level for `block` at `depth` with nothing settled yet, or nil when it is not a kind
    /// the path follows there. `enclosingColumn` is the content column of the item it is in.
    static func level(for block: Block, depth: Int, enclosingColumn: Int?, identityBefore: IdentityAssigner,
                      source: [UInt8]) -> ResumeLevel? {
        var head = block
        head.children = []
        var identity = identityBefore
        identity.assignOwnIDSkippingChildren(block)
        let line = source.lineStart(containing: block.range.lowerBound)
        func make(_ kind: ResumeLevel.Kind) -> ResumeLevel {
            ResumeLevel(kind: kind, head: head, identityAfterSettled: identity, resumeLine: line)
        }
        switch block.kind {
        case .list:
            return make(.list)
        case .item:
            guard depth > 0, let column = ResumeContext.contentColumn(source, itemLine: line, marker: block.range.lowerBound),
                  ResumeContext.opener(column: column) != nil else { return nil }
            return make(.item(column: column))
        case .blockQuote:
            return depth == 0 ? make(.quote) : nil
        case .table(let alignments):
            return depth == 0 ? make(.table(context: ResumeContext.table(alignments))) : nil
        case .codeBlock(let code):
            guard code.isFenced, let opener = ResumeContext.fenceOpener(source, fence: block.range.lowerBound),
                  depth == 0 || enclosingColumn != nil else { return nil }
            var level = make(.code(opener: opener, lines: []))
            level.resumeLine = source.nextLineStart(after: block.range.lowerBound)
            level.lastLineEnd = source.lineContentEnd(from: block.range.lowerBound)
            level.lineBeforeLastEnd = level.lastLineEnd
            return level
        case .paragraph:
            // Made once lines settle (see ``settleParagraph``).
            return make(.paragraph(settled: [], lineBreak: .softBreak))
        case .heading, .htmlBlock, .thematicBreak, .tableRow, .tableCell:
            return nil
        }
    }
}
