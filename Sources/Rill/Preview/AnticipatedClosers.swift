/// Where closers go, shown as if already written, in the text of a leaf still being written,
/// and which: the leaf is then parsed with them so that text typed after `**` shows bold at
/// once instead of showing the asterisks and redrawing the line without them when the closing
/// `**` arrives.
struct AnticipatedClosing: Equatable, Sendable {
    /// The offset in the text the closers go at: after the leaf's last character that is not
    /// a space (a closer after a space closes nothing), before a heading's closing `#`s.
    var offset: Int
    /// The closers, innermost first.
    var closers: [UInt8]
}

/// Anticipates the closers of what is left open at the end of a leaf being written, following
/// CommonMark's (cmark-gfm 0.29's) reading of the text (see ``DelimiterReading``).
///
/// A closer is anticipated only for an opener cmark would take as one, so that the text shown
/// is the text written less those openers' delimiters:
/// - a `*`, `_` or `~~` run left on the delimiter stack that can open (left-flanking; `_` not
///   inside a word), and that cannot also close: a run inside a word (`2*3`, `a**b`) stays as
///   written, since it is more often arithmetic or a glob than emphasis; a single `~` (GFM
///   strikes through with it too) stays, since models write `~5 min` for "about";
/// - a code span for the first backtick run that opens nothing, after the last code span, link
///   or autolink, once text follows it (a lone backtick opens nothing yet), when its text reads
///   the same as code: no backslash escape, entity or hard line break in it;
/// - nothing inside an autolink, raw HTML or inline link destination the text ends in.
///
/// The closers are then checked by reading the closed text again: every closer must be used,
/// and no delimiter the text hid may show; when they fail, fewer are tried (without the
/// outermost one or two, or the innermost alone: a closer run that joins the next one's, `*`
/// then `**`, can read otherwise).
enum AnticipatedClosers {
    /// The closing of `leaf`, the last open leaf as the text reads (a paragraph, an ATX
    /// heading, or the last cell of a table row), being written on the line that starts at
    /// `lineStart`; nil when nothing is left open, or for another kind of leaf.
    ///
    /// `scanStart`, when given, is where to read a paragraph from instead of its start: nothing
    /// may be left open before it (a paragraph's settled lines, see ``Block/settledInlines``).
    ///
    /// - Complexity: O(n) in the leaf's text from `scanStart`, times the closers tried.
    static func closing(for leaf: Block, lineStart: Int, scanStart: Int? = nil, in source: [UInt8]) -> AnticipatedClosing? {
        switch leaf.kind {
        case .paragraph:
            return paragraph(from: max(scanStart ?? leaf.range.lowerBound, leaf.range.lowerBound), in: source)
        case .heading:
            return atxHeading(from: leaf.range.lowerBound, in: source)
        case .tableCell:
            return lastCell(ofRowFrom: lineStart, in: source)
        case .codeBlock, .htmlBlock, .thematicBreak, .blockQuote, .list, .item, .table, .tableRow:
            return nil
        }
    }

    /// The closing of a paragraph whose text runs from `start` to the end of `source`.
    static func paragraph(from start: Int, in source: [UInt8]) -> AnticipatedClosing? {
        let end = endTrimmingSpaces(source.count, notBefore: start, in: source)
        return closing(source[start..<end], at: end)
    }

    /// The closing of an ATX heading starting at `start` (its `#`s) and running to the end of
    /// `source`; nil for a setext heading.
    static func atxHeading(from start: Int, in source: [UInt8]) -> AnticipatedClosing? {
        var contentStart = start
        while contentStart < source.count, source[contentStart] == UInt8(ascii: "#") { contentStart += 1 }
        guard contentStart > start, contentStart - start <= 6,
              contentStart == source.count || isSpace(source[contentStart]) else { return nil }
        while contentStart < source.count, isSpace(source[contentStart]) { contentStart += 1 }
        var end = endTrimmingSpaces(source.count, notBefore: contentStart, in: source)
        // A closing sequence: `#`s after a space (or making the whole content).
        var hashes = end
        while hashes > contentStart, source[hashes - 1] == UInt8(ascii: "#") { hashes -= 1 }
        if hashes < end, hashes == contentStart || isSpace(source[hashes - 1]) {
            end = endTrimmingSpaces(hashes, notBefore: contentStart, in: source)
        }
        return closing(source[contentStart..<end], at: end)
    }

