/// How a terminal that rewraps its lines on a resize (tmux, and most terminals today) shows the
/// live region after its width changed: every line drawn at the old width takes as many rows of
/// the new width as its cells fill, a wide character that does not fit at a row's end going to
/// the next. Lines Rill wrote end with a line feed, never by running past the margin, so no
/// terminal joins two of them when it grows wider.
extension LivePainter {
    /// The rows `line`, drawn at some width, takes once a terminal rewraps it to `columns`
    /// columns; `upTo`, when given, counts only the cells before that column (where the cursor
    /// is): the row the cursor is then on is the count minus one.
    ///
    /// Cells the line only padded with attribute-free spaces are not counted: Rill passes
    /// padding over blank cells rather than writing it, and a terminal rewraps what was written.
    ///
    /// - Complexity: O(the line's length).
    static func rowsWhenRewrapped(_ line: StyledLine, columns: Int, upTo limit: Int? = nil) -> Int {
        let columns = max(1, columns)
        var rows = 1, column = 0, cells = 0, blank = 0
        func place(_ width: Int) {
            if column + width > columns {
                rows += 1
                column = 0
            }
            column += width
        }
        for span in line.spans {
            let isPadding = span.style.background == nil && !span.style.isInverse && !span.style.isUnderlined
            for character in span.text {
                if let limit, cells >= limit { break }
                let width = DisplayWidth.of(character)
                cells += width
                if isPadding, character == " " {
                    blank += width
                    continue
                }
                // Blank cells before a written one were written, or passed over inside the line.
                for _ in 0..<blank { place(1) }
                blank = 0
                place(width)
            }
        }
        if let limit {
            // The cursor is after the blank cells before it, wherever it rests.
            for _ in 0..<max(0, limit - cells) + blank { place(1) }
        }
        return rows
    }
}
