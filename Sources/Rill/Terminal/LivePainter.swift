/// Keeps the live region on screen in step with a list of lines, writing only what changed.
///
/// The cursor rests at the end of the last line drawn (or, after an edit that left the line's end
/// on screen, such as text growing into a code line's padding, where that text ends), so the
/// commonest change while a model writes — new text at the end of the last line, or a new line
/// below it — is written as just that text: no cursor movement, no erasure, no
/// synchronized-output brackets (an append at the cursor cannot tear). Any other change moves
/// up to the first line that differs (never further than the region's top), rewrites changed
/// lines only — and when an old line is a prefix of the new one, only the new suffix; when the
/// two end alike, only the changed middle, the end moved by inserting or deleting cells — skips
/// unchanged ones, and erases only to the right of or below what it rewrote, inside synchronized
/// output (DEC mode 2026).
///
/// Committing lines drops them from the top of the region: they stay on screen and scroll into
/// scrollback, never touched again.
struct LivePainter: Sendable {
    private let encoder: ANSIEncoder
    /// The live lines currently on screen, top first.
    private(set) var drawn: [StyledLine] = []
    /// Whether the cursor is at the end of a line (the last drawn, or the last committed when
    /// nothing is drawn) rather than at the start of an empty row.
    private var cursorAtLineEnd = false
    /// Where on the last drawn line the cursor was left when not at its end: after an edit of
    /// that line whose end stayed on screen (a code line's padding, a table row's end), at the
    /// column where the text written ends. Nil when the cursor is at the line's end, wherever
    /// the terminal drew it. Leaving it there saves moving to the end and back at every frame
    /// that writes into the same place. The cursor is right after that text as the terminal
    /// drew it: new text at this column is written with no movement; any other column is
    /// reached by naming it (or by an anchor), never by moving from here.
    private var cursorColumn: Int?
    /// The row of ``drawn`` the cursor is on when it is not the last: after a frame that changed
    /// only a row above the last (text typed into a table row's first line, above the line its
    /// wrapped first cell continues on), the cursor stays where that text ends, so that the next
    /// frame's text there is written with no movement, as at the end of the last line.
    /// ``cursorColumn`` is then its column on that row (nil: the row's end). Negative when that
    /// row has since been committed.
    private var cursorRow: Int?
    /// The attributes the terminal was left with. Text written at the cursor (the commonest
    /// change) leaves its last span's attributes set, so that the next frame's text in the same
    /// look — a code line or a bold phrase growing — is written with no SGR before or after it.
    /// Reset before an erase, a shift of cells or a line feed (terminals fill erased, inserted
    /// and scrolled-in cells with the current background); kept across a move along the row
    /// (see ``move(_:into:)``), which paints nothing: a code line's text going on after a frame
    /// that drew its band is written with no SGR again.
    private var pen = TextStyle.plain
    /// The screen's width, when known (a live view tells it): a line some terminal may draw
    /// wider than counted is still edited in place, anchored, when even its widest drawing fits
    /// (see ``anchoredEdit(from:to:)``).
    var columns: Int?

    /// Creates a painter with an empty live region, the cursor at the start of a line.
    init(encoder: ANSIEncoder) {
        self.encoder = encoder
    }

    /// What one paint produced: the bytes, and whether they only append at the cursor.
    struct Paint: Sendable {
        var bytes: [UInt8] = []
        /// True when the bytes only add text at the cursor (no movement, no erasure).
        var isAppend = true
    }

