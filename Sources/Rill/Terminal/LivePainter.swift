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
public struct LivePainter: Sendable {
    private let encoder: ANSIEncoder
    /// The live lines currently on screen, top first.
    public private(set) var drawn: [StyledLine] = []
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
    public var columns: Int?

    /// Creates a painter with an empty live region, the cursor at the start of a line.
    public init(encoder: ANSIEncoder) {
        self.encoder = encoder
    }

    /// What one paint produced: the bytes, and whether they only append at the cursor.
    public struct Paint: Sendable {
        public var bytes: [UInt8] = []
        /// True when the bytes only add text at the cursor (no movement, no erasure).
        public var isAppend = true
    }

    /// Bytes that make the live region show `lines` (empty when nothing changed). Afterwards the
    /// cursor is on the last line: at its end, or where the text written into it ends when its
    /// end stayed on screen; or, when the frame changed only a row above the last, where the
    /// text written into that row ends (see ``cursorRow``).
    ///
    /// - Complexity: O(size of the changed lines); unchanged lines cost one comparison each.
    public mutating func paint(_ lines: [StyledLine]) -> Paint {
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

    /// Whether neither line's text can reach the right margin however a terminal draws it: then
    /// neither wrapped, nor leaves the cursor waiting to wrap in its text.
    ///
    /// The spaces that pad a line with a background (a code band to the margin) are not counted:
    /// an edit of such a line writes into them, never pushes them, so a terminal drawing the text
    /// wider covers more of them instead of wrapping (and the anchored edit places what it writes
    /// after the text as drawn).
    private func fitsWhenWidest(_ old: StyledLine, _ new: StyledLine) -> Bool {
        textFitsWhenWidest(old) && textFitsWhenWidest(new)
    }

    /// Whether `line`'s text, its padding left out, stays short of the margin however a terminal
    /// draws it (see ``fitsWhenWidest(_:_:)``).
    private func textFitsWhenWidest(_ line: StyledLine) -> Bool {
        guard let columns else { return false }
        return Self.maxDrawnWidth(Self.unpadded(line) ?? line) < columns
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
    public mutating func commit(_ count: Int) {
        let count = min(max(0, count), drawn.count)
        drawn.removeFirst(count)
        cursorRow = cursorRow.map { $0 - count }
    }

    /// Live rows below the one the cursor is on: 0 when it is on the last (see ``cursorRow``).
    public var rowsBelowCursor: Int {
        cursorRow.map { drawn.count - 1 - $0 } ?? 0
    }

    /// Bytes that end the output on a fresh line (after the last frame).
    public mutating func finishLine() -> [UInt8] {
        var bytes: [UInt8] = []
        resetPen(into: &bytes)
        guard cursorAtLineEnd else { return bytes }
        bytes += TerminalSequences.down(rowsBelowCursor)
        cursorAtLineEnd = false
        cursorColumn = nil
        cursorRow = nil
        return bytes + TerminalSequences.newline
    }

    /// Forgets the live region after the terminal changed size: moves to its top (at most
    /// `maxRows` up, the rest is left as committed) and erases below, so the next paint draws
    /// it afresh. Returns the bytes and how many lines were given up as committed.
    public mutating func reset(maxRows: Int) -> (bytes: [UInt8], abandoned: Int) {
        var bytes: [UInt8] = []
        resetPen(into: &bytes)
        guard !drawn.isEmpty else { return (bytes, 0) }
        let rows = min(drawn.count - 1, max(0, maxRows))
        let abandoned = drawn.count - 1 - rows
        // From the cursor's row to the region's top: up, or down from a committed row.
        let rowsUp = rows - rowsBelowCursor
        drawn = []
        cursorAtLineEnd = false
        cursorColumn = nil
        cursorRow = nil
        return (bytes + TerminalSequences.carriageReturn + TerminalSequences.up(rowsUp) + TerminalSequences.down(-rowsUp)
                + TerminalSequences.eraseBelow, abandoned)
    }

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
            if shared >= shortestMovedEnd {
                return Edit(column: column, shift: new.width - old.width, text: rest.droppingLastColumns(shared))
            }
        }
        return Edit(column: column, text: rest, erase: old.width > new.width)
    }

