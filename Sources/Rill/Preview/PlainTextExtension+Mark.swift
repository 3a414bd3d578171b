/// The mark a view gets when it can be extended: whether the text it ends with is a paragraph,
/// a one-line heading or a table row's last cell whose last text new plain words go into, and
/// what of the text already written decides which bytes may be added without a parse.
extension PlainTextExtension {
    /// A view that can be extended: the text's length when it was made, and where its incomplete
    /// last line starts.
    struct Mark: Sendable, Equatable {
        var end: Int
        var lineStart: Int
        /// Whether the paragraph holds a `]`, after which a `)` may close a link.
        var holdsBracket: Bool
        /// Which of `*`, `_` and `~` the paragraph holds (a run of one may open emphasis that a
        /// run of the same closes inside a code span shown closed).
        var heldDelimiters: Set<UInt8> = []
        /// Whether a quote may close a link reference definition's title: the paragraph starts
        /// like a definition (`[`) or like a title on the line after one (`'`, `"`, `(`).
        var mayHoldTitle: Bool
        /// Whether the text is a heading's, where `#` may start a closing sequence.
        var isHeading = false
        /// How many inlines shown closed (see ``AnticipatedClosers``) the text goes into.
        var openDepth = 0
        /// For a table row being written: the cells it holds so far, which `|` may add to.
        var row: RowState?
        /// Whether the text ends in a closed inline that is not text (a code span, emphasis, an
        /// autolink or HTML): words added after a space become a new text after it.
        var startsText = false
        /// For a paragraph whose text goes into a code span left open (its only inline shown
        /// closed) opened on the incomplete line: where the span's content starts, and how many
        /// backticks opened it (a run as long closes it).
        var openCodeStart: Int?
        var openCodeLength = 0