    /// Bytes that make the live region show `lines` (empty when nothing changed). Afterwards the
    /// cursor is on the last line: at its end, or where the text written into it ends when its
    /// end stayed on screen; or, when the frame changed only a row above the last, where the
    /// text written into that row ends (see ``cursorRow``).
    ///
    /// - Complexity: O(size of the changed lines); unchanged lines cost one comparison each.
    mutating func paint(_ lines: [StyledLine]) -> Paint {
        var first = 0
        while first < drawn.count, first < lines.count, drawn[first] == lines[first] { first += 1 }
        var paint = Paint()
        if first == drawn.count, first == lines.count { return paint }
        defer { drawn = lines }

        let lastRow = drawn.count - 1
        if first == lastRow, let row = cursorRow, row < lastRow, lines.count >= drawn.count, cursorAtLineEnd {
            // The last line changed while the cursor waits on a row above: down to its start.
            write(TerminalSequences.carriageReturn + TerminalSequences.down(lastRow - row), into: &paint.bytes)
            cursorRow = nil
            cursorColumn = 0
        }
        // Editing the cursor's line in place (new text at its end, or a changed end of line), and
        // appending lines below the last: no vertical movement, so nothing can tear.
        let row = cursorRow ?? lastRow
        if first == row, cursorAtLineEnd,
           row == lastRow ? lines.count >= drawn.count
                          : lines.count == drawn.count && lines[(row + 1)...].elementsEqual(drawn[(row + 1)...]) {
            let old = drawn[first], new = lines[first]
            let mayBeWider = Self.mayBeWiderOnScreen(old)
            let edited: Bool
            if let edit = Self.appendAtCursor(of: new, to: old, oldMayBeWider: mayBeWider) {
                edited = apply(edit, eraseFirst: false, anchor: nil, old: old, new: new, into: &paint.bytes)
            } else if !mayBeWider || fitsWhenWidest(old, new), let anchored = Self.anchoredEdit(from: old, to: new) {
                edited = apply(anchored.edit, eraseFirst: anchored.eraseFirst, anchor: anchored.anchor, old: old, new: new,
                               into: &paint.bytes)
            } else if let edit = Self.edit(from: old, to: new, oldMayBeWider: mayBeWider, isSuffixKnownAbsent: !mayBeWider) {
                // When `old` may not be drawn wider, the append at the cursor has already found
                // that `new` does not extend it: the edit need not ask again.
                edited = apply(edit, eraseFirst: mayBeWider || edit.eraseBefore, anchor: nil, old: old, new: new,
                               into: &paint.bytes)
            } else {
                edited = false
            }
            if edited {
                if row == lastRow { appendRows(lines[(first + 1)...], into: &paint.bytes) }
                return paint
            }
        }
        if first == drawn.count {
            appendRows(lines[first...], into: &paint.bytes)
            return paint
        }

        // Rewriting: from the first line that differs (each line written whole, reset at its end).
        paint.isAppend = false
        resetPen(into: &paint.bytes)
        cursorColumn = nil  // every move below starts with a carriage return
        let rows = drawn.count
        var current = cursorRow ?? rows - 1  // the cursor's row
        cursorRow = nil
        func move(to row: Int) {
            if row <= rows - 1 {
                paint.bytes += TerminalSequences.carriageReturn
                paint.bytes += row < current ? TerminalSequences.up(current - row) : TerminalSequences.down(row - current)
            } else {
                // A new row below the region: create it by a line feed (scrolling if need be).
                paint.bytes += TerminalSequences.down(max(0, rows - 1 - current))
                paint.bytes += TerminalSequences.newline
            }
            current = row
        }
        /// Puts the cursor at the end of the last line, by column, when every terminal draws
        /// that line where Rill counts it; else at its start (a carriage return), where the next
        /// edit of it starts from a column it can name (see ``reach(_:in:from:anchor:into:)``).
        func endAtLastLine(_ line: StyledLine, atStart: Bool) {
            if Self.placeablePrefixWidth(line) >= line.width {
                paint.bytes += TerminalSequences.column(line.width)
            } else {
                if !atStart { paint.bytes += TerminalSequences.carriageReturn }
                cursorColumn = 0
            }
        }

        var endsAtLineEnd = true  // whether the cursor is at the end of the row written last
        var rowsEdited = 0
        // Where the text written into the row edited last ends, when every terminal puts it
        // where Rill counts it.
        var textEnd: Int?
        for index in first..<lines.count {
            let new = lines[index]
            if index < rows, drawn[index] == new { continue }
            move(to: index)
            endsAtLineEnd = true
            rowsEdited += 1
            textEnd = nil
            if index < rows {
                let old = drawn[index]
                // A terminal may have drawn the old line wider than Rill counts it: erase its
                // rest before writing (erasing after a line that fills the width would take the
                // last character with it, where the cursor waits to wrap).
                let oldMayBeWider = Self.mayBeWiderOnScreen(old)
                var written: [UInt8] = []
                if !oldMayBeWider || fitsWhenWidest(old, new), let anchored = Self.anchoredEdit(from: old, to: new),
                   reach(anchored.edit.column, in: old, from: 0, anchor: anchored.anchor, into: &written) {
                    // A line holding disputed characters, edited where it changed (the carriage
                    // return of the move put the cursor at column 0).
                    (endsAtLineEnd, textEnd) = writeRow(anchored.edit, eraseFirst: anchored.eraseFirst, of: new,
                                                        into: &written)
                } else if let edit = Self.edit(from: old, to: new, oldMayBeWider: oldMayBeWider) {
                    written = TerminalSequences.column(edit.column)
                    (endsAtLineEnd, textEnd) = writeRow(edit, eraseFirst: oldMayBeWider || edit.eraseBefore, of: new,
                                                        into: &written)
                } else {
                    // The new line too may be drawn at another width: erase what the old one covered.
                    let eraseFirst = oldMayBeWider || !Self.isDrawnAsCounted(new)
                    if eraseFirst {
                        written += TerminalSequences.eraseLineRight
                        writeIntoBlankRow(new, into: &written)
                        resetPen(into: &written)
                    } else {
                        encoder.encode(new, into: &written)
                    }
                    if old.width > new.width, !eraseFirst { written += TerminalSequences.eraseLineRight }
                }
                // A line changed in several places (a table whose columns traded widths): each
                // change made where it is, when that writes less.
                if written.count >= Self.shortestSplicedRewrite, !oldMayBeWider, let columns,
                   let splices = Self.splices(from: old, to: new, columns: columns, within: written.count), splices.count > 1 {
                    var spliced: [UInt8] = []
                    write(splices, of: new, into: &spliced)
                    if spliced.count < written.count, let leftmost = splices.last {
                        written = spliced
                        endsAtLineEnd = leftmost.column + leftmost.text.width == new.width
                        textEnd = leftmost.column + leftmost.text.width
                    }
                }
                paint.bytes += written
            } else {
                writeIntoBlankRow(new, into: &paint.bytes)
                resetPen(into: &paint.bytes)
            }
        }
        if lines.count < rows {
            // Clear the rows left below, then come back to the end of the last line.
            move(to: lines.count)
            paint.bytes += TerminalSequences.eraseBelow
            if lines.isEmpty {
                cursorAtLineEnd = false
                return paint
            }
            move(to: lines.count - 1)
            endAtLastLine(lines[lines.count - 1], atStart: true)
        } else if rowsEdited == 1, current < lines.count - 1, let textEnd, let columns, textEnd < columns {
            // Only a row above the last changed: the cursor waits where its text ends, for
            // more text there (see ``cursorRow``).
            cursorRow = current
            cursorColumn = textEnd
        } else if current != lines.count - 1 || !endsAtLineEnd {
            // Unchanged rows at the bottom, or the last one's end left as it was: end on the
            // last one, at its end.
            let moved = current != lines.count - 1
            if moved { move(to: lines.count - 1) }
            endAtLastLine(lines[lines.count - 1], atStart: moved)
        }
        cursorAtLineEnd = true
        return paint
    }

