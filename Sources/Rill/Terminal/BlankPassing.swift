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
                overBlank blankWidth: Int, margin: Int, slack: Int) {
        guard depth == .none || (pen.background == nil && !pen.isInverse), blankWidth > 0,
              line.spans.contains(where: { isBlankLook($0.style) && $0.text.utf8.count >= Self.shortestPassedRun }) else {
            encode(line, into: &output, pen: &pen)
            return
        }
        var pending = StyledLine()  // text before the next run passed, not yet written
        var column = 0
        for span in line.spans {
            let bytes = span.text.utf8
            guard isBlankLook(span.style), column < blankWidth, bytes.count >= Self.shortestPassedRun else {
                pending.append(span)
                column += span.width
                continue
            }
            var segmentStart = bytes.startIndex
            var index = bytes.startIndex
            while index < bytes.endIndex {
                guard bytes[index] == 0x20 else {
                    index = bytes.index(after: index)
                    continue
                }
                var runEnd = index
                while runEnd < bytes.endIndex, bytes[runEnd] == 0x20 { runEnd = bytes.index(after: runEnd) }
                let length = bytes.distance(from: index, to: runEnd)
                defer { index = runEnd }
                // Measured only for a run worth passing: most runs are one space between words.
                guard length > Self.moveRightLength(length) else { continue }
                let before = Substring(span.text.utf8[segmentStart..<index])
                let runStart = column + DisplayWidth.of(before)
                if runStart + length <= blankWidth, runStart + length + slack < margin,
                   (before.unicodeScalars.last ?? pending.spans.last?.text.unicodeScalars.last) != "\u{200D}" {
                    if !before.isEmpty { pending.append(Span(String(before), span.style)) }
                    if !pending.spans.isEmpty { encode(pending, into: &output, pen: &pen) }
                    pending = StyledLine()
                    if isSet(pen) {  // no attribute is left set at a move
                        output += Self.reset
                        pen = .plain
                    }
                    output += TerminalSequences.right(length)
                    column = runStart + length
                    segmentStart = runEnd
                }
            }
            let rest = Substring(span.text.utf8[segmentStart...])
            if !rest.isEmpty {
                let piece = Span(String(rest), span.style)
                pending.append(piece)
                column += piece.width
            }
        }
        if !pending.spans.isEmpty { encode(pending, into: &output, pen: &pen) }
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
