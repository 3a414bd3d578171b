/// Shows a paragraph (or the last cell of a table row) whose incomplete last line grew by plain
/// words without parsing it again.
///
/// Most frames of a model's answer add a few words to the paragraph being written. When the
/// bytes since the last frame are only letters, digits, spaces, non-ASCII text and punctuation
/// that means nothing inline on its own (`. , ! ? ; - ( / = # + % $ ^`; a `)` only in a
/// paragraph without `]`, and `'` or `"` only in one that cannot hold a definition's title: not
/// starting with `[`, `'`, `"` or `(`), added to the incomplete last line of a paragraph whose
/// last inline is plain text, cmark parses the paragraph to the same inlines with that text
/// longer, because such bytes
/// - start no block: the line's start decides that, and the last text must already hold a space
///   after a word (`1.` or `- [x]` followed by a space start a list item or a task), and the
///   line is checked again as the engine checks an incomplete line (bare number, marker,
///   definition);
/// - open or close no delimiter, code span, link, entity or escape, and end no line (a link's
///   destination and title need a `)` after a `]`; non-ASCII text next to a delimiter run changes
///   its flanking, but a word joined must be plain, and a space is ASCII);
/// - start no autolink: `http:` and `@` need bytes not allowed, and `www.` is looked for in
///   the words they make, including the word they join (the last frame's last word, when no
///   space comes between), which must hold only such bytes too;
/// - and spaces after a word read like the end of the text, which cmark takes as whitespace,
///   while trailing spaces are trimmed from a paragraph's last line.
/// The same holds inside emphasis, strong emphasis, strikethrough or a code span left open at
/// the end and shown closed (``AnticipatedClosers``): such bytes change no delimiter's flanking
/// (a run right before them would join their word, which must then be plain), so the closers
/// stay the same and the text goes into the innermost open one. And it holds for a one-line ATX
/// heading, whose line start is decided, when the bytes hold no `#` (a closing sequence).
///
/// A table row being written (its line starts with `|`, so no block starts there) may also get
/// `|`: cmark-gfm splits a row at unescaped pipes before it parses each cell's inlines, so a pipe
/// ends the cell being written and plain words after it are a new cell's text, until an empty
/// cell in the middle, a cell past the table's columns or any other byte asks for a parse.
///
/// The engine checks the result against full parses in its tests (every frame, every Corpus
/// document, several chunk sizes).
enum PlainTextExtension {
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
               leaf.range.lowerBound <= start, !source[leaf.range.lowerBound..<start].contains(where: { "*_~".utf8.contains($0) }) {
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
                    heldDelimiters: Set(text.filter { "*_~".utf8.contains($0) }),
                    mayHoldTitle: mayHoldTitle, isHeading: isHeading, openDepth: runs.count, row: rowState,
                    startsText: startsText, openCodeStart: openCode.start, openCodeLength: openCode.length)
    }

    /// Whether `byte` may end an escape, entity, raw HTML or an autolink (`>` after a `<`), or
    /// a link (`]`, or `)` after a `]`).
    private static func mayEndInline(_ byte: UInt8, holdsBracket: Bool, holdsAngle: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: ")"): holdsBracket
        case UInt8(ascii: ">"): holdsAngle
        default: "\\&]".utf8.contains(byte)
        }
    }

    /// Whether a text among `inlines` (or inside them) holds a backtick.
    private static func showsBacktick(_ inlines: [Inline]) -> Bool {
        inlines.contains { inline in
            if case .text(let text) = inline { return text.utf8.contains(UInt8(ascii: "`")) }
            return showsBacktick(inline.children)
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
    private static func endsContent(_ inline: Inline) -> Bool {
        switch inline {
        case .code, .emphasis, .strong, .strikethrough, .autolink, .html: true
        default: false
        }
    }

    /// `inlines` with `text` added to the text ``openText(_:runs:afterOpener:)`` finds, `depth`
    /// inlines down; with `startsText`, as a new text after the last inline (none for no text).
    private static func appending(_ text: String, to inlines: [Inline], depth: Int, startsText: Bool) -> [Inline]? {
        guard let last = inlines.last else { return nil }
        var result = inlines
        if startsText {
            guard depth == 0, endsContent(last) else { return nil }
            if !text.isEmpty { result.append(.text(text)) }
            return result
        }
        switch last {
        case .text(let literal) where depth == 0: result[result.count - 1] = .text(literal + text)
        case .code(let literal) where depth == 1: result[result.count - 1] = .code(literal + text)
        case .emphasis(let children) where depth > 0:
            guard let grown = appending(text, to: children, depth: depth - 1, startsText: false) else { return nil }
            result[result.count - 1] = .emphasis(grown)
        case .strong(let children) where depth > 0:
            guard let grown = appending(text, to: children, depth: depth - 1, startsText: false) else { return nil }
            result[result.count - 1] = .strong(grown)
        case .strikethrough(let children) where depth > 0:
            guard let grown = appending(text, to: children, depth: depth - 1, startsText: false) else { return nil }
            result[result.count - 1] = .strikethrough(grown)
        default:
            return nil
        }
        return result
    }

    /// `tail` with the text added since `mark` appended to its last paragraph, and the mark for
    /// the text as it now ends; nil when those bytes may mean more than text (then the caller
    /// parses).
    ///
    /// In a table row a `|` may come too. cmark-gfm splits a row at its unescaped pipes before it
    /// parses each cell's inlines, so a pipe ends the cell being written (its range stops there,
    /// its text is trimmed), and plain words after it make a new cell (see
    /// ``rowCells(after:in:row:)``).
    ///
    /// - Complexity: O(bytes added + the incomplete line + depth of the last block).
    static func extended(_ tail: OpenTail, mark: Mark, source: [UInt8]) -> (tail: OpenTail, mark: Mark)? {
        guard mark.end < source.count, mark.end > mark.lineStart else { return nil }
        if let contentStart = mark.openCodeStart, source[mark.end...].contains(UInt8(ascii: "`")) {
            return closingCode(tail, mark: mark, contentStart: contentStart, source: source)
        }
        let added = source[mark.end...]
        // The text being written ends at the first pipe (table rows only), or where it ended
        // when a pipe closed the last cell already.
        let firstPipe = mark.row == nil ? nil : added.firstIndex(of: UInt8(ascii: "|"))
        let cellOpen = mark.row?.closingPipe == nil
        let textEnd = cellOpen ? (firstPipe ?? source.count) : mark.end
        // Inside a code span every byte is text but a line ending (a backtick went above) and
        // one that may end an escape, entity, raw HTML, autolink, link or emphasis, which text
        // reads otherwise: a code span left open is not shown closed over those (see
        // ``AnticipatedClosers``).
        let inCode = mark.openCodeStart != nil
        var heldDelimiters = mark.heldDelimiters
        if inCode {
            let holdsAngle = source[(mark.openCodeStart ?? mark.end)..<textEnd].contains(UInt8(ascii: "<"))
            for byte in source[mark.end..<textEnd] {
                guard byte != 0x0A, byte != 0x0D, !Self.mayEndInline(byte, holdsBracket: mark.holdsBracket, holdsAngle: holdsAngle)
                else { return nil }
                // A delimiter the paragraph already holds may close what that one opened.
                if "*_~".utf8.contains(byte), !heldDelimiters.insert(byte).inserted { return nil }
            }
        } else {
            guard source[mark.end..<textEnd].allSatisfy({ mark.allows($0) || $0 == 0x20 }) else { return nil }
        }
        var wordStart = mark.end
        if !inCode, textEnd > mark.end, added[added.startIndex] != 0x20 {
            // Joining the last frame's last word: all of that word must be plain too.
            wordStart = source.wordStart(before: mark.end, notBefore: mark.lineStart)
            guard source[wordStart..<mark.end].allSatisfy(mark.allows) else { return nil }
        }
        // The one autolink plain bytes can make: `www.` (any case); none in code.
        guard inCode || !containsWWW(source[wordStart...]) else { return nil }
        let oldContentEnd = source.endTrimmingSpaces(mark.end, notBefore: mark.lineStart)
        if !inCode, mark.openDepth > 0, textEnd > mark.end, oldContentEnd < mark.end || added[added.startIndex] == 0x20 {
            // The last word was shown with the closers right after it (before any spaces after
            // it), which keep a `www.` in it from being an autolink; text after a space that
            // moves them away may make it one.
            let lastWordStart = source.wordStart(before: oldContentEnd, notBefore: mark.lineStart)
            guard !containsWWW(source[lastWordStart..<oldContentEnd]) else { return nil }
        }

        var next = mark
        next.end = source.count
        next.heldDelimiters = heldDelimiters
        var newCells: [Block] = []
        if let row = mark.row, let pipe = cellOpen ? firstPipe : row.closingPipe {
            // A new cell's words are judged as text with no `[` before them and no definition.
            var cellText = mark
            cellText.holdsBracket = false
            cellText.mayHoldTitle = false
            // `\|` is text, not a cell's end.
            guard source[pipe - 1] != UInt8(ascii: "\\"),
                  let (cells, state) = rowCells(after: pipe, in: source, row: row, text: cellText) else { return nil }
            newCells = cells
            next.row = state
            next.startsText = false  // later words go into a new cell's text
            if !cells.isEmpty {
                next.holdsBracket = false
                next.mayHoldTitle = false
            }
        }

        let newContentEnd = source.endTrimmingSpaces(textEnd, notBefore: mark.lineStart)
        guard oldContentEnd > mark.lineStart else { return nil }
        let text = String(decoding: source[oldContentEnd..<newContentEnd], as: UTF8.self)
        // Once words follow the closed inline, they are the text later words go into.
        if !text.isEmpty { next.startsText = false }

        let moved = mover(mark: mark, oldContentEnd: oldContentEnd, newContentEnd: newContentEnd, end: source.count)
        let row = mark.row.map { _ in (cellOpen: cellOpen, firstPipe: firstPipe, newCells: newCells) }
        guard let result = growingLastLeaf(tail, moved: moved, row: row, grow: {
            appending(text, to: $0, depth: mark.openDepth, startsText: mark.startsText)
        }) else { return nil }
        return (result, next)
    }

    /// `tail` with the code span left open at the end of its last paragraph closed by the run of
    /// backticks added since `mark` (as long as the opener), and plain words after it as a new
    /// text; nil when the bytes may mean more (then the caller parses).
    ///
    /// Inside a code span every byte is text but a line ending; a closing run must be followed
    /// by something, as more backticks would lengthen it. The content is the text between the
    /// runs, less one space at each end when it has one at both and is not only spaces, as
    /// cmark-gfm normalizes it. Words after the span are judged as after any closed inline.
    ///
    /// - Complexity: O(the incomplete line + depth of the last block).
    private static func closingCode(_ tail: OpenTail, mark: Mark, contentStart: Int,
                                    source: [UInt8]) -> (tail: OpenTail, mark: Mark)? {
        let tick = UInt8(ascii: "`")
        guard let closer = source[mark.end...].firstIndex(of: tick) else { return nil }
        var closerEnd = closer
        while closerEnd < source.count, source[closerEnd] == tick { closerEnd += 1 }
        guard closerEnd - closer == mark.openCodeLength, closerEnd < source.count,
              !source[mark.end..<closer].contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return nil }
        let rest = source[closerEnd...]
        guard rest.allSatisfy({ mark.allows($0) || $0 == 0x20 }), !containsWWW(rest) else { return nil }

        var content = source[contentStart..<closer]
        if content.first == 0x20, content.last == 0x20, content.contains(where: { $0 != 0x20 }) {
            content = content.dropFirst().dropLast()
        }
        let code = String(decoding: content, as: UTF8.self)
        let newContentEnd = source.endTrimmingSpaces(source.count, notBefore: closerEnd)
        let text = String(decoding: source[closerEnd..<newContentEnd], as: UTF8.self)
        let oldContentEnd = source.endTrimmingSpaces(mark.end, notBefore: mark.lineStart)
        let moved = mover(mark: mark, oldContentEnd: oldContentEnd, newContentEnd: newContentEnd, end: source.count)
        guard let result = growingLastLeaf(tail, moved: moved, row: nil, grow: { inlines in
            guard case .code = inlines.last else { return nil }
            var grown = inlines
            grown[grown.count - 1] = .code(code)
            if !text.isEmpty { grown.append(.text(text)) }
            return grown
        }) else { return nil }
        var next = mark
        next.end = source.count
        next.openDepth = 0
        next.openCodeStart = nil
        next.openCodeLength = 0
        next.startsText = text.isEmpty
        next.holdsBracket = mark.holdsBracket || content.contains(UInt8(ascii: "]"))
        return (result, next)
    }

    /// How a range moves when the text that ended at `oldContentEnd` (`mark.end` with trailing
    /// spaces) now ends at `newContentEnd` (`end` with them): one that reached the old text's
    /// end reaches the new one's the same way, to the text or past trailing spaces to the end.
    private static func mover(mark: Mark, oldContentEnd: Int, newContentEnd: Int,
                              end: Int) -> (Range<Int>) -> Range<Int> {
        { range in
            guard range.upperBound >= oldContentEnd else { return range }
            return range.lowerBound..<(range.upperBound >= mark.end ? end : newContentEnd)
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

    /// `tail` with the inlines of its last leaf given by `grow`, and each range on the way to it
    /// that reached the old text's end moved by `moved`. In a table row being written (`row`),
    /// the last cell grows only while it is open (its range then stops at `firstPipe`, if a pipe
    /// came), and `newCells` follow it. Nil when `grow` gives nil.
    private static func growingLastLeaf(_ tail: OpenTail, moved: (Range<Int>) -> Range<Int>,
                                        row: (cellOpen: Bool, firstPipe: Int?, newCells: [Block])?,
                                        grow: ([Inline]) -> [Inline]?) -> OpenTail? {
        func extend(_ block: inout Block) -> Bool {
            block.range = moved(block.range)
            if let row, case .tableRow = block.kind {
                if row.cellOpen {
                    guard let last = block.children.indices.last, extend(&block.children[last]) else { return false }
                    if let pipe = row.firstPipe { block.children[last].range = block.children[last].range.lowerBound..<pipe }
                }
                block.children += row.newCells
                return true
            }
            guard let last = block.children.indices.last else {
                guard let inlines = block.kind.inlines.flatMap(grow) else { return false }
                switch block.kind {
                case .paragraph: block.kind = .paragraph(inlines)
                case .heading(let level, _): block.kind = .heading(level: level, inlines)
                case .tableCell: block.kind = .tableCell(inlines)
                default: return false
                }
                return true
            }
            return extend(&block.children[last])
        }

        var result = tail
        if !result.trailing.isEmpty {
            return extend(&result.trailing[result.trailing.count - 1]) ? result : nil
        }
        if var growing = result.growing {
            guard case .children(let final, var open) = growing.content, !open.isEmpty,
                  extend(&open[open.count - 1]) else { return nil }
            growing.head.range = moved(growing.head.range)
            growing.content = .children(final: final, open: open)
            result.growing = growing
            return result
        }
        guard !result.leading.isEmpty, extend(&result.leading[result.leading.count - 1]) else { return nil }
        return result
    }

    /// The cells that the text after a table row's `|` at `pipe` makes, and the row's state after
    /// them: each stretch of plain words up to the next `|` or the end is a cell, trimmed of
    /// spaces, from just after its pipe (as cmark-gfm places cells) and keyed by that offset.
    /// Nil when a parse is needed: bytes that `text` does not allow, an empty cell before
    /// another `|` (kept, where empty cells at a row's end are left out), or more cells than the
    /// table has columns.
    private static func rowCells(after pipe: Int, in source: [UInt8], row: RowState,
                                 text: Mark) -> ([Block], RowState)? {
        let pipeByte = UInt8(ascii: "|")
        var cells: [Block] = []
        var state = row
        var pipe = pipe
        while true {
            let start = pipe + 1
            var end = start
            while end < source.count, source[end] != pipeByte {
                guard text.allows(source[end]) || source[end] == 0x20 else { return nil }
                end += 1
            }
            var contentStart = start
            while contentStart < end, source[contentStart] == 0x20 { contentStart += 1 }
            let contentEnd = source.endTrimmingSpaces(end, notBefore: contentStart)
            let isEmpty = contentStart == contentEnd
            if end == source.count, isEmpty {
                state.closingPipe = pipe
                break
            }
            guard !isEmpty else { return nil }
            let literal = String(decoding: source[contentStart..<contentEnd], as: UTF8.self)
            cells.append(Block(id: BlockID(anchor: start), kind: .tableCell([.text(literal)]), range: start..<end))
            if end == source.count {
                state.closingPipe = nil
                break
            }
            pipe = end
        }
        state.cells += cells.count
        guard state.cells <= state.columns else { return nil }
        return (cells, state)
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
                guard let (_, after) = TailStabilizer.listMarker(rest), let space = after.first, isSpace(space) else {
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

    /// The last open block followed down to its last descendant, with that leaf's parent and
    /// grandparent (for a table cell, its row and table; a growing block's head counts as the
    /// parent of its open children).
    private static func lastLeaf(_ tail: OpenTail) -> (leaf: Block, parent: Block?, grandparent: Block?)? {
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

    /// ASCII letters and digits, the bytes of non-ASCII characters, and punctuation that means
    /// nothing inline on its own: `. , ! ? ; - ( / = # + % $ ^` (no delimiter, bracket, colon,
    /// pipe, `@`, `&`, `<` or backslash; `)` and quotes are judged by ``Mark/allows(_:)``).
    fileprivate static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x80...0xFF: true
        case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "!"), UInt8(ascii: "?"),
             UInt8(ascii: ";"), UInt8(ascii: "-"), UInt8(ascii: "("), UInt8(ascii: "/"),
             UInt8(ascii: "="), UInt8(ascii: "#"), UInt8(ascii: "+"), UInt8(ascii: "%"), UInt8(ascii: "$"),
             UInt8(ascii: "^"): true
        default: false
        }
    }

    /// Whether `bytes` hold `www.` in any case.
    private static func containsWWW(_ bytes: ArraySlice<UInt8>) -> Bool {
        var run = 0
        for byte in bytes {
            if byte | 0x20 == UInt8(ascii: "w") {
                run += 1
            } else {
                if byte == UInt8(ascii: "."), run >= 3 { return true }
                run = 0
            }
        }
        return false
    }

}
