extension ResumePath {
    /// Settles a leaf level from its block as parsed this frame: a paragraph's complete lines
    /// once they settle (``ParagraphLines``), a code block's complete lines. False when the top
    /// level can no longer be followed (the caller drops the path).
    mutating func settleLeaf(_ depth: Int, block: Block, _ settling: Settling) -> Bool {
        switch levels[depth].kind {
        case .paragraph:
            return settleParagraph(depth, block, settling)
        case .code:
            guard case .codeBlock(let code) = block.kind, !FencedCode.isClosed(block, source: settling.source) else {
                return dropLevels(from: depth)
            }
            let settledCount = levels[depth].codeLineCount
            var all = Self.codeLines(code.literal, showsIncompleteLine: block.range.upperBound > settling.incompleteFrom)
            guard all.complete.count >= settledCount else { return dropLevels(from: depth) }
            all.complete.removeFirst(settledCount)
            levels[depth].head = block
            return settleCodeLines(depth, complete: all.complete, hasOpenLine: all.open != nil, settling)
        case .list, .item, .quote, .table:
            return dropLevels(from: depth)
        }
    }

    /// Adds `complete` to code level `depth`'s settled lines (the lines from its resume line
    /// on), moving the resume line past them.
    mutating func settleCodeLines(_ depth: Int, complete: [String], hasOpenLine: Bool, _ settling: Settling) -> Bool {
        guard !complete.isEmpty, case .code(let opener, var lines) = levels[depth].kind else { return true }
        let source = settling.source
        levels[depth].kind = .list  // leaves `lines` the only owner of its storage while it grows
        var start = levels[depth].resumeLine
        // Only lines whose ending is known: a lone `\r` at the end may still become `\r\n`.
        for line in complete where start < settling.incompleteFrom && source.nextLineStart(after: start) <= settling.incompleteFrom {
            let end = source.lineContentEnd(from: start)
            levels[depth].lineBeforeLastEnd = levels[depth].lastLineEnd
            levels[depth].lastLineEnd = end
            levels[depth].lastLineIsEmpty = line.isEmpty
            start = source.nextLineStart(after: start)
            lines.append(line)
        }
        levels[depth].kind = .code(opener: opener, lines: lines)
        levels[depth].resumeLine = start
        return true
    }

    /// Settles more complete lines of paragraph level `depth`, in steps (``ParagraphLines``).
    private mutating func settleParagraph(_ depth: Int, _ paragraph: Block, _ settling: Settling) -> Bool {
        let source = settling.source
        var level = levels[depth]
        guard case .paragraph(var settled, var lineBreak) = level.kind else { return dropLevels(from: depth) }
        level.head = paragraph
        let firstLine = source.lineStart(containing: paragraph.range.lowerBound)
        // A `[` may start link definitions, which cmark takes off the paragraph's start.
        guard !paragraph.joinsNext, firstLine < settling.incompleteFrom, !source.startsWithBracket(at: firstLine) else {
            return dropLevels(from: depth)
        }
        let start = settled.isEmpty ? firstLine : level.resumeLine
        // The last complete line stays open: the next may read it as a table's header.
        let incomplete = min(settling.incompleteFrom, source.count)
        let end = source.previousLineStart(before: incomplete)
        defer { levels[depth] = level }
        guard end - start >= settling.paragraphStep else { return true }
        if let unsettled = level.unsettledLines, unsettled.start == start, end - start < (unsettled.end - start) * 3 / 2 {
            return true
        }
        let column = itemColumn(enclosing: depth) ?? 0
        let opener = depth == 0 ? [] : ResumeContext.opener(column: column) ?? []
        guard depth == 0 || !opener.isEmpty,
              let (more, nextBreak) = ParagraphLines.settledLines(source, from: start, to: end, opener: opener, column: column,
                                                                  definitions: settling.definitions) else {
            level.unsettledLines = (start, end)
            return true
        }
        // Leaves `settled` the only owner of its storage while it grows.
        level.kind = .list
        levels[depth].kind = .list
        if !settled.isEmpty { settled.append(lineBreak) }
        settled += more
        lineBreak = nextBreak
        level.kind = .paragraph(settled: settled, lineBreak: lineBreak)
        level.resumeLine = end
        level.unsettledLines = nil
        return true
    }

    /// Drops level `depth` and those below it; false, dropping nothing, at the top level (the
    /// block can no longer be followed; the caller shows it whole from level 0 as it stands).
    private mutating func dropLevels(from depth: Int) -> Bool {
        guard depth > 0 else { return false }
        levels.removeSubrange(depth...)
        return true
    }

    /// Whether the settled part of list or item level `depth`, through the first line of
    /// `anchor` (its next resume point), makes the list loose. Only a blank line can, so the
    /// text is parsed only when it holds one: from the level's resume line (or its first open
    /// child's line), in the context that parses it as in place. Nil when it does not parse so.
    func looseness(_ depth: Int, through anchor: Block, firstOpen: Block, source: [UInt8], definitions: [UInt8]) -> Bool? {
        let level = levels[depth]
        let firstLineEnd = source.nextLineStart(after: anchor.range.lowerBound)
        let from: Int
        let opener: [UInt8]?
        let listIsContext: Bool
        switch level.kind {
        case .list:
            from = level.settled.isEmpty ? source.lineStart(containing: firstOpen.range.lowerBound) : level.resumeLine
            opener = depth == 0 ? [] : itemColumn(enclosing: depth - 1).flatMap(ResumeContext.opener(column:))
            listIsContext = false
        case .item(let column):
            if level.settled.isEmpty {
                // From the item's own marker line, in its list's context.
                from = source.lineStart(containing: level.head.range.lowerBound)
                opener = depth == 1 ? [] : itemColumn(enclosing: depth - 2).flatMap(ResumeContext.opener(column:))
                listIsContext = false
            } else {
                from = level.resumeLine
                opener = ResumeContext.opener(column: column)
                listIsContext = true
            }
        case .quote, .table, .paragraph, .code:
            return false
        }
        guard source.hasBlankLine(between: from, and: firstLineEnd) else { return false }
        guard let opener else { return nil }
        let parsed = SliceParser.parse(prefix: definitions, context: opener[...], slice: source[from..<firstLineEnd], base: from)
        var list = parsed.entries.first?.block
        if !opener.isEmpty, !listIsContext {
            list = list?.children.first?.children.first
        }
        guard let list, case .list(let style) = list.kind else { return nil }
        return !style.isTight
    }
}