    /// Writes `lines` on new rows after the last (moving down to it first when the cursor waits
    /// on a row above).
    private mutating func appendRows(_ lines: ArraySlice<StyledLine>, into bytes: inout [UInt8]) {
        if let row = cursorRow, !lines.isEmpty {
            write(TerminalSequences.down(drawn.count - 1 - row), into: &bytes)
            cursorRow = nil
        }
        for line in lines {
            cursorColumn = nil
            if cursorAtLineEnd { write(TerminalSequences.newline, into: &bytes) }
            writeIntoBlankRow(line, into: &bytes)
            cursorAtLineEnd = true
        }
    }

    /// Writes `edit` of the line the cursor is on (the last, or the row it waits on, see
    /// ``cursorRow``), `old` on screen becoming `new`: reaches its column (a move right from
    /// where the cursor waits, or ``reach(_:in:from:anchor:into:)``), erases first if
    /// `eraseFirst`, and leaves the cursor at the line's end or where the text ends (see the
    /// rule inside). False when the column
    /// cannot be reached (nothing written).
    private mutating func apply(_ edit: Edit, eraseFirst: Bool, anchor: Anchor?, old: StyledLine, new: StyledLine,
                                into bytes: inout [UInt8]) -> Bool {
        if let at = cursorColumn, at > 0, edit.column > at, Self.hasAgreedWidth(old, from: at, to: edit.column) {
            // Forward from where the cursor waits, over cells every terminal draws one column
            // wide (padding, a space): a move right, however the text before was drawn.
            move(TerminalSequences.right(edit.column - at), into: &bytes)
        } else {
            guard reach(edit.column, in: old, from: cursorColumn ?? old.width, anchor: anchor, into: &bytes) else { return false }
        }
        write(edit, eraseFirst: eraseFirst, of: new, into: &bytes)
        cursorColumn = nil
        let end = edit.column + edit.text.width
        if end != new.width {
            // Left inside the line after the text written, when that is where Rill counts it
            // (every terminal draws the text at the widths counted), or when the text, however
            // wide a terminal draws it, cannot reach the margin (a code line's text growing into
            // its padding past a disputed character): the cursor is then right after the text
            // as drawn, where more text goes, and any other column is reached from elsewhere
            // (a column named, an anchor).
            if !eraseFirst, Self.isDrawnAsCounted(edit.text) || textFitsWhenWidest(new) {
                cursorColumn = end
            } else if !reach(new.width, in: new, from: end, anchor: nil, into: &bytes) {
                move(TerminalSequences.column(new.width), into: &bytes)
            }
        }
        return true
    }