    /// The longest common start of `new` and `old` made of characters of agreed width (see
    /// ``hasAgreedWidth(_:)-(Unicode.Scalar)``), each a scalar of its own: where it ends in each
    /// string, and its width in columns.
    ///
    /// Walks scalars, not clusters. A scalar of agreed width is never one that joins the
    /// character before it, so each one accepted after another starts a cluster; only the last
    /// one accepted may be joined by what follows it, so it is given back when a non-ASCII scalar
    /// follows in either string (which can only shorten the prefix, never make it wrong).
    static func sharedPrefix(_ new: String, _ old: String) -> (new: String.Index, old: String.Index, width: Int) {
        let newScalars = new.unicodeScalars, oldScalars = old.unicodeScalars
        var newIndex = newScalars.startIndex, oldIndex = oldScalars.startIndex
        var lastNew = newIndex, lastOld = oldIndex
        var width = 0
        while newIndex != newScalars.endIndex, oldIndex != oldScalars.endIndex {
            let scalar = newScalars[newIndex]
            guard scalar == oldScalars[oldIndex], hasAgreedWidth(scalar) else { break }
            lastNew = newIndex
            lastOld = oldIndex
            newScalars.formIndex(after: &newIndex)
            oldScalars.formIndex(after: &oldIndex)
            width += 1
        }
        if width > 0, (newIndex != newScalars.endIndex && !newScalars[newIndex].isASCII)
            || (oldIndex != oldScalars.endIndex && !oldScalars[oldIndex].isASCII) {
            return (lastNew, lastOld, width - 1)
        }
        return (newIndex, oldIndex, width)
    }

    /// Columns at the ends of `old` and `new` holding the same characters in the same styles,
    /// each one that every terminal draws one column wide.
    ///
    /// Walks scalars from the end, as ``sharedPrefix(_:_:)`` does from the start: the first
    /// one accepted is given back when a non-ASCII scalar (one that might join it, as a prepended
    /// mark does) stands before it in either line.
    static func sharedSuffixWidth(_ old: StyledLine, _ new: StyledLine) -> Int {
        var olds = BackwardScalars(old), news = BackwardScalars(new)
        var width = 0
        // The spans whose styles were last found equal: styles are compared once per pair.
        var sameStyle = (old: -1, new: -1)
        while true {
            let a = olds.next(), b = news.next()
            guard let a, let b, a.scalar == b.scalar,
                  (a.span, b.span) == sameStyle || old.spans[a.span].style == new.spans[b.span].style,
                  hasAgreedWidth(a.scalar), a.scalar.isASCII || DisplayWidth.of(a.scalar) == 1 else {
                let joinable = (a.map { !$0.scalar.isASCII } ?? false) || (b.map { !$0.scalar.isASCII } ?? false)
                return joinable ? max(0, width - 1) : width
            }
            sameStyle = (a.span, b.span)
            width += 1
        }
    }

    /// A line's scalars from its end, each with the index of its span.
    ///
    /// Reads each span's UTF-8 backwards with the standard library's reverse parser: a table's
    /// rules and borders are all scalars of three bytes, and stepping back through a String's
    /// scalar view costs more than twice as much per scalar.
    private struct BackwardScalars {
        private let spans: [Span]
        private var span: Int
        /// The bytes of span `span` not yet read, from its end.
        private var bytes: ReversedCollection<String.UTF8View>.Iterator
        private var parser = Unicode.UTF8.ReverseParser()

        init(_ line: StyledLine) {
            spans = line.spans
            span = spans.count - 1
            bytes = (spans.last?.text.utf8 ?? "".utf8).reversed().makeIterator()
        }

        mutating func next() -> (scalar: Unicode.Scalar, span: Int)? {
            while span >= 0 {
                switch parser.parseScalar(from: &bytes) {
                case .valid(let encoded):
                    return (Unicode.UTF8.decode(encoded), span)
                case .error:
                    return ("\u{FFFD}", span)  // never: a String's bytes are valid UTF-8
                case .emptyInput:
                    span -= 1
                    if span >= 0 { bytes = spans[span].text.utf8.reversed().makeIterator() }
                }
            }
            return nil
        }
    }

