extension Truth {
    /// Moves the frontier over the lines between the final blocks and the open part when a
    /// blank line ends them, keeping the link reference definitions they hold; returns whether
    /// one was kept.
    ///
    /// Those lines hold no block: blank lines and definitions, which a blank line after them
    /// ends and nothing written later reaches back over (a table's delimiter row included). They
    /// lie there when the last final block was closed by the text's ending blank line (see
    /// ``closesAtEndingBlankLine(_:source:incompleteFrom:)``) or by its fence, and what is
    /// written after it starts with definitions: kept here, they resolve the final blocks that
    /// use them as soon as their own blank line arrives, not once the block after them is final.
    ///
    /// - Parameters:
    ///   - anchor: the index in `items` of the first open top-level block (`items.count` when
    ///     none is).
    ///   - incompleteFrom: where the incomplete last line starts (the text's length when there
    ///     is none); that line is left to the open part, whatever it holds.
    mutating func passClosedLines(before anchor: Int, of items: [Item], source: [UInt8], incompleteFrom: Int) -> Bool {
        var end = min(incompleteFrom, source.count)
        if anchor < items.count { end = min(end, lineStart(items[anchor])) }
        guard end > frontier, source.isBlankLine(before: end) else { return false }
        let kept = definitions.absorb(source[frontier..<end], literalRange: nil)
        frontier = end
        return kept
    }
}
