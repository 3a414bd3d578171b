/// Where a line's characters start and end: the only columns at which an edit may cut a line.
///
/// A terminal keeps a wide character in two cells. Deleting one of them (DCH), inserting cells
/// between them (ICH) or writing over one of them orphans the other, and terminals differ in
/// what they do with an orphan: tmux blanks the wide character beside which one is next
/// overwritten, a neighbour the edit never meant to touch. So every cell an edit deletes,
/// inserts or writes starts and ends at a character's edge in the line it changes.
///
/// | Before  | After   | Edit                                                      |
/// |---------|---------|-----------------------------------------------------------|
/// | `ab文cd` | `abcd`  | at column 2, delete 2 cells: `文` whole                     |
/// | `a文cd`  | `a cd`  | not at column 1, delete 1 cell, write ` ` (half of `文`)    |
/// | `a文cd`  | `a cd`  | at column 0, delete 1 cell (`a`), write `a `: whole cells    |
extension LivePainter {
    /// Columns an edit whose deletion ends inside a character is started earlier, at most: no
    /// character is wider than two columns, so a column earlier the deletion ends at its start.
    static let deletionReach = 1

    /// Whether a character of `line` starts at `column`, or the line ends there: no character
    /// is drawn across it.
    ///
    /// - Complexity: O(characters of `line` before `column`).
    static func isCharacterEdge(_ column: Int, of line: StyledLine) -> Bool {
        var at = 0
        for span in line.spans {
            if at + span.width <= column {
                at += span.width
                continue
            }
            // A span of printable ASCII is a column per character.
            if span.text.isPrintableASCII { return column >= at }
            for character in span.text {
                if at >= column { return at == column }
                at += DisplayWidth.of(character)
            }
        }
        return at == column
    }

    /// The columns `range` of `line` as a line of their own: nil unless both ends are
    /// character edges (see ``isCharacterEdge(_:of:)``).
    static func columns(_ range: Range<Int>, of line: StyledLine) -> StyledLine? {
        var slice = StyledLine()
        var at = 0
        for span in line.spans {
            guard at < range.upperBound else { break }
            if at + span.width <= range.lowerBound {
                at += span.width
                continue
            }
            var text = ""
            for character in span.text {
                let start = at
                at += DisplayWidth.of(character)
                if at <= range.lowerBound { continue }  // before (or, of no width, joined to a character before)
                if start >= range.upperBound { break }
                // A character across either end: not a slice of whole characters.
                guard start >= range.lowerBound, at <= range.upperBound else { return nil }
                text.append(character)
            }
            slice.append(Span(text, span.style))
        }
        return slice.width == range.count ? slice : nil
    }

    /// `edit` of `old` into `new`, its deletion (a negative shift) made of whole characters of
    /// `old`: the edit itself when the cells it deletes end at a character's edge, else the same
    /// edit started at most `reach` columns earlier, over columns the two lines share (written
    /// again, as they are), where they do. Nil when no start within reach ends the deletion at
    /// an edge.
    ///
    /// The cells deleted start at the edit's column, an edge of both lines; the text written
    /// after ends where the two lines' shared end starts, an edge too. Only the far end of the
    /// deletion can cut a character: half of a wide one that the text then overwrites.
    static func deletingWholeCharacters(_ edit: Edit, old: StyledLine, new: StyledLine, reach: Int) -> Edit? {
        guard edit.shift < 0 else { return edit }
        for start in stride(from: edit.column, through: max(0, edit.column - reach), by: -1)
            where isCharacterEdge(start - edit.shift, of: old) {
            if start == edit.column { return edit }
            guard let kept = columns(start..<edit.column, of: new), columns(start..<edit.column, of: old) == kept else {
                continue
            }
            return Edit(column: start, shift: edit.shift, text: edit.text.prefixed(by: kept), erase: edit.erase,
                        eraseBefore: edit.eraseBefore)
        }
        return nil
    }
}
