/// What a parse from one level's resume point found, once checked to continue that level as a
/// parse of the whole text would: the level's open content, the siblings after it, and what
/// the context's own containers say about the levels above (where they end, whether their
/// list is tight).
///
/// The checks: the parse holds the context's item and nothing beside it (a line outside it
/// would belong to a level above); the level's first open child starts on the resume line and
/// is of the level's kind (a list of the same type, the stand-in paragraph continued, the
/// fenced block continued); a table's rows come under the context's header with the same
/// alignments. (Nesting past the depth cap flattens as in the whole parse: the parse counts the
/// containers above its context, see ``ResumePath/outerContainerDepth(at:)``.)
struct ResumedContent {
    /// A container level's open children, not yet named.
    var children: [Block] = []
    /// A paragraph level's inlines after the stand-in line's break.
    var inlines: [Inline] = []
    /// A code level's literal from the resume line on.
    var literal = ""
    /// The level's block as parsed (a list or the context item's content, the paragraph or code
    /// block): its range end and attributes.
    var block: Block
    /// Blocks after the level's block among its parent's children (below the top level).
    var siblings: [Block] = []
    /// Top-level entries after the level's block (at the top level).
    var later: [ParsedSlice.Entry] = []
    /// The context item's and list's ends, and whether that list is tight (below the top level).
    var contextItemEnd = 0
    var contextListEnd = 0
    var contextIsTight = true
    /// A code level: whether the fence closed the block in the slice.
    var codeIsClosed = false

    init?(_ parsed: ParsedSlice, level: ResumeLevel, depth: Int, hasOpener: Bool, source: [UInt8]) {
        var entries = parsed.entries[...]
        var candidates: [Block]
        if hasOpener {
            guard entries.count == 1, let list = entries.first, list.inContext, case .list(let style) = list.block.kind,
                  list.block.children.count == 1, let item = list.block.children.first else { return nil }
            candidates = item.children
            contextItemEnd = item.range.upperBound
            contextListEnd = list.block.range.upperBound
            contextIsTight = style.isTight
        } else {
            guard let first = entries.popFirst() else { return nil }
            guard entries.allSatisfy({ !$0.inContext }) else { return nil }
            if case .paragraph = level.kind, !first.inContext { return nil }
            if case .code = level.kind, !first.inContext { return nil }
            if case .table = level.kind, !first.inContext { return nil }
            candidates = [first.block]
            later = Array(entries)
        }
        let resumeLine = level.resumeLine
        func startsOnResumeLine(_ block: Block?) -> Bool {
            guard let block, block.range.lowerBound >= resumeLine else { return false }
            return source.lineStart(containing: block.range.lowerBound) == resumeLine
        }
        switch level.kind {
        case .item:
            guard startsOnResumeLine(candidates.first) else { return nil }
            children = candidates
            block = level.head
            block.range = block.range.lowerBound..<max(block.range.lowerBound, contextItemEnd)
        case .list:
            guard let list = candidates.first, case .list(let style) = list.kind, case .list(let expected) = level.head.kind,
                  style.isOrdered == expected.isOrdered, style.delimiter == expected.delimiter,
                  startsOnResumeLine(list.children.first), startsOnResumeLine(list) else { return nil }
            children = list.children
            block = list
            siblings = Array(candidates.dropFirst())
        case .quote:
            guard let quote = candidates.first, case .blockQuote = quote.kind, startsOnResumeLine(quote),
                  startsOnResumeLine(quote.children.first) else { return nil }
            children = quote.children
            block = quote
        case .table:
            guard let table = candidates.first, case .table(let alignments) = table.kind,
                  case .table(let expected) = level.head.kind, alignments == expected, table.children.count >= 1 else { return nil }
            children = Array(table.children.dropFirst())
            block = table
        case .paragraph:
            guard let paragraph = candidates.first, paragraph.range.lowerBound < resumeLine,
                  case .paragraph(let parsed) = paragraph.kind, parsed.count > 2,
                  parsed[0] == .text(String(UnicodeScalar(ResumeContext.standInLetter))), parsed[1] == .softBreak else {
                return nil
            }
            inlines = Array(parsed[2...])
            block = paragraph
            siblings = Array(candidates.dropFirst())
        case .code:
            guard let code = candidates.first, code.range.lowerBound < resumeLine, case .codeBlock(let parsed) = code.kind,
                  parsed.isFenced else { return nil }
            literal = parsed.literal
            codeIsClosed = FencedCode.isClosed(rangeEnd: code.range.upperBound, contentStart: resumeLine, literal: literal,
                                               source: source)
            block = code
            siblings = Array(candidates.dropFirst())
        }
    }
}
