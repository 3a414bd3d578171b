extension Truth {
    /// Whether `item`, the last top-level block parsed, is closed by the blank line the text
    /// received so far ends with: the text after the block holds only spaces, tabs and line
    /// endings, and its last line is blank and complete. After a blank line no lazy continuation
    /// line, setext underline or table delimiter row reaches back, so a paragraph, a table, a
    /// block quote or a heading stays as it is (but for its links, which a link reference
    /// definition arriving later may resolve, as any final block's).
    ///
    /// Not a list (a later indented line or item continues it), indented code (blank lines may
    /// continue it), fenced code (its closing fence ends it), an HTML block (some end only at
    /// their end marker), nor a thematic break: cmark-gfm ends its range at the last of the
    /// blank lines after it that holds a space or a tab, which may be yet to come.
    func closesAtEndingBlankLine(_ item: Item, source: [UInt8], incompleteFrom: Int) -> Bool {
        guard incompleteFrom == source.count, source.isBlankLine(before: source.count) else { return false }
        let block = item.block
        guard !block.joinsNext else { return false }
        switch block.kind {
        case .paragraph, .table, .blockQuote, .heading:
            return source.holdsOnlyWhitespace(min(block.range.upperBound, source.count)..<source.count)
        case .thematicBreak, .list, .item, .codeBlock, .htmlBlock, .tableRow, .tableCell:
            return false
        }
    }
}
