/// The in-place edits of one line: how to bring a line on screen from `old` to `new` by
/// writing only what changed (new text at its end, text grown into its padding, a changed
/// middle with the end kept or moved), and when a line must be written again whole instead.
extension LivePainter {
    /// How to bring a line from `old` to `new` by writing only new text: the column to write at
    /// and what to write there. Either `old` is a prefix of `new` (same styles), or both end in
    /// the same padding (a code band's background across the width) and the text before `new`'s
    /// padding extends the text before `old`'s: the new text then overwrites padding already on
    /// screen.
    ///
    /// Only for an `old` line of printable ASCII: the text is written at `old`'s width as Rill
    /// measures it, and terminals disagree about the width of emoji sequences, variation
    /// selectors and some scripts; a whole-line rewrite lets the terminal place every character.
    ///
    /// `isSuffixKnownAbsent` says the caller already found that `old` is no prefix of `new`.
    static func extensionWrite(of new: StyledLine, from old: StyledLine,
                               isSuffixKnownAbsent: Bool = false) -> (column: Int, text: StyledLine)? {
        guard hasAgreedWidth(old) else { return nil }
        if !isSuffixKnownAbsent, let suffix = suffix(of: new, extending: old) { return (old.width, suffix) }
        guard old.width == new.width, let oldCore = unpadded(old), let newCore = unpadded(new),
              let suffix = oldCore.spans.isEmpty ? textIntoPadding(newCore, old: old, new: new)
                                                 : suffix(of: newCore, extending: oldCore),
              // The encoder drops a joiner that ends what it writes, which padding follows here.
              !ANSIEncoder.endsWithJoiner(suffix) else { return nil }
        return (oldCore.width, suffix)
    }

    /// `newCore`, the text before `new`'s padding, to be written over `old`, which is padding
    /// only (the end of a code line after its last disputed character, see
    /// ``anchoredEdit(from:to:)``): nil unless both pad in the same look, or when the text starts
    /// with a character of no width (a terminal would join it to the cell before).
    private static func textIntoPadding(_ newCore: StyledLine, old: StyledLine, new: StyledLine) -> StyledLine? {
        guard let first = newCore.spans.first?.text.unicodeScalars.first, DisplayWidth.of(first) > 0,
              old.spans.last?.style == new.spans.last?.style else { return nil }
        return newCore
    }

    /// New text at the end of the last line, written where the cursor already is: no column is
    /// named, so it needs only that the terminal drew `old` no wider than Rill counts it (then
    /// the line did not wrap on screen). Unlike ``extensionWrite(of:from:isSuffixKnownAbsent:)``
    /// this lets lines of CJK text grow by their new characters, as terminals agree they are at
    /// most two columns.
    ///
    /// `oldMayBeWider` is ``mayBeWiderOnScreen(_:)`` of `old`, which the caller needs too.
    static func appendAtCursor(of new: StyledLine, to old: StyledLine,
                               oldMayBeWider: Bool) -> Edit? {
        guard !oldMayBeWider, let suffix = suffix(of: new, extending: old) else { return nil }
        return Edit(column: old.width, text: suffix)
    }

    /// An in-place change of one line: at `column`, erase the rest of the row if `eraseBefore`,
    /// move the rest of the row by `shift` cells (inserting blanks, or deleting cells), write
    /// `text`, then erase the rest of the line if `erase`.
    struct Edit: Equatable {
        var column: Int
        var shift = 0
        var text: StyledLine
        var erase = false
        /// Set for text a terminal may draw at another width than Rill counts (see
        /// ``mayBeWiderOnScreen(_:)``): it is written to the line's end over an erased row, as
        /// an erase after it could miss old cells (drawn narrower) or take its last one (at the
        /// margin).
        var eraseBefore = false
    }

    /// Fewest columns a line's end must share with the old one's to be moved rather than
    /// written again: moving it costs a sequence of 4 or 5 bytes.
    static let shortestMovedEnd = 6

    /// Fewest bytes an edit of a row must write before a spliced one is tried (see
    /// ``splices(from:to:columns:)``): fewer cannot hold two changes and a run kept between.
    static let shortestSplicedRewrite = 24

