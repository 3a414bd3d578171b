/// Extending a marked view by the bytes written since: the words appended to its last text, a
/// code span left open closed by its backticks, a table row's new cells after a `|`.
extension PlainTextExtension {
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
    static func extended(_ tail: inout OpenTail, mark: Mark, source: [UInt8]) -> (mark: Mark, grown: GrownText?)? {
        guard mark.end < source.count, mark.end > mark.lineStart else { return nil }
        if let contentStart = mark.openCodeStart, source[mark.end...].contains(UInt8(ascii: "`")) {
            guard let (result, next) = closingCode(tail, mark: mark, contentStart: contentStart, source: source) else { return nil }
            tail = result
            return (next, nil)
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
                if PlainTextExtension.isEmphasisDelimiter(byte), !heldDelimiters.insert(byte).inserted { return nil }
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
        if mark.row == nil, mark.openDepth == 0, !mark.startsText, let grown = appendingInPlace(text, to: &tail, moved: moved) {
            return (next, grown)
        }
        let row = mark.row.map { _ in (cellOpen: cellOpen, firstPipe: firstPipe, newCells: newCells) }
        guard let result = growingLastLeaf(tail, moved: moved, row: row, grow: {
            appending(text, to: $0, depth: mark.openDepth, startsText: mark.startsText)
        }) else { return nil }
        tail = result
        return (next, nil)
    }

    /// `tail` with `text` appended to the plain text its last leaf ends with, where it is
    /// stored, and each range on the way to it that reached the old text's end moved by
    /// `moved`; the leaf and its text's new length. Nil (and `tail` unchanged) when the last
    /// leaf does not end with a plain text.
    ///
    /// A tail held once (the stream moves it out of itself first), whose text no one else holds
    /// (a live view lets go of it, see ``GrownText``), grows its text's storage in place.
    ///
    /// - Complexity: O(depth of the last leaf + `text`), amortized, when the text is held once;
    ///   else O(the whole text), which is copied.
    private static func appendingInPlace(_ text: String, to tail: inout OpenTail,
                                         moved: (Range<Int>) -> Range<Int>) -> GrownText? {
        // Only its identity: a copy of the leaf kept meanwhile would hold the text too.
        guard let leaf = lastLeafEndingWithText(tail) else { return nil }
        var storageMoved = false
        func extend(_ block: inout Block) -> Int {
            block.range = moved(block.range)
            if let last = block.children.indices.last { return extend(&block.children[last]) }
            return block.editLastText { literal in
                let storage = literal.utf8StorageAddress
                literal += text
                storageMoved = storage == nil || storage != literal.utf8StorageAddress
                return literal.utf8.count
            } ?? 0
        }
        let length: Int
        if let last = tail.trailing.indices.last {
            length = extend(&tail.trailing[last])
        } else if var growing = tail.growing, case .children(let final, var open) = growing.content,
                  let last = open.indices.last {
            tail.growing = nil
            growing.content = .children(final: [], open: [])
            length = extend(&open[last])
            growing.head.range = moved(growing.head.range)
            growing.content = .children(final: final, open: open)
            tail.growing = growing
        } else {
            guard let last = tail.leading.indices.last else { return nil }
            length = extend(&tail.leading[last])
        }
        return GrownText(leaf: leaf, length: length, moved: storageMoved)
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

    /// The identity of `tail`'s last leaf, when it ends with a plain text.
    private static func lastLeafEndingWithText(_ tail: OpenTail) -> BlockID? {
        guard let (leaf, _, _) = lastLeaf(tail), case .text? = leaf.kind.inlines?.last else { return nil }
        return leaf.id
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
        case .text(let literal):
            guard depth == 0 else { return nil }
            result[result.count - 1] = .text(literal + text)
        case .code(let literal):
            guard depth == 1 else { return nil }
            result[result.count - 1] = .code(literal + text)
        case .emphasis(let children), .strong(let children), .strikethrough(let children):
            guard depth > 0, let grown = appending(text, to: children, depth: depth - 1, startsText: false) else { return nil }
            result[result.count - 1].editChildren { $0 = grown }
        case .link, .image, .htmlElement, .autolink, .softBreak, .hardBreak, .html, .math, .footnoteReference:
            return nil
        }
        return result
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
                block.kind.editInlines { $0 = inlines }
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
}