    /// Writes `line` into a blank row from its start: a row below the region, which a line feed
    /// made (the region erases what it leaves below when it shrinks), or one just erased.
    private mutating func writeIntoBlankRow(_ line: StyledLine, into bytes: inout [UInt8]) {
        guard let columns else {
            encoder.encode(line, into: &bytes, pen: &pen)
            return
        }
        encoder.encode(line, into: &bytes, pen: &pen, overBlank: line.width, margin: columns,
                       slack: Self.maxDrawnWidth(line) - line.width)
    }

    /// Writes `edit` of a row being rewritten (the cursor at its column), then resets the
    /// attributes: whether the text written ends the row `new`, and where it ends when every
    /// terminal puts it where Rill counts it (nothing erased first, text drawn as counted).
    private mutating func writeRow(_ edit: Edit, eraseFirst: Bool, of new: StyledLine,
                                   into bytes: inout [UInt8]) -> (endsLine: Bool, textEnd: Int?) {
        write(edit, eraseFirst: eraseFirst, of: new, into: &bytes)
        resetPen(into: &bytes)
        let end = edit.column + edit.text.width
        return (end == new.width, !eraseFirst && Self.isDrawnAsCounted(edit.text) ? end : nil)
    }

    /// At the cursor, where `edit` of the row that becomes `new` starts: erases first if
    /// `eraseFirst`, moves the rest of the row, writes its text (leaving its attributes set, see
    /// ``pen``), erases after if it says so.
    private mutating func write(_ edit: Edit, eraseFirst: Bool, of new: StyledLine, into bytes: inout [UInt8]) {
        if eraseFirst { write(TerminalSequences.eraseLineRight, into: &bytes) }
        if edit.shift != 0 { write(TerminalSequences.shiftCharacters(edit.shift), into: &bytes) }
        // The cells an erase or an insert left blank: padding written into them is passed.
        let blank = eraseFirst ? Int.max : max(0, edit.shift)
        if blank > 0, let columns {
            // The slack of the whole row: text before the edit drawn wider puts it further right.
            encoder.encode(edit.text, into: &bytes, pen: &pen, overBlank: blank, margin: columns - edit.column,
                           slack: Self.maxDrawnWidth(new) - new.width)
        } else {
            encoder.encode(edit.text, into: &bytes, pen: &pen)
        }
        if edit.erase, !eraseFirst { write(TerminalSequences.eraseLineRight, into: &bytes) }
    }

    /// Makes `splices` (see ``splices(from:to:columns:)``), rightmost first, each reached by
    /// column, and resets the attributes after.
    private mutating func write(_ splices: [Splice], of new: StyledLine, into bytes: inout [UInt8]) {
        for splice in splices {
            move(TerminalSequences.column(splice.column), into: &bytes)
            write(splice.edit, eraseFirst: false, of: new, into: &bytes)
        }
        resetPen(into: &bytes)
    }

    /// Moves the cursor along a line, `line` as on screen, from Rill column `cursor` to
    /// `column`: nothing when it is there, else by `anchor` or, without one, the line's own
    /// (see ``anchor(at:in:)``): CHA, or the disputed characters written again and a move
    /// right. False when `column` falls inside a disputed character.
    private mutating func reach(_ column: Int, in line: StyledLine, from cursor: Int, anchor: Anchor?,
                                into bytes: inout [UInt8]) -> Bool {
        if column == cursor { return true }
        guard let anchor = anchor ?? Self.anchor(at: column, in: line) else { return false }
        move(TerminalSequences.column(anchor.start), into: &bytes)
        encoder.encode(anchor.stretch, into: &bytes, pen: &pen)
        if anchor.forward > 0 { move(TerminalSequences.right(anchor.forward), into: &bytes) }
        return true
    }