    /// Whether some terminal may have drawn `line` wider than Rill measures it (emoji sequences,
    /// variation selectors, scripts whose width tables differ), so that it may have wrapped, and
    /// rewriting it must erase what it covered rather than trust its width. Not for a character
    /// that is one scalar Rill counts two columns wide (`✅`, `🔴`): no terminal draws one scalar
    /// wider than two (an older one may draw it narrower, see ``isDrawnAsCounted(_:)``).
    static func mayBeWiderOnScreen(_ line: StyledLine) -> Bool {
        line.spans.contains { span in
            !isDrawnAsCounted(span.text) && span.text.contains { character in
                let scalars = character.unicodeScalars
                guard scalars.count == 1, let scalar = scalars.first else { return true }
                return !(isDrawnAsCounted(scalar) || DisplayWidth.of(scalar) == 2)
            }
        }
    }

    /// Whether every terminal that can show `line` draws it at the widths Rill counts: text of
    /// agreed width (see ``hasAgreedWidth(_:)-(Unicode.Scalar)``) and CJK (see ``isWideEverywhere(_:)``).
    /// Only then may an edit keep the end of a line on screen after what it rewrote.
    static func isDrawnAsCounted(_ line: StyledLine) -> Bool {
        line.spans.allSatisfy { isDrawnAsCounted($0.text) }
    }

    static func isDrawnAsCounted(_ text: String) -> Bool {
        text.isASCII || text.unicodeScalars.allSatisfy(isDrawnAsCounted)
    }

    /// Whether every terminal that can show `scalar` draws it at the width Rill counts.
    static func isDrawnAsCounted(_ scalar: Unicode.Scalar) -> Bool {
        hasAgreedWidth(scalar) || isWideEverywhere(scalar)
    }

    /// Whether `scalar` is East Asian Wide or Halfwidth and a cluster of its own (CJK
    /// ideographs and punctuation, kana, Hangul syllables, fullwidth and halfwidth forms): no
    /// terminal that draws it draws it wider than Rill counts (one that cannot may draw it
    /// narrower, which wraps nothing).
    @inline(__always)
    static func isWideEverywhere(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x3000 && DisplayWidth.standsAlone(scalar)
    }

    /// Whether every terminal draws each scalar of `line` one column wide.
    static func hasAgreedWidth(_ line: StyledLine) -> Bool {
        line.spans.allSatisfy { hasAgreedWidth($0.text) }
    }

    /// Whether the columns of `line` from `start` to `end` hold whole characters, each a scalar
    /// every terminal draws one column wide: moving over them by cells lands at `end`.
    static func hasAgreedWidth(_ line: StyledLine, from start: Int, to end: Int) -> Bool {
        var at = 0
        for span in line.spans {
            if at + span.width <= start {
                at += span.width
                continue
            }
            for character in span.text {
                if at >= end { return true }
                if at >= start {
                    let scalars = character.unicodeScalars
                    guard scalars.count == 1, let scalar = scalars.first, hasAgreedWidth(scalar) else { return false }
                    at += 1
                } else {
                    at += DisplayWidth.of(character)
                    // A character across `start`: the cursor is not at a character's edge.
                    if at > start { return false }
                }
            }
        }
        return at >= end
    }

    /// Whether every terminal draws each scalar of `text` one column wide.
    static func hasAgreedWidth(_ text: String) -> Bool {
        text.isPrintableASCII || text.unicodeScalars.allSatisfy(hasAgreedWidth)
    }

    /// Whether every terminal draws `scalar` one column wide: printable ASCII, Latin letters,
    /// general punctuation, arrows, box drawing and block elements, and the markers Rill draws.
    static func hasAgreedWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20..<0x7F, 0xA0..<0x300, 0x2010..<0x2028, 0x2030..<0x205F, 0x2190..<0x2200, 0x2500..<0x25A0: true
        case 0x25A3, 0x25AA, 0x25E6, 0x2023, 0x2713, 0x2400..<0x2427: true  // ▣ ▪ ◦ ‣ ✓ control pictures
        default: false
        }
    }

    /// The line without the spaces that pad it with a background colour, if it has some.
    private static func unpadded(_ line: StyledLine) -> StyledLine? {
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
