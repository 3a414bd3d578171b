extension ANSIEncoder {
    /// Appends `line` like ``encode(_:into:pen:)`` where the terminal already shows the first
    /// `blankWidth` cells from the cursor blank (a row a line feed made, cells an insert just
    /// opened): a run of spaces there without attributes is passed with a move right (CUF)
    /// when the move is shorter. A table row's padding, written into a new row, costs a few
    /// bytes instead of its width.
    ///
    /// A run whose end could reach `margin` is written: the move stops at the margin, where
    /// written text would leave the cursor waiting to wrap. `slack` is how many columns wider
    /// than counted a terminal may draw the text before a run (see
    /// ``LivePainter/maxDrawnWidth(_:)``).
    ///
    /// - Complexity: O(n) in the line's length.
    func encode(_ line: StyledLine, into output: inout [UInt8], pen: inout TextStyle,
                overBlank blankWidth: Int, margin: Int, slack: @autoclosure () -> Int) {
        let runs = depth == .none || (pen.background == nil && !pen.isInverse)
            ? passableRuns(in: line, blankWidth: blankWidth) : []
        guard !runs.isEmpty else {
            encode(line, into: &output, pen: &pen)
            return
        }
        let slack = slack()
        var pending = StyledLine()  // text before the next run passed, not yet written
        var spanIndex = 0
        var offset = 0  // UTF-8 offset in the span at `spanIndex` where what is not written yet starts
        /// Moves what is not written yet of the spans before `end` into `pending`.
        func takeSpans(before end: Int) {
            while spanIndex < end {
                pending.append(offset == 0 ? line.spans[spanIndex] : Self.piece(of: line.spans[spanIndex], from: offset))
                spanIndex += 1
                offset = 0
            }
        }
        for run in runs where run.column + run.length + slack < margin {
            takeSpans(before: run.span)
            let span = line.spans[spanIndex]
            let before = Substring(span.text.utf8.dropFirst(offset).prefix(run.start - offset))
            // A joiner before the move would join nothing on screen; such a run is written.
            if (before.unicodeScalars.last ?? pending.spans.last?.text.unicodeScalars.last) == "\u{200D}" { continue }
            if !before.isEmpty { pending.append(Span(String(before), span.style)) }
            if !pending.spans.isEmpty { encode(pending, into: &output, pen: &pen) }
            pending = StyledLine()
            if isSet(pen) {  // no attribute is left set at a move
                output += Self.reset
                pen = .plain
            }
            output += TerminalSequences.right(run.length)
            offset = run.start + run.length
        }
        takeSpans(before: line.spans.count)
        if !pending.spans.isEmpty { encode(pending, into: &output, pen: &pen) }
    }

    /// A run of spaces worth a move right: in span `span`, from UTF-8 offset `start`, at
    /// `column` of the line.
    struct PassableRun {
        var span: Int
        var start: Int
        var length: Int
        var column: Int
    }

    /// The runs of attribute-free spaces in `line` longer than the move that passes them, within
    /// its first `blankWidth` columns. Spaces between words are one-space runs: a line of prose
    /// is scanned by bytes and nothing else, and measured only up to a run found.
    func passableRuns(in line: StyledLine, blankWidth: Int) -> [PassableRun] {
        var runs: [PassableRun] = []
        var column = 0
        for (index, span) in line.spans.enumerated() {
            guard column < blankWidth else { break }
            defer { column += span.width }
            guard isBlankLook(span.style), span.text.utf8.count >= Self.shortestPassedRun else { continue }
            var measured = 0  // UTF-8 offset up to which `width` counts
            var width = 0
            var text = span.text
            text.withUTF8 { bytes in
                var offset = 0
                while offset < bytes.count {
                    guard bytes[offset] == 0x20 else {
                        offset += 1
                        continue
                    }
                    var end = offset + 1
                    while end < bytes.count, bytes[end] == 0x20 { end += 1 }
                    // A scalar that joins the space before it (a mark, an emoji modifier) makes
                    // that space part of its cluster: passed with a move, it would be left out
                    // and the scalar drawn alone. That space is written with it.
                    let next = end < bytes.count
                        ? (bytes[end] < 0x80 ? nil : Substring(span.text.utf8.dropFirst(end)).unicodeScalars.first)
                        : (index + 1 < line.spans.count ? line.spans[index + 1].text.unicodeScalars.first : nil)
                    let runEnd = next.map { Self.joinsSpace($0) } == true ? end - 1 : end
                    let length = runEnd - offset
                    if length > Self.moveRightLength(length) {
                        width += DisplayWidth.of(Substring(span.text.utf8.dropFirst(measured).prefix(offset - measured)))
                        let runColumn = column + width
                        if runColumn + length <= blankWidth {
                            runs.append(PassableRun(span: index, start: offset, length: length, column: runColumn))
                        }
                        width += length
                        measured = runEnd
                    }
                    offset = end
                }
            }
        }
        return runs
    }

    /// Whether `scalar` after a space makes one grapheme cluster with it.
    static func joinsSpace(_ scalar: Unicode.Scalar) -> Bool {
        !scalar.isASCII && !DisplayWidth.standsAlone(scalar) && (" " + String(scalar)).count == 1
    }

    /// `span` from UTF-8 offset `offset` on (a boundary after a run of spaces).
    private static func piece(of span: Span, from offset: Int) -> Span {
        Span(String(Substring(span.text.utf8.dropFirst(offset))), span.style)
    }

    /// Whether a space in `style` is a cell nothing was written to: no attribute this encoder
    /// writes, no link.
    func isBlankLook(_ style: TextStyle) -> Bool {
        style.hyperlink == nil && (depth == .none || Self.sameLook(style, .plain))
    }

    /// Fewest spaces a move right can pass in fewer bytes ("ESC [ 5 C" is four).
    static let shortestPassedRun = 5

    /// Bytes of CUF by `count` columns: ESC, `[`, the decimal digits, `C`.
    static func moveRightLength(_ count: Int) -> Int {
        var digits = 1
        var rest = count / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return 3 + digits
    }
}