    /// Appends `sequence` (anything but text) after resetting the attributes text left set.
    private mutating func write(_ sequence: [UInt8], into bytes: inout [UInt8]) {
        resetPen(into: &bytes)
        bytes += sequence
    }

    /// Appends `sequence`, a cursor movement within the row (CHA, CUF), keeping the attributes
    /// set: a movement neither paints a cell nor reads the attributes, and the text written
    /// after it is most often in the look just left (a code line's band, then its text).
    private func move(_ sequence: [UInt8], into bytes: inout [UInt8]) {
        bytes += sequence
    }

    /// Resets the attributes text left set, if any (see ``pen``).
    private mutating func resetPen(into bytes: inout [UInt8]) {
        guard encoder.isSet(pen) else { return }
        bytes += ANSIEncoder.reset
        pen = .plain
    }

    /// Drops the top `count` lines from the live region: they are committed to scrollback.
    mutating func commit(_ count: Int) {
        let count = min(max(0, count), drawn.count)
        drawn.removeFirst(count)
        cursorRow = cursorRow.map { $0 - count }
    }

    /// Live rows below the one the cursor is on: 0 when it is on the last (see ``cursorRow``).
    var rowsBelowCursor: Int {
        cursorRow.map { drawn.count - 1 - $0 } ?? 0
    }

    /// Bytes that end the output on a fresh line (after the last frame).
    mutating func finishLine() -> [UInt8] {
        var bytes: [UInt8] = []
        resetPen(into: &bytes)
        guard cursorAtLineEnd else { return bytes }
        bytes += TerminalSequences.down(rowsBelowCursor)
        cursorAtLineEnd = false
        cursorColumn = nil
        cursorRow = nil
        return bytes + TerminalSequences.newline
    }

    /// Forgets the live region after the terminal changed size to `columns` columns and
    /// `maxRows + 1` rows: moves to its top and erases below, so the next paint draws it afresh.
    /// Returns the bytes and the lines left on screen, as committed, above the new region.
    ///
    /// When the width changed, the terminal has rewrapped the region (see
    /// ``rowsWhenRewrapped(_:columns:upTo:)``), and how much of it is still on screen depends on
    /// the terminal (tmux pushes rows into the scrollback even when the screen had room): so
    /// every line above the cursor's is left as it is, committed, and only the cursor's line, as
    /// many rows up as it now takes before the cursor, is erased. The next frame starts after
    /// the text of the lines left (see ``LiveLayout/abandon(_:)``).
    mutating func reset(maxRows: Int, columns: Int) -> (bytes: [UInt8], abandoned: [StyledLine]) {
        var bytes: [UInt8] = []
        resetPen(into: &bytes)
        let widthChanged = self.columns != columns
        self.columns = columns
        guard !drawn.isEmpty else { return (bytes, []) }
        let cursorLine = cursorRow ?? drawn.count - 1
        var rowsUp: Int
        var abandoned = 0
        if cursorLine < 0 {
            // The cursor waits on a committed row, which the view no longer knows: down to the top.
            rowsUp = cursorLine
        } else if widthChanged {
            abandoned = cursorLine
            rowsUp = Self.rowsWhenRewrapped(drawn[cursorLine], columns: columns,
                                            upTo: cursorColumn ?? drawn[cursorLine].width) - 1
        } else {
            // The same rows: the cursor's row is the screen's last, or the rows below it went
            // first; of the lines above it as many as a live region of `maxRows` lines holds,
            // those above them left as committed (the screen's top row holds one of them).
            rowsUp = min(cursorLine, max(0, maxRows - 1))
            abandoned = cursorLine - rowsUp
        }
        let left = Array(drawn[..<abandoned])
        drawn = []
        cursorAtLineEnd = false
        cursorColumn = nil
        cursorRow = nil
        return (bytes + TerminalSequences.carriageReturn + TerminalSequences.up(rowsUp) + TerminalSequences.down(-rowsUp)
                + TerminalSequences.eraseBelow, left)
    }
}
