/// Wraps styled spans into lines no wider than a given width.
///
/// Greedy, so each line depends only on the text before it (what lets a streamed paragraph
/// commit its early lines): lines break at spaces, and between wide (CJK) characters where no
/// space exists (never before closing or after opening punctuation); a word longer than the
/// line is broken hard at a cluster boundary. Spaces at a break are dropped. A `"\n"` in a span
/// forces a line break (a markdown hard break). Lines after the first may be given a narrower
/// width, for a hanging indent.
public enum TextWrapper {
    /// One grapheme cluster on the line being filled.
    private struct Cell {
        var character: Character
        var style: Int
        var width: Int
        var isSpace: Bool { character == " " }
    }

    /// Lines of at most `width` columns holding `spans` in order. Empty input gives one empty line.
    ///
    /// With `continuationWidth`, lines after the first are at most that wide instead: the room
    /// left beside a hanging indent the caller adds to them.
    ///
    /// - Complexity: O(n) in the number of grapheme clusters (a carried word is re-measured once).
    public static func wrap(_ spans: [Span], width: Int, continuationWidth: Int? = nil) -> [StyledLine] {
        var wrapper = State(firstWidth: max(1, width), restWidth: max(1, continuationWidth ?? width))
        for span in spans { wrapper.add(span) }
        return wrapper.finish()
    }

    private struct State {
        let firstWidth: Int
        let restWidth: Int
        /// The width of the line being filled.
        var width: Int { lines.isEmpty ? firstWidth : restWidth }
        var styles: [TextStyle] = []
        var lines: [StyledLine] = []
        var line: [Cell] = []
        var lineWidth = 0
        /// Where the current line may be cut: cells before it stay, the rest moves down.
        var breakAt: Int?

        init(firstWidth: Int, restWidth: Int) {
            self.firstWidth = firstWidth
            self.restWidth = restWidth
        }

        mutating func add(_ span: Span) {
            let style: Int
            if let last = styles.indices.last, styles[last] == span.style {
                style = last
            } else {
                styles.append(span.style)
                style = styles.count - 1
            }
            for character in span.text {
                if character == "\n" || character == "\r\n" {
                    endLine()
                    continue
                }
                let columns = DisplayWidth.of(character)
                if columns > min(firstWidth, restWidth) {
                    // A wide character on a one-column line cannot be shown: mark its place.
                    add(Cell(character: "…", style: style, width: 1))
                } else {
                    add(Cell(character: character, style: style, width: columns))
                }
            }
        }

        mutating func add(_ cell: Cell) {
            let atLineStart = line.isEmpty
            if cell.isSpace, atLineStart, !lines.isEmpty { return }  // no spaces opening a wrapped line
            if let previous = line.last, !cell.isSpace, previous.isSpace || TextWrapper.mayBreak(before: cell, after: previous) {
                breakAt = line.count
            }
            if lineWidth + cell.width > width {
                if cell.isSpace {
                    endLine()  // the space is the break
                    return
                }
                if let index = breakAt, index > 0 {
                    cut(at: index)
                }
                if lineWidth + cell.width > width, !line.isEmpty {
                    endLine()  // no break opportunity left: break the word hard
                }
            }
            line.append(cell)
            lineWidth += cell.width
        }

        /// Ends the line at `index` and carries the cells after it (minus leading spaces) down.
        mutating func cut(at index: Int) {
            emit(line[..<index])
            var rest = index
            while rest < line.count, line[rest].isSpace { rest += 1 }
            line.removeSubrange(0..<rest)
            lineWidth = line.reduce(0) { $0 + $1.width }
            breakAt = nil
            for i in line.indices.dropFirst() where !line[i].isSpace
                && (line[i - 1].isSpace || TextWrapper.mayBreak(before: line[i], after: line[i - 1])) {
                breakAt = i
            }
            // A continuation line narrower than the first may not hold the carried word.
            while lineWidth > width {
                var fit = 0, columns = 0
                while fit < line.count, columns + line[fit].width <= width {
                    columns += line[fit].width
                    fit += 1
                }
                emit(line[..<fit])
                line.removeSubrange(0..<fit)
                lineWidth -= columns
                breakAt = nil
            }
        }

        mutating func endLine() {
            emit(line[...])
            line.removeAll(keepingCapacity: true)
            lineWidth = 0
            breakAt = nil
        }

        /// Appends a finished line, trailing spaces removed, cells grouped into spans by style.
        mutating func emit(_ cells: ArraySlice<Cell>) {
            var end = cells.endIndex
            while end > cells.startIndex, cells[end - 1].isSpace { end -= 1 }
            var out = StyledLine()
            var run = ""
            var runStyle = -1
            for cell in cells[cells.startIndex..<end] {
                if cell.style != runStyle {
                    if !run.isEmpty { out.append(Span(run, styles[runStyle])) }
                    run = ""
                    runStyle = cell.style
                }
                run.append(cell.character)
            }
            if !run.isEmpty { out.append(Span(run, styles[runStyle])) }
            lines.append(out)
        }

        mutating func finish() -> [StyledLine] {
            if !line.isEmpty || lines.isEmpty { endLine() }
            return lines
        }
    }

    /// A break is allowed between two clusters when either is wide (CJK ideographs, kana,
    /// Hangul, fullwidth forms), except before closing punctuation and after opening punctuation.
    private static func mayBreak(before cell: Cell, after previous: Cell) -> Bool {
        guard cell.width == 2 || previous.width == 2 else { return false }
        return !closingPunctuation.contains(cell.character) && !openingPunctuation.contains(previous.character)
    }

    /// Punctuation that must not start a line.
    private static let closingPunctuation: Set<Character> = [
        "、", "。", "，", "．", "：", "；", "？", "！", "）", "」", "』", "】", "〉", "》", "〕", "ー", "…",
        ")", ",", ".", ":", ";", "?", "!", "%",
    ]

    /// Punctuation that must not end a line.
    private static let openingPunctuation: Set<Character> = [
        "「", "『", "（", "【", "〈", "《", "〔", "［", "｛", "〖", "〘", "“", "‘",
        "(", "[", "{",
    ]
}
