/// One block on the way from the open top-level block down to where text is still being written
/// (a list, its last item, that item's sub-list, …, or the paragraph or code block at the
/// bottom), with what of it can no longer change: the children before its last one, or the
/// complete lines of a paragraph or code block.
///
/// Each level can be parsed again on its own, from ``resumeLine``: what cmark must read first so
/// that the text from there parses as it does in place is the level's context (see
/// ``ResumePath/context(at:)``).
struct ResumeLevel: Sendable {
    /// What the level is, with what only its kind keeps.
    enum Kind: Sendable {
        /// A list; its items are the children.
        case list
        /// A list item whose content starts `column` spaces from the start of its lines.
        case item(column: Int)
        /// A block quote (at the top level only: its markers start every line).
        case quote
        /// A table (at the top level only), parsed after a header and delimiter row like its
        /// own; the header row is its first settled child.
        case table(context: [UInt8])
        /// A paragraph whose settled lines are kept as inlines, with the break ending the last.
        case paragraph(settled: [Inline], lineBreak: Inline)
        /// A fenced code block, parsed after its opening line; its complete lines are kept.
        case code(opener: [UInt8], lines: [String])
    }

    var kind: Kind
    /// The block without its children (a leaf as last parsed), its identity assigned.
    var head: Block
    /// Children that can no longer change (containers), identities assigned.
    var settled: [Block] = []
    /// Identity state after the block itself and its settled children.
    var identityAfterSettled: IdentityAssigner
    /// Offset of the first line a parse at this level starts from: the first open child's, or
    /// the first line of a paragraph or code block that is not settled.
    var resumeLine: Int
    /// List: whether blank lines among its settled items already make it loose. Item: whether
    /// blank lines among its settled children make its list loose.
    var looseBefore = false
    /// Where the line that made ``looseBefore`` true starts (the first open child's line it was
    /// read through): a parse that leaves that line out cannot take the looseness from here.
    var looseReadAt = Int.max
    /// Code: the ends of its last two settled lines (its opening line standing in before the
    /// first), and whether the last is empty: cmark ends an open fenced block before an empty
    /// last line.
    var lastLineEnd = 0
    var lineBeforeLastEnd = 0
    var lastLineIsEmpty = false
    /// Paragraph: the settled start and end of the lines last found not settled, tried again
    /// only once they have grown by half (a paragraph whose start never settles is not parsed
    /// whole again at every frame).
    var unsettledLines: (start: Int, end: Int)?

    /// What the checks of ``ResumePath/deepestUsableLevel(_:end:)`` read of the complete lines
    /// from ``resumeLine`` on (below the top level).
    var sliceScan: SliceScan?

    /// Code: where the block ends when nothing after the settled lines counts.
    var settledEnd: Int { lastLineIsEmpty ? lineBeforeLastEnd : lastLineEnd }

    /// Whether a parse can start at ``resumeLine``: a container with a settled child (an item's
    /// first child starts on its marker's line, which an opener cannot stand for), a paragraph
    /// with settled lines, a code block.
    var isResumable: Bool {
        switch kind {
        case .list, .quote, .table, .item: !settled.isEmpty
        case .paragraph(let settled, _): !settled.isEmpty
        case .code: true
        }
    }

    /// Whether the level holds blocks (as opposed to a paragraph's or code block's lines).
    var isContainer: Bool {
        switch kind {
        case .list, .item, .quote, .table: true
        case .paragraph, .code: false
        }
    }

    /// How many lines a code level has settled (0 for other levels).
    var codeLineCount: Int {
        if case .code(_, let lines) = kind { return lines.count }
        return 0
    }

    /// The content column of an item level.
    var itemColumn: Int? {
        if case .item(let column) = kind { return column }
        return nil
    }
}
