/// Edits of lines holding characters whose width terminals disagree on (emoji, ambiguous-width
/// letters), placed without counting columns across them.
///
/// Such a line cannot be edited at a column Rill counted across those characters: a terminal
/// may have drawn them narrower or wider. The plain edit
/// (``LivePainter/edit(from:to:oldMayBeWider:isSuffixKnownAbsent:)``) therefore rewrites
/// everything from the first of them: a table row whose first cell holds `🔴` was written again
/// whole for each word typed into its last cell. An anchored edit goes to the first disputed
/// character by column (every cell before it is drawn where Rill counts it), writes again the
/// characters from there to the last disputed one before the change (the terminal draws them as
/// it did, and leaves the cursor after them wherever that is), then moves forward over cells of
/// agreed width to the change. Usually that is one emoji written again instead of the rest of
/// the row.
extension LivePainter {
    /// How to reach a column of a line as drawn: to column `start` by CHA, `stretch` written
    /// again, then `forward` columns right (an empty stretch and no move when every cell before
    /// the column is drawn where Rill counts it: CHA alone).
    struct Anchor {
        var start: Int
        var stretch: StyledLine
        var forward: Int
    }

    /// An edit reached by an anchor: `edit` (its column the Rill column the anchor lands on),
    /// erasing first when `eraseFirst`.
    struct AnchoredEdit {
        var anchor: Anchor
        var edit: Edit
        var eraseFirst: Bool
    }

    /// The anchored edit of `old` into `new`, for an `old` that has not wrapped on screen: nil
    /// when `old` is all of agreed width (the plain edit is exact) or the two share no start.
    ///
    /// - Complexity: O(length of the two lines).
    static func anchoredEdit(from old: StyledLine, to new: StyledLine) -> AnchoredEdit? {
        guard !hasAgreedWidth(old), let (oldTail, newTail, shared) = splitAfterCommonStart(old, new) else { return nil }
        // The change itself, on the two ends alone; its column counts from `shared`, and lies in
        // the agreed start of `oldTail` (the plain edit counts only across agreed cells).
        let tailMayBeWider = mayBeWiderOnScreen(oldTail)
        var edit = edit(from: oldTail, to: newTail, oldMayBeWider: tailMayBeWider, fromStart: true)
            ?? (!isDrawnAsCounted(newTail) ? Edit(column: 0, text: newTail, eraseBefore: true)
                : Edit(column: 0, text: newTail, erase: oldTail.width > newTail.width))
        edit.column += shared
        guard let anchor = anchor(at: edit.column, in: old) else { return nil }
        return AnchoredEdit(anchor: anchor, edit: edit, eraseFirst: tailMayBeWider || edit.eraseBefore)
    }

    /// How to reach column `column` of `line` as drawn (see ``Anchor``): nil when the column
    /// falls inside a disputed character, or the characters to write again cannot be (see
    /// ``stretch(of:from:before:)``).
    static func anchor(at column: Int, in line: StyledLine) -> Anchor? {
        let placeable = placeablePrefixWidth(line)
        if placeable >= column { return Anchor(start: column, stretch: StyledLine(), forward: 0) }
        guard let (stretch, end) = stretch(of: line, from: placeable, before: column), end <= column else { return nil }
        return Anchor(start: placeable, stretch: stretch, forward: column - end)
    }

