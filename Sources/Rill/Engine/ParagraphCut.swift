/// The settled start of the open top-level paragraph: complete lines whose inlines nothing written
/// later can change, kept as inlines, so that a frame hands cmark only the lines after them.
///
/// An open paragraph is otherwise parsed again from its first line at every frame that parses,
/// which makes one long paragraph quadratic. Inline structure can reach across lines (emphasis,
/// code spans, links, raw HTML), so lines are settled only when nothing in them can still be
/// matched by text that follows: every text node is free of the characters that open those
/// constructs (`*`, `_`, `~`, `` ` ``, `[`, `]`, `<`) and no link is followed by a `(` that a
/// destination on the next line could still take (see ``isSettled(_:)``). Anything else in them
/// (closed emphasis, code spans, links, autolinks, breaks, entities, escapes) is final.
///
/// The lines after the cut are parsed as the continuation of a one-letter line (`x`) that stands
/// in for the settled ones: each of them is then still a continuation line, read exactly as in
/// the whole paragraph (a line that could start a block interrupts both alike, one that cannot
/// continues both alike). The stand-in could only differ from the real last line as a table
/// header, so a slice holding a line that could be a table's delimiter row is not cut; a slice
/// that no longer parses to that paragraph continued (a setext underline made it a heading) is
/// not cut either, and the engine parses the paragraph whole.
public struct ParagraphCut: Sendable {
    /// Stream offset of the paragraph's first line (the frontier while it is open).
    let paragraphStart: Int
    /// Stream offset where the paragraph's text starts (after up to three spaces of indent).
    let blockStart: Int
    /// Stream offset of the first line not settled.
    private(set) var offset: Int
    /// Inlines of the settled lines, without the break that ends the last of them.
    private(set) var inlines: [Inline]
    /// The break that ends the last settled line (hard after two spaces or a backslash).
    private(set) var lineBreak: Inline

    /// Bytes of unsettled lines worth settling in one parse: smaller steps would parse the lines
    /// once more for little saving, larger ones leave more to parse again at every frame.
    public static let settleStep = 192

    /// The stand-in for the settled lines.
    private static let standIn: [UInt8] = [0x78, 0x0A]  // "x\n"
    /// Bytes the stand-in adds to a parse.
    static var standInCount: Int { standIn.count }

    /// A cut of the paragraph starting at `start` after its lines up to `end` (a line start), or
    /// nil when they are not settled.
    ///
    /// - Complexity: O(end − start): one parse of those lines.
    static func settling(_ source: [UInt8], paragraphStart start: Int, blockStart: Int, upTo end: Int,
                         definitions: [UInt8]) -> ParagraphCut? {
        guard let (inlines, lineBreak) = settledLines(source, from: start, to: end, definitions: definitions) else {
            return nil
        }
        return ParagraphCut(paragraphStart: start, blockStart: blockStart, offset: end, inlines: inlines,
                            lineBreak: lineBreak)
    }

    /// Settles the lines from ``offset`` up to `end` (a line start) too; false, and unchanged,
    /// when they are not settled.
    ///
    /// - Complexity: O(end − offset).
    mutating func settle(_ source: [UInt8], upTo end: Int, definitions: [UInt8]) -> Bool {
        guard end > offset, let (more, nextBreak) = Self.settledLines(source, from: offset, to: end, definitions: definitions) else {
            return false
        }
        inlines.append(lineBreak)
        inlines += more
        lineBreak = nextBreak
        offset = end
        return true
    }

    /// The top-level blocks of the paragraph's text up to `end` (plus `extra`, a probe): the
    /// paragraph, put together from the settled inlines and a parse of the lines after them,
    /// then any block that follows it. Nil when the lines after the cut cannot be parsed apart
    /// (see the type's summary): the paragraph must be parsed whole.
    ///
    /// - Complexity: O(end − offset) to parse, plus a copy of the settled inlines.
    func entries(_ source: [UInt8], end: Int, extra: [UInt8], definitions: [UInt8]) -> [ParsedSlice.Entry]? {
        guard offset < end, end <= source.count, !Self.mayHoldDelimiterRow(source[offset..<end]) else { return nil }
        let slice = extra.isEmpty ? source[offset..<end] : (Array(source[offset..<end]) + extra)[...]
        var entries = SliceParser.parse(prefix: definitions, context: Self.standIn[...], slice: slice, base: offset).entries
        guard var first = entries.first, first.inContext, case .paragraph(let parsed) = first.block.kind,
              parsed.count > 2, parsed[0] == .text("x"), parsed[1] == .softBreak else { return nil }
        first.block.kind = .paragraph(inlines + [lineBreak] + parsed[2...])
        // The settled lines' inlines and the break after them: final, and no text in them
        // holds a `]` (see ``isSettled(_:)``).
        first.block.settledInlines = inlines.count + 1
        first.block.range = blockStart..<max(blockStart, first.block.range.upperBound)
        first.lineStart = paragraphStart
        first.startsOnCompleteLine = true
        first.inContext = false
        entries[0] = first
        return entries
    }

    /// The inlines of lines `start..<end` of an open paragraph, and the break that ends the last,
    /// when they are settled: parsed between two stand-in lines, so that they are read as
    /// continuation lines followed by another line, as they are in the paragraph.
    private static func settledLines(_ source: [UInt8], from start: Int, to end: Int,
                                     definitions: [UInt8]) -> ([Inline], Inline)? {
        guard start < end, end <= source.count, source[end - 1] == 0x0A || source[end - 1] == 0x0D,
              !mayHoldDelimiterRow(source[start..<end]) else { return nil }
        let slice = Array(source[start..<end]) + [0x78]
        let entries = SliceParser.parse(prefix: definitions, context: standIn[...], slice: slice[...], base: start).entries
        guard entries.count == 1, case .paragraph(let parsed) = entries[0].block.kind, parsed.count > 4,
              parsed[0] == .text("x"), parsed[1] == .softBreak, parsed[parsed.count - 1] == .text("x") else { return nil }
        let lineBreak = parsed[parsed.count - 2]
        guard lineBreak == .softBreak || lineBreak == .hardBreak else { return nil }
        let lines = Array(parsed[2..<(parsed.count - 2)])
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
            case .link(_, _, let children), .image(_, _, let children):
                guard isSettled(children) else { return false }
            case .code, .autolink, .softBreak, .hardBreak, .html:
                break
            }
            afterLink = if case .link = inline { true } else if case .image = inline { true } else { false }
        }
        return true
    }

    /// Whether a line of `text` could be a table's delimiter row (only `|`, `:`, `-`, spaces and
    /// tabs, with a `-`): under the stand-in it would be read against another header line.
    static func mayHoldDelimiterRow(_ text: ArraySlice<UInt8>) -> Bool {
        var onlyRowBytes = true, hasDash = false
        for byte in text {
            switch byte {
            case 0x0A, 0x0D:
                if onlyRowBytes, hasDash { return true }
                onlyRowBytes = true
                hasDash = false
            case 0x2D: hasDash = true
            case 0x7C, 0x3A, 0x20, 0x09: continue
            default: onlyRowBytes = false
            }
        }
        return onlyRowBytes && hasDash
    }
}
