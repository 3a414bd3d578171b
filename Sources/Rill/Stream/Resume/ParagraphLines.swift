/// The complete lines of an open paragraph whose inlines nothing written later can change: they
/// are kept as inlines (a paragraph level of ``ResumePath``), so that a frame parses only the
/// lines after them, as the continuation of a stand-in line.
///
/// Inline structure can reach across lines (emphasis, code spans, links, raw HTML), so lines are
/// settled only when nothing in them can still be matched by text that follows: every text node
/// is free of the characters that open those constructs (`*`, `_`, `~`, `` ` ``, `[`, `]`, `<`)
/// and no link is followed by a `(` that a destination on the next line could still take
/// (``isSettled(_:)``), and no math is left open in them for a later line to close
/// (``MathSpans/leavesOpen(_:)``). Anything else in them (closed emphasis, code spans, links, autolinks,
/// breaks, entities, escapes) is final. Lines are settled in steps of ``step`` bytes: smaller
/// steps parse the lines once more for little saving, larger ones leave more to parse again at
/// every frame.
enum ParagraphLines {
    /// Bytes of unsettled lines worth settling in one parse.
    static let step = 192

    /// The inlines of lines `start..<end` (whole lines) of an open paragraph whose text starts
    /// `column` spaces in, and the break that ends the last, when they are settled: parsed
    /// between two stand-in lines, so that they are read as continuation lines followed by
    /// another line, as they are in the paragraph. `opener` is the context that puts the
    /// stand-in where the paragraph is (an item opener, or nothing at the top level).
    ///
    /// - Complexity: O(end − start): one parse.
    static func settledLines(_ source: [UInt8], from start: Int, to end: Int, opener: [UInt8], column: Int,
                             definitions: [UInt8]) -> (inlines: [Inline], lineBreak: Inline)? {
        guard start < end, end <= source.count, source[end - 1] == 0x0A || source[end - 1] == 0x0D,
              !ResumeContext.mayHoldDelimiterRow(source[start..<end]),
              !MathSpans.leavesOpen(source[start..<end]) else { return nil }
        let standIn = ResumeContext.paragraphStandIn(column: column)
        let slice = Array(source[start..<end]) + standIn.dropLast()
        let context = opener + standIn
        let parsed = SliceParser.parse(prefix: definitions, context: context[...], slice: slice[...], base: start).entries
        let blocks: [Block]
        if opener.isEmpty {
            blocks = parsed.map(\.block)
        } else {
            guard parsed.count == 1, parsed[0].block.children.count == 1 else { return nil }
            blocks = parsed[0].block.children[0].children
        }
        let letter = Inline.text(String(UnicodeScalar(ResumeContext.standInLetter)))
        guard blocks.count == 1, case .paragraph(let inlines) = blocks[0].kind, inlines.count > 4,
              inlines[0] == letter, inlines[1] == .softBreak, inlines[inlines.count - 1] == letter else { return nil }
        let lineBreak = inlines[inlines.count - 2]
        guard lineBreak == .softBreak || lineBreak == .hardBreak else { return nil }
        let lines = Array(inlines[2..<(inlines.count - 2)])
        return isSettled(lines) ? (lines, lineBreak) : nil
    }

    /// Whether nothing in `inlines` can be matched by text after them: no text holds a character
    /// that opens emphasis, strikethrough, a code span, a link or raw HTML (those left unmatched
    /// stay in the text), and no link or image is followed by a `(`.
    static func isSettled(_ inlines: [Inline]) -> Bool {
        var afterLink = false
        for inline in inlines {
            switch inline {
            case .text(let text):
                if afterLink, text.utf8.first == 0x28 { return false }
                for byte in text.utf8 {
                    switch byte {
                    case 0x2A, 0x5F, 0x7E, 0x60, 0x5B, 0x5D, 0x3C: return false  // * _ ~ ` [ ] <
                    default: continue
                    }
                }
            case .emphasis(let children), .strong(let children), .strikethrough(let children):
                guard isSettled(children) else { return false }
            case .link(_, _, let children), .image(_, _, let children), .htmlElement(_, let children):
                guard isSettled(children) else { return false }
            case .code, .autolink, .softBreak, .hardBreak, .html, .math, .footnoteReference:
                break
            }
            afterLink = if case .link = inline { true } else if case .image = inline { true } else { false }
        }
        return true
    }
}