    /// The smallest in-place edit that turns `old` into `new` on screen (see ``Edit``). An
    /// extension (see ``extensionWrite(of:from:isSuffixKnownAbsent:)``), else a rewrite from the
    /// end of the longest prefix the two lines share (a code span whose closing backtick moved,
    /// a word carried to the next line), keeping on screen the end they share.
    /// Nil when they share nothing worth keeping.
    ///
    /// `oldMayBeWider` is ``mayBeWiderOnScreen(_:)`` of `old`, which the caller needs too;
    /// `isSuffixKnownAbsent` as for ``extensionWrite(of:from:isSuffixKnownAbsent:)``;
    /// `fromStart`: a change from column 0 is an edit too, not nil (the two are a line's ends,
    /// see ``anchoredEdit(from:to:)``).
    static func edit(from old: StyledLine, to new: StyledLine, oldMayBeWider: Bool,
                     isSuffixKnownAbsent: Bool = false, fromStart: Bool = false) -> Edit? {
        if let write = extensionWrite(of: new, from: old, isSuffixKnownAbsent: isSuffixKnownAbsent) {
            return Edit(column: write.column, text: write.text)
        }
        var column = 0
        var rest = StyledLine()
        var diverged = false
        var index = 0
        // What stays on screen of `old` from where the rewrite starts, from its first character.
        var oldRemainder: Substring?
        while index < new.spans.count {
            let span = new.spans[index]
            defer { index += 1 }
            if diverged {
                rest.append(span)
                continue
            }
            if index < old.spans.count, old.spans[index] == span, hasAgreedWidth(span.text) {
                column += span.width
                continue
            }
            diverged = true
            guard index < old.spans.count, old.spans[index].style == span.style else {
                if index < old.spans.count { oldRemainder = old.spans[index].text[...] }
                rest.append(span)
                continue
            }
            // The common start of the two spans' text, in whole characters of agreed width.
            let oldText = old.spans[index].text
            let (shared, oldShared, sharedWidth) = sharedPrefix(span.text, oldText)
            column += sharedWidth
            oldRemainder = oldText[oldShared...]
            // All of that span kept: what it replaces starts with the old line's next span.
            if oldRemainder?.isEmpty == true, index + 1 < old.spans.count { oldRemainder = old.spans[index + 1].text[...] }
            let tail = String(span.text[shared...])
            if !tail.isEmpty { rest.append(Span(tail, span.style)) }
        }
        if !diverged, new.spans.count < old.spans.count { oldRemainder = old.spans[new.spans.count].text[...] }
        guard column > 0 || fromStart else { return nil }
        // A terminal joins a character of no width (a conjoining jamo, a mark that is a cluster
        // of its own after a space) to the cell before it: one starting the rewrite would join
        // the kept cell, and one starting what it replaces stays joined there. Rewrite the line.
        if let first = rest.spans.first?.text.first, DisplayWidth.of(first) == 0 { return nil }
        if let first = oldRemainder?.first, DisplayWidth.of(first) == 0 { return nil }
        // Text that may be drawn at another width than counted is written to the end, over an
        // erased row: no end kept after it could be where Rill thinks.
        if !isDrawnAsCounted(rest) { return Edit(column: column, text: rest, eraseBefore: true) }
        let keepsEnd = !oldMayBeWider && isDrawnAsCounted(old)
        // Lines of one width that also end alike (a table row whose cell grew into its padding)
        // keep their end on screen: only the changed middle is written.
        if old.width == new.width, keepsEnd {
            let shared = min(sharedSuffixWidth(old, new), new.width - column)
            if shared > 0 { rest = rest.droppingLastColumns(shared) }
        }
        // Lines that end alike but not at the same column (a table rule or row whose earlier
        // column grew or shrank, a word added inside a line) move their end by inserting or
        // deleting cells, then write the changed middle. Only where every terminal draws what
        // moves, what is replaced and what is written at the widths Rill counts: else the end
        // would land elsewhere than Rill thinks.
        else if keepsEnd {
            let shared = min(sharedSuffixWidth(old, new), new.width - column, old.width - column)
            // The cells deleted are whole characters of `old` (see
            // ``deletingWholeCharacters(_:old:new:reach:)``).
            if shared >= shortestMovedEnd,
               let moved = deletingWholeCharacters(
                   Edit(column: column, shift: new.width - old.width, text: rest.droppingLastColumns(shared)),
                   old: old, new: new, reach: deletionReach) {
                return moved
            }
        }
        return Edit(column: column, text: rest, erase: old.width > new.width)
    }

    /// The line without the spaces that pad it with a background colour, if it has some.
    static func unpadded(_ line: StyledLine) -> StyledLine? {
        guard var last = line.spans.last, last.style.background != nil else { return nil }
        let padding = last.text.trailingSpaceCount
        guard padding > 0 else { return nil }
        // The spaces taken off are a column each: the widths follow without measuring again.
        var spans = line.spans
        if padding == last.text.utf8.count {
            spans.removeLast()
        } else {
            last = Span(String(Substring(last.text.utf8.dropLast(padding))), last.style, width: last.width - padding)
            spans[spans.count - 1] = last
        }
        return StyledLine(measured: spans, width: line.width - padding)
    }

    /// The part of `new` after `old`, when `old` is exactly a prefix of `new` (same styles).
    static func suffix(of new: StyledLine, extending old: StyledLine) -> StyledLine? {
        guard !old.spans.isEmpty, new.spans.count >= old.spans.count else { return nil }
        let last = old.spans.count - 1
        for index in 0..<last where old.spans[index] != new.spans[index] { return nil }
        let oldLast = old.spans[last]
        let newLast = new.spans[last]
        guard oldLast.style == newLast.style else { return nil }
        let tail: String
        let oldUTF8 = oldLast.text.utf8
        let newUTF8 = newLast.text.utf8
        guard newLast.text.utf8HasPrefix(oldLast.text) else { return nil }
        let cut = newUTF8.index(newUTF8.startIndex, offsetBy: oldUTF8.count)
        if cut == newUTF8.endIndex || newUTF8[cut] < 0x80 || DisplayWidth.standsAlone(newLast.text.unicodeScalars[cut]) {
            // What follows the old text starts a cluster of its own: the bytes tell.
            tail = String(newLast.text[cut...])
        } else {
            // It may join the old text's last cluster (a mark, a joiner): compare by clusters.
            guard newLast.text.hasPrefix(oldLast.text) else { return nil }
            tail = String(newLast.text.dropFirst(oldLast.text.count))
        }
        var rest = StyledLine()
        if !tail.isEmpty { rest.append(Span(tail, newLast.style)) }
        for span in new.spans[(last + 1)...] { rest.append(span) }
        return rest.spans.isEmpty ? nil : rest
    }
}