    /// The closing of the last cell of the table row being written on the line starting at
    /// `lineStart`: the text after its last unescaped `|` (cmark-gfm splits a row there before
    /// it reads each cell's inlines); nil when the line ends with a `|` (that cell is closed).
    static func lastCell(ofRowFrom lineStart: Int, in source: [UInt8]) -> AnticipatedClosing? {
        var cellStart = lineStart
        while cellStart < source.count, isSpace(source[cellStart]) || source[cellStart] == UInt8(ascii: ">") {
            cellStart += 1
        }
        var index = cellStart
        while index < source.count {
            if source[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if source[index] == UInt8(ascii: "|") { cellStart = index + 1 }
            index += 1
        }
        while cellStart < source.count, isSpace(source[cellStart]) { cellStart += 1 }
        let end = endTrimmingSpaces(source.count, notBefore: cellStart, in: source)
        return closing(source[cellStart..<end], at: end)
    }

    private static func closing(_ text: ArraySlice<UInt8>, at end: Int) -> AnticipatedClosing? {
        let closers = closers(forInlineText: inlineText(text))
        return closers.isEmpty ? nil : AnticipatedClosing(offset: end, closers: closers)
    }

    /// A leaf's lines as cmark reads its inlines: each continuation line without its
    /// indentation and block-quote markers, line endings as `\n`.
    ///
    /// - Complexity: O(n) in the text's length.
    static func inlineText(_ lines: ArraySlice<UInt8>) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(lines.count)
        var index = lines.startIndex
        while index < lines.endIndex {
            let byte = lines[index]
            index += 1
            guard byte == 0x0A || byte == 0x0D else {
                text.append(byte)
                continue
            }
            if byte == 0x0D, index < lines.endIndex, lines[index] == 0x0A { index += 1 }
            text.append(0x0A)
            while index < lines.endIndex, isSpace(lines[index]) || lines[index] == UInt8(ascii: ">") { index += 1 }
        }
        return text
    }

    /// The closers of what is left open at the end of `text`, a leaf's inline text (see
    /// ``inlineText(_:)``) ending in a character that is not a space, innermost first; empty
    /// when nothing is.
    static func closers(forInlineText text: [UInt8]) -> [UInt8] {
        guard let last = text.last, !isSpace(last) else { return [] }
        // Only a backtick, `*`, `_` or `~` can be left open: a text without one is not read.
        guard text.contains(where: { $0 == UInt8(ascii: "`") || PlainTextExtension.isEmphasisDelimiter($0) }) else { return [] }
        let reading = DelimiterReading(text)
        let limit = reading.unfinished ?? text.count
        var plan: [(byte: UInt8, count: Int)] = []
        var codeOpener: Range<Int>?
        if let ticks = reading.unmatchedTicks.first(where: { $0.lowerBound >= reading.barrier }),
           ticks.upperBound < min(limit, text.count), readsAsCode(text[ticks.upperBound...]) {
            codeOpener = ticks
            plan.append((UInt8(ascii: "`"), ticks.count))
        }
        let before = codeOpener?.lowerBound ?? limit
        for run in reading.runs.reversed() where run.leftOpen > 0 && run.start < before && !run.canClose
            && (run.byte != UInt8(ascii: "~") || run.length == 2) {
            plan.append((run.byte, run.leftOpen))
        }
        guard let innermost = plan.first else { return [] }
        // All of them; failing that, without the outermost one or two; or the innermost alone.
        let unclosable = unclosableLastRun(text)
        var tried: Set<Int> = []
        for count in [plan.count, plan.count - 1, plan.count - 2, 1] where count > 0 && tried.insert(count).inserted {
            if let unclosable, innermost.byte == unclosable,
               !plan.prefix(count).drop(while: { $0.byte == unclosable }).contains(where: { $0.byte == unclosable }) {
                continue
            }
            var closers: [UInt8] = []
            for run in plan.prefix(count) { closers += repeatElement(run.byte, count: run.count) }
            if hidesOnlyDelimiters(closers, after: text, reading: reading, codeOpener: codeOpener) { return closers }
        }
        return []
    }

