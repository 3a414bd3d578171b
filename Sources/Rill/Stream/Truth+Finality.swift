extension Truth {
    /// The index of the first top-level block that stays open: the last one that starts on a
    /// complete line, or the one the incomplete line starts when the block before it is closed
    /// whatever that line becomes (``closesBeforeIncompleteLine(_:source:incompleteFrom:)``), or
    /// the one after a fenced code block its fence closed; none when the text ends with a blank
    /// line that closes the last block (``closesAtEndingBlankLine(_:source:incompleteFrom:)``).
    /// A paragraph that cmark split off a table anchors with the table.
    func anchorIndex(_ items: [Item], source: [UInt8], incompleteFrom: Int) -> Int {
        func complete(_ item: Item) -> Bool {
            if case .entry(let entry) = item { return entry.startsOnCompleteLine }
            return true
        }
        guard var index = items.lastIndex(where: complete) else { return 0 }
        if isClosedCode(items[index], source: source, incompleteFrom: incompleteFrom) { return index + 1 }
        if index == items.count - 2, closesBeforeIncompleteLine(items[index], source: source, incompleteFrom: incompleteFrom) {
            return index + 1
        }
        if index == items.count - 1, closesAtEndingBlankLine(items[index], source: source, incompleteFrom: incompleteFrom) {
            return index + 1
        }
        while index > 0, items[index - 1].block.joinsNext { index -= 1 }
        return index
    }

    /// Whether `item` is a fenced code block a complete closing line ended: nothing after it can
    /// change it (one still being written, `` `` `` so far, may yet become content).
    private func isClosedCode(_ item: Item, source: [UInt8], incompleteFrom: Int) -> Bool {
        switch item {
        case .followed(let resumed):
            return resumed.isClosed && resumed.head.range.upperBound <= incompleteFrom
        case .entry(let entry):
            return entry.block.range.upperBound <= incompleteFrom && FencedCode.isClosed(entry.block, source: source)
        }
    }

    /// Whether `item`, the last top-level block before the one the incomplete line starts, is
    /// closed whatever text that line gets: a heading or a thematic break right above it (they
    /// end with their line), an indented code block when that line already holds text before
    /// the code indent (only an indented or blank line continues it), a table when that line
    /// already starts a block (a quote, a list item, a heading, indented code: see
    /// `startsBlockEndingTable(lineStart:)`), or a paragraph, a table,
    /// a block quote, a heading or a thematic break with a blank line before the incomplete line
    /// (no lazy line follows a blank line, no setext underline or table delimiter row reaches
    /// back over it). Lists (an indented line or another item continues them), fenced code (its
    /// closing fence) and HTML blocks (some end only at their end marker) are left to anchor
    /// once that line is complete.
    ///
    /// Model answers write a paragraph as one long line: without this, the block before it was
    /// parsed again with it, and stayed open, until its line ended.
    private func closesBeforeIncompleteLine(_ item: Item, source: [UInt8], incompleteFrom: Int) -> Bool {
        guard incompleteFrom < source.count, incompleteFrom > 0 else { return false }
        switch item {
        case .followed(let resumed):
            guard !resumed.head.joinsNext else { return false }
            switch resumed.head.kind {
            case .table:
                if source.startsBlockEndingTable(lineStart: incompleteFrom) { return true }
            case .blockQuote, .paragraph: break
            case .codeBlock(let code):
                return !code.isFenced && source.holdsTextBeforeCodeIndent(lineStart: incompleteFrom)
            case .list, .item, .heading, .htmlBlock, .thematicBreak, .tableRow, .tableCell: return false
            }
        case .entry(let entry):
            switch entry.block.kind {
            case .heading, .thematicBreak:
                // Ended with its line, when nothing but that line's ending comes before the
                // incomplete line: text between (`[b]:(`, dropped as a definition while the
                // line after it interrupts it) may still join the incomplete line.
                let end = min(entry.block.range.upperBound, incompleteFrom)
                if source.holdsOnlyWhitespace(end..<incompleteFrom) { return true }
            case .table:
                guard !entry.joinsNext else { return false }
                if source.startsBlockEndingTable(lineStart: incompleteFrom) { return true }
            case .paragraph, .blockQuote:
                guard !entry.joinsNext else { return false }
            case .codeBlock(let code):
                return !code.isFenced && source.holdsTextBeforeCodeIndent(lineStart: incompleteFrom)
            case .list, .item, .htmlBlock, .tableRow, .tableCell:
                return false
            }
        }
        return source.isBlankLine(before: incompleteFrom)
    }

    /// Makes `parsed.items[..<anchor]` final, absorbing the definitions their text may hold, and
    /// moves the frontier to the anchor.
    ///
    /// Before the end of input, the text of the last parsed block, when it is made final (a code
    /// block its fence closed, a block the text's ending blank line closed), ends with the block's
    /// last line: the lines after it may be a definition still being written (`[a]: /u` of
    /// `[a]: /url`, or one whose title is on the next line), left to the open part until a blank
    /// line ends them (``passClosedLines(before:of:source:incompleteFrom:)``).
    mutating func finalize(_ parsed: Parse, upTo anchor: Int, source: [UInt8], atEnd: Bool, outcome: inout Outcome,
                           assembled: inout [Int], definitionsChanged: inout Bool) {
        let items = parsed.items
        if case .entry(let first)? = items.first, first.lineStart > frontier {
            // Text before the first block (blank lines, definition-only paragraphs).
            definitionsChanged = definitions.absorb(source[frontier..<first.lineStart], literalRange: nil)
                || definitionsChanged
        }
        // A paragraph cmark split off above a table is absorbed with the table, as one segment:
        // definitions in it are never registered (cmark never finalizes that paragraph), which
        // only a parse of the pair shows; alone, its text would define.
        var segmentStart: Int?
        for index in 0..<anchor {
            let segmentEnd = index + 1 < items.count ? lineStart(items[index + 1])
                : atEnd ? source.count : min(source.count, source.nextLineStart(after: items[index].block.range.upperBound))
            switch items[index] {
            case .followed(let resumed):
                guard let followed = path else { continue }
                if resumed.head.joinsNext, index + 1 < anchor {
                    // A paragraph split off above the table after it: absorbed with the table.
                    segmentStart = followed.absorbedUpTo
                } else {
                    definitionsChanged = definitions.absorb(source[followed.absorbedUpTo..<max(followed.absorbedUpTo, segmentEnd)],
                                                            literalRange: nil,
                                                            context: followed.definitionContext(from: followed.absorbedUpTo))
                        || definitionsChanged
                }
                let blocks = followed.materialized(resumed)
                if let intro = followed.intro {
                    appendFinal(intro, lineStart: followed.lineStart, identityBefore: followed.identityBefore, source: source,
                                outcome: &outcome)
                    assembled.append(finalBlocks.count - 1)
                }
                if let block = blocks.last {
                    appendFinal(block, lineStart: source.lineStart(containing: block.range.lowerBound),
                                identityBefore: followed.identityBeforeHead, source: source, outcome: &outcome)
                    assembled.append(finalBlocks.count - 1)
                }
                path = nil
            case .entry(let entry):
                let start = segmentStart ?? entry.lineStart
                segmentStart = entry.joinsNext && index + 1 < anchor ? start : nil
                if segmentStart == nil {
                    let literal = entry.block.isLiteral ? entry.block.range : nil
                    definitionsChanged = definitions.absorb(source[start..<segmentEnd], literalRange: literal)
                        || definitionsChanged
                }
                appendFinal(entry.block, lineStart: entry.lineStart, identityBefore: parsed.identityBefore[index],
                            source: source, outcome: &outcome)
            }
        }
        if anchor < items.count {
            frontier = lineStart(items[anchor])
            identity = parsed.identityBefore[anchor]
        } else {
            // Everything parsed is final (the end of input, or a code block closed by its fence):
            // the open part starts on the line after the last block, which an incomplete line
            // of spaces so far may still join (`   ` then ` x` is indented code).
            let lastEnd = finalBlocks.last?.range.upperBound ?? source.count
            frontier = anchor == 0 ? frontier : min(source.count, source.nextLineStart(after: max(frontier, lastEnd)))
            identity = parsed.identityAfter
        }
    }

    /// Where the first line of `item` starts.
    func lineStart(_ item: Item) -> Int {
        switch item {
        case .followed: path?.lineStart ?? frontier
        case .entry(let entry): entry.lineStart
        }
    }

    private mutating func appendFinal(_ block: Block, lineStart: Int, identityBefore: IdentityAssigner, source: [UInt8],
                                      outcome: inout Outcome) {
        let segmentEnd = max(block.range.upperBound, lineStart)
        let mayReference = !block.isLiteral && source.containsClosingBracket(in: lineStart..<segmentEnd)
        if mayReference { referencing.append(finalRecords.count) }
        finalRecords.append(FinalRecord(lineStart: lineStart, identityBefore: identityBefore, mayReference: mayReference,
                                        textEnd: segmentEnd))
        finalBlocks.append(block)
        lastFinalEnd = block.range.upperBound
        outcome.finalized.append(block.id)
    }
}