    /// The characters of `line` from column `start` (its first disputed character) to the end of
    /// the last disputed one that starts before column `column`, and the column where they end:
    /// nil when the first is a character of no width (drawn joined to the cell before it) or
    /// the last ends with a joiner.
    static func stretch(of line: StyledLine, from start: Int, before column: Int) -> (StyledLine, Int)? {
        // Each character with its style and columns, from `start` to `column`, and those of no
        // width at `column` (joined to the cell before it, which the stretch may end with).
        var characters: [(character: Character, style: TextStyle, at: Int, width: Int)] = []
        var at = 0
        spans: for span in line.spans where at <= column {
            guard at + span.width > start || at == column else {
                at += span.width
                continue
            }
            for character in span.text {
                let width = DisplayWidth.of(character)
                guard at < column || (at == column && width == 0) else { break spans }
                if at >= start { characters.append((character, span.style, at, width)) }
                at += width
            }
        }
        guard let first = characters.first, first.width > 0 else { return nil }
        let end = characters.last { !$0.character.unicodeScalars.allSatisfy(isDrawnAsCounted) }
            .map { $0.at + $0.width } ?? start
        var stretch = StyledLine()
        // Characters of no width at `end` are joined to the cell before it: written with it, or
        // writing that cell again would leave them out.
        for piece in characters where piece.at + piece.width <= end {
            stretch.append(Span(String(piece.character), piece.style))
        }
        // The encoder leaves out a joiner that ends what it writes, and a terminal may join one
        // to what it prints next even after a move: a stretch may not end with one.
        if ANSIEncoder.endsWithJoiner(stretch) { return nil }
        return (stretch, end)
    }

    /// Columns at the start of `line` that every terminal draws where Rill counts them (see
    /// ``isDrawnAsCounted(_:)``), so that a column among them can be named: whole characters (a
    /// digit that a keycap sequence joins is not one).
    static func placeablePrefixWidth(_ line: StyledLine) -> Int {
        var width = 0
        for span in line.spans {
            if isDrawnAsCounted(span.text) {
                width += span.width
                continue
            }
            for character in span.text {
                guard character.unicodeScalars.allSatisfy(isDrawnAsCounted) else { return width }
                width += DisplayWidth.of(character)
            }
        }
        return width
    }

    /// The widest any terminal may draw `line`: a column for each scalar of agreed width, two for
    /// any other (what a terminal draws of one scalar).
    static func maxDrawnWidth(_ line: StyledLine) -> Int {
        var width = 0
        for span in line.spans {
            if span.text.isPrintableASCII {
                width += span.text.utf8.count
            } else {
                for scalar in span.text.unicodeScalars { width += hasAgreedWidth(scalar) ? 1 : 2 }
            }
        }
        return width
    }

    /// `old` and `new` after the longest start they share (same spans, then the same whole
    /// characters of the first span that differs, in the same style), and its width: nil when
    /// they share nothing, or what follows in either starts with a character of no width (a
    /// terminal joins it to the shared cell before it).
    static func splitAfterCommonStart(_ old: StyledLine, _ new: StyledLine)
        -> (old: StyledLine, new: StyledLine, width: Int)? {
        var index = 0
        var width = 0
        while index < old.spans.count, index < new.spans.count, old.spans[index] == new.spans[index] {
            width += old.spans[index].width
            index += 1
        }
        var oldRest = StyledLine(), newRest = StyledLine()
        if index < old.spans.count, index < new.spans.count, old.spans[index].style == new.spans[index].style {
            let oldText = old.spans[index].text, newText = new.spans[index].text
            var oldCut = oldText.startIndex, newCut = newText.startIndex
            while oldCut < oldText.endIndex, newCut < newText.endIndex,
                  oldText[oldCut].unicodeScalars.elementsEqual(newText[newCut].unicodeScalars) {
                width += DisplayWidth.of(oldText[oldCut])
                oldText.formIndex(after: &oldCut)
                newText.formIndex(after: &newCut)
            }
            if oldCut < oldText.endIndex { oldRest.append(Span(String(oldText[oldCut...]), old.spans[index].style)) }
            if newCut < newText.endIndex { newRest.append(Span(String(newText[newCut...]), new.spans[index].style)) }
            index += 1
        }
        for span in old.spans[min(index, old.spans.count)...] { oldRest.append(span) }
        for span in new.spans[min(index, new.spans.count)...] { newRest.append(span) }
        guard width > 0 else { return nil }
        // A character of no width starting either end was, or would be, joined to the shared cell.
        if let first = newRest.spans.first?.text.unicodeScalars.first, DisplayWidth.of(first) == 0 { return nil }
        if let first = oldRest.spans.first?.text.unicodeScalars.first, DisplayWidth.of(first) == 0 { return nil }
        return (oldRest, newRest, width)
    }
}