    /// The byte of the `*`, `_` or `~` run `text` ends with when that run follows a space (or
    /// starts the text): closers that start with that byte join it, and the run they make
    /// cannot close (it is not right-flanking) nor be closed when no closer of that byte comes
    /// after it; its delimiters, and the closers, would show. Such closers are not read again.
    private static func unclosableLastRun(_ text: [UInt8]) -> UInt8? {
        guard let byte = text.last, PlainTextExtension.isEmphasisDelimiter(byte) else { return nil }
        var start = text.count - 1
        while start > 0, text[start - 1] == byte { start -= 1 }
        return FlankingCharacters.isWhitespace(FlankingCharacters.scalar(before: start, in: text)) ? byte : nil
    }

    /// Whether `content` reads as code as it reads as text, less the delimiters: no backslash
    /// escape, entity or hard line break, which text reads otherwise than code shows them, nor
    /// the start of one at its end (a backslash, `&` and letters), which the next characters
    /// may complete.
    private static func readsAsCode(_ content: ArraySlice<UInt8>) -> Bool {
        var index = content.startIndex
        while index < content.endIndex {
            let byte = content[index]
            let next = content.index(after: index)
            switch byte {
            case UInt8(ascii: "\\"):
                guard next < content.endIndex else { return false }
                if FlankingCharacters.isASCIIPunctuation(content[next]) || content[next] == 0x0A { return false }
            case UInt8(ascii: "&"):
                var end = next
                while end < content.endIndex, end - next < 32,
                      content[end] == UInt8(ascii: "#") || isAlphanumeric(content[end]) { end += 1 }
                if end == content.endIndex || (end > next && content[end] == UInt8(ascii: ";")) { return false }
            case 0x0A:
                if index - content.startIndex >= 2, content[index - 1] == 0x20, content[index - 2] == 0x20 { return false }
            default:
                break
            }
            index = next
        }
        return true
    }

    /// Whether `text` followed by `closers` reads as `text` does (`reading`) but for the
    /// openers the closers close: every closer used, no delimiter shown that the text hid, and
    /// the code spans the same but for the one `codeOpener` opens, if the closers start with it.
    private static func hidesOnlyDelimiters(_ closers: [UInt8], after text: [UInt8], reading: DelimiterReading,
                                            codeOpener: Range<Int>?) -> Bool {
        let closed = DelimiterReading(text + closers)
        let end = text.count
        var spans = reading.codeSpans
        var spanStart = Int.max
        var closerTicks = 0
        if let codeOpener, closers.first == UInt8(ascii: "`") {
            spans.append(codeOpener.lowerBound..<(end + codeOpener.count))
            spanStart = codeOpener.lowerBound
            closerTicks = codeOpener.count
        }
        guard closed.codeSpans == spans else { return false }
        // The text's runs: inside the new code span they show whole, so they must have; before
        // it, each shows no more than it did (joined by closers, it hides them too).
        var hiddenCloserBytes = closerTicks
        var earlier = reading.runs.makeIterator()
        for run in closed.runs {
            if run.start >= end {
                guard run.consumed == run.length else { return false }
                hiddenCloserBytes += run.length
                continue
            }
            guard let before = earlier.next(), before.start == run.start, before.byte == run.byte,
                  run.length - run.consumed <= before.length - before.consumed else { return false }
            if run.end > end { hiddenCloserBytes += run.end - end } else if run.length != before.length { return false }
        }
        while let before = earlier.next() {
            guard before.start >= spanStart, before.consumed == 0 else { return false }
        }
        return hiddenCloserBytes == closers.count
    }

    private static func endTrimmingSpaces(_ end: Int, notBefore start: Int, in source: [UInt8]) -> Int {
        var index = end
        while index > start, isSpace(source[index - 1]) { index -= 1 }
        return index
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z"))
    }
}