        /// Whether `byte` added to the paragraph is only text.
        func allows(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: ")"): !holdsBracket
            case UInt8(ascii: "'"), UInt8(ascii: "\""): !mayHoldTitle
            case UInt8(ascii: "#"): !isHeading
            default: PlainTextExtension.isPlain(byte)
            }
        }
    }

    /// A table row being written on the incomplete line, as far as the mark's text.
    struct RowState: Sendable, Equatable {
        /// The row's cells so far (all kept: the last holds text, or a `|` follows it).
        var cells: Int
        /// The table's columns: cmark-gfm drops a row's cells past them.
        var columns: Int
        /// Where the `|` after the last cell is, or nil while that cell is still being written.
        var closingPipe: Int?
    }

    /// The mark of `tail`, the view of a full parse of `source`, when it ends in a paragraph
    /// reaching the incomplete line that starts at `lineStart` with plain text at its end.
    ///
    /// The last cell of a table row being written counts as such a paragraph when the row's
    /// line starts with `|` (no block starts so) and the cell reaches the end of the text (a
    /// cell past the header's count is dropped by cmark, and text after a closing `|` starts a
    /// new cell).
    ///
    /// `closers` are those the tail was parsed with (see ``AnticipatedClosers``): the inlines
    /// they close must be the last ones, nested, one per run, for the text to go into them.
    static func mark(_ tail: OpenTail, source: [UInt8], lineStart: Int, closers: [UInt8] = []) -> Mark? {
        let contentEnd = source.endTrimmingSpaces(source.count, notBefore: lineStart)
        guard contentEnd > lineStart, let (leaf, parent, grandparent) = lastLeaf(tail),
              leaf.range.upperBound > lineStart else { return nil }
        let runs = closerRuns(closers)
        // A backtick shown as text may open a code span shown closed once words follow it (see
        // ``AnticipatedClosers``): such a leaf is parsed.
        if !closers.contains(UInt8(ascii: "`")), leaf.kind.inlines.map(showsBacktick) ?? false { return nil }
        var isHeading = false
        var startsText = false
        var openCode: (start: Int?, length: Int) = (nil, 0)
        var rowState: RowState?
        switch leaf.kind {
        case .paragraph(let inlines):
            // The line's start is decided once its first word is complete, or once something
            // other than text stands before the text being extended on its line.
            guard let open = openText(inlines, runs: runs[...], afterOpener: false),
                  open.followsContent || hasSpaceAfterWord(open.literal)
                    || startsWithLetter(source[lineStart..<contentEnd]) else { return nil }
            startsText = open.startsText
            // Closing the span may let a delimiter run before it be shown closed too (`**` then
            // code, then words): only a paragraph without such bytes before the span is closed
            // without a parse.
            if runs.count == 1, runs[0].byte == UInt8(ascii: "`"),
               let start = openerEnd(length: runs[0].count, in: source[lineStart..<contentEnd]),
               leaf.range.lowerBound <= start, !source[leaf.range.lowerBound..<start].contains(where: PlainTextExtension.isEmphasisDelimiter) {
                openCode = (start, runs[0].count)
            }
        case .heading(_, let inlines):
            // A one-line (ATX) heading on the incomplete line, not ending in a `#` that a word
            // after it would make part of the text.
            guard leaf.range.lowerBound >= lineStart, source[contentEnd - 1] != UInt8(ascii: "#"),
                  let open = openText(inlines, runs: runs[...], afterOpener: false) else { return nil }
            isHeading = true
            startsText = open.startsText
        case .tableCell(let inlines):
            // Its text, or a code span or other closed inline that words after a space follow.
            guard runs.isEmpty, let last = inlines.last, leaf.range.upperBound >= contentEnd,
                  TailStabilizer.content(of: source[lineStart..<contentEnd]).first == UInt8(ascii: "|"),
                  let row = parent, case .tableRow = row.kind, case .table(let alignments)? = grandparent?.kind
            else { return nil }
            rowState = RowState(cells: row.children.count, columns: alignments.count, closingPipe: nil)
            if case .text = last {} else {
                guard endsContent(last) else { return nil }
                startsText = true
            }
        default:
            return nil
        }
        let text = source[leaf.range.clamped(to: 0..<source.count)]
        let mayHoldTitle = TailStabilizer.content(of: text).first.map { "['\"(".utf8.contains($0) } ?? false
        return Mark(end: source.count, lineStart: lineStart, holdsBracket: text.contains(UInt8(ascii: "]")),
                    heldDelimiters: openCode.start == nil ? [] : Set(text.filter(PlainTextExtension.isEmphasisDelimiter)),
                    mayHoldTitle: mayHoldTitle, isHeading: isHeading, openDepth: runs.count, row: rowState,
                    startsText: startsText, openCodeStart: openCode.start, openCodeLength: openCode.length)
    }

    /// Whether a text among `inlines` (or inside them) holds a backtick.
    private static func showsBacktick(_ inlines: [Inline]) -> Bool {
        inlines.contains { inline in
            if case .text(let text) = inline { return text.utf8.contains(UInt8(ascii: "`")) }
            return showsBacktick(inline.children)
        }
    }

    /// A run of closers: the byte and how many.
    private typealias Run = (byte: UInt8, count: Int)

    /// `closers` as runs, innermost first.
    private static func closerRuns(_ closers: [UInt8]) -> [Run] {
        var runs: [Run] = []
        for byte in closers {
            if let last = runs.last, last.byte == byte { runs[runs.count - 1].count += 1 } else { runs.append((byte, 1)) }
        }
        return runs
    }

    /// The text new words go into: the last inline, or, with `runs` (innermost first) shown
    /// closed, the last inline inside the ones they close, each the last of its parent and of
    /// the kind its run makes (`*`/`_` emphasis, `**`/`__` strong, `~~` strikethrough, backticks a
    /// code span). Also whether something stands before it on its line that no word added can
    /// turn into the start of a block (a code span, emphasis, an autolink or HTML, the opener
    /// of an inline shown closed; not text, a line break, or a link, which may be a definition's label).
    ///
    /// With no run shown closed, the last inline may also be such a closed inline: then there
    /// is no text yet (`startsText`), and words after a space start one. Added after a space,
    /// they leave its closing delimiters as flanking as the end of the text did.
    private static func openText(_ inlines: [Inline], runs: ArraySlice<Run>,
                                 afterOpener: Bool) -> (literal: String, followsContent: Bool, startsText: Bool)? {
        guard let last = inlines.last else { return nil }
        guard let run = runs.last else {
            guard case .text(let literal) = last else {
                // Not a link or image either: `[x]` opening an item, then ` done`, is a task.
                guard !afterOpener, endsContent(last) else { return nil }
                return ("", true, true)
            }
            guard inlines.count >= 2 else { return (literal, afterOpener, false) }
            // Not a link or image: `[foo]` starting a paragraph, then `: /url`, is a definition.
            return (literal, endsContent(inlines[inlines.count - 2]), false)
        }
        let inner = runs.dropLast()
        switch (last, run.byte, run.count) {
        case (.code(let literal), UInt8(ascii: "`"), _) where inner.isEmpty:
            return (literal, true, false)
        case (.emphasis(let children), UInt8(ascii: "*"), 1), (.emphasis(let children), UInt8(ascii: "_"), 1),
             (.strong(let children), UInt8(ascii: "*"), 2), (.strong(let children), UInt8(ascii: "_"), 2),
             (.strikethrough(let children), UInt8(ascii: "~"), 2):
            return openText(children, runs: inner, afterOpener: true)
        default:
            return nil
        }
    }

    /// Whether `inline` is one that no word added after it can make part of a block's start or
    /// of a definition: a code span, emphasis, strong emphasis, strikethrough, an autolink or HTML.
    static func endsContent(_ inline: Inline) -> Bool {
        switch inline {
        case .code, .emphasis, .strong, .strikethrough, .autolink, .html: true
        default: false
        }
    }

    /// Where the content of a code span opened by a run of `length` backticks in `line` and left
    /// open starts: after the last run of exactly that length (a later one would have closed
    /// it); nil when there is none.
    private static func openerEnd(length: Int, in line: ArraySlice<UInt8>) -> Int? {
        let tick = UInt8(ascii: "`")
        var index = line.endIndex
        while index > line.startIndex {
            guard line[index - 1] == tick else {
                index -= 1
                continue
            }
            let end = index
            while index > line.startIndex, line[index - 1] == tick { index -= 1 }
            if end - index == length { return end }
        }
        return nil
    }

    /// Whether `text` (the paragraph's last text, on its last line) holds a space or tab after
    /// something else: the line's first word is complete, so the line is no longer read as the
    /// start of something (`1.` + ` item` starts a list, `[x]` + ` done` a task, in an item).
    private static func hasSpaceAfterWord(_ text: String) -> Bool {
        var sawWord = false
        var rest = text.utf8[...]
        if rest.first == UInt8(ascii: "[") {
            // A task marker holds a space (`[ ]`): the word is the bracket, up to its `]`.
            guard let close = rest.firstIndex(of: UInt8(ascii: "]")) else { return false }
            rest = rest[rest.index(after: close)...]
            sawWord = true
        }
        for byte in rest {
            if byte == 0x20 || byte == 0x09 {
                if sawWord { return true }
            } else {
                sawWord = true
            }
        }
        return false
    }

    /// Whether the content of `line`, after quote markers, list markers and a task box, starts
    /// with an ASCII letter: no block starts so, whatever follows on the line.
    private static func startsWithLetter(_ line: ArraySlice<UInt8>) -> Bool {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        var rest = TailStabilizer.content(of: line)
        while let first = rest.first {
            switch first {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                return true
            case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard let (_, after) = ListMarkerSyntax.parse(rest), let space = after.first, isSpace(space) else {
                    return false
                }
                rest = TailStabilizer.content(of: after)
            case UInt8(ascii: "["):
                let box = Array(rest.prefix(4))
                guard box.count == 4, box[2] == UInt8(ascii: "]"), " xX".utf8.contains(box[1]), isSpace(box[3]) else { return false }
                rest = TailStabilizer.content(of: rest.dropFirst(4))
            default:
                return false
            }
        }
        return false
    }

    /// The text ``lastLeaf(_:)``'s leaf ends with (``Block/lastText``), found without copying
    /// a block on the way.
    ///
    /// - Complexity: O(depth).
    static func lastLeafText(_ tail: OpenTail) -> String? {
        if let last = tail.trailing.indices.last { return tail.trailing[last].lastText }
        if let growing = tail.growing {
            guard case .children(_, let open) = growing.content, let last = open.indices.last else { return nil }
            return open[last].lastText
        }
        guard let last = tail.leading.indices.last else { return nil }
        return tail.leading[last].lastText
    }

    /// The last open block followed down to its last descendant, with that leaf's parent and
    /// grandparent (for a table cell, its row and table; a growing block's head counts as the
    /// parent of its open children).
    static func lastLeaf(_ tail: OpenTail) -> (leaf: Block, parent: Block?, grandparent: Block?)? {
        var parent: Block?
        var block: Block?
        if let last = tail.trailing.last {
            block = last
        } else if let growing = tail.growing {
            guard case .children(_, let open) = growing.content else { return nil }
            (parent, block) = (growing.head, open.last)
        } else {
            block = tail.leading.last
        }
        var grandparent: Block?
        while let current = block, let last = current.children.last {
            (grandparent, parent, block) = (parent, current, last)
        }
        return block.map { ($0, parent, grandparent) }
    }
}
