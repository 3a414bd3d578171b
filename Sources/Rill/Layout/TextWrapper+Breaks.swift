/// Filling a line cell by cell and breaking it: where a line may break (after a space, between
/// wide characters), carrying the word that did not fit down to the next line, and turning the
/// cells of a finished line into spans.
extension TextWrapper.State {
    /// The cluster a cell holds.
    func character(_ cell: Cell) -> Character {
        Character(String(decoding: store[cell.start..<cell.start + cell.count], as: UTF8.self))
    }

    /// Whether a line may break between `previous` and `cell` (see ``TextWrapper/mayBreak(before:after:)``);
    /// never inside text that keeps whole (a URL), whose only breaks are spaces and hard cuts.
    @inline(__always)
    func mayBreak(before cell: Cell, after previous: Cell) -> Bool {
        guard cell.width == 2 || previous.width == 2 else { return false }
        guard !styles[cell.style].keepsWhole || !styles[previous.style].keepsWhole else { return false }
        return TextWrapper.mayBreak(before: cell.scalar, after: previous.scalar)
    }

    /// Whether, with ``breaksAfterHyphens``, a line may break before `cell` placed at `index` of
    /// the line: the cells before it are a letter or digit then `-`, and `cell` is a letter or
    /// digit (`2001-`/`Present`, `well-`/`known`; never `-`/`5` nor `--`/`flag`).
    @inline(__always)
    func mayBreakAfterHyphen(before cell: Cell, at index: Int) -> Bool {
        guard breaksAfterHyphens, index >= 2 else { return false }
        let hyphen = line[index - 1]
        guard hyphen.count == 1, store[hyphen.start] == UInt8(ascii: "-") else { return false }
        return Self.isWordCharacter(character(cell)) && Self.isWordCharacter(character(line[index - 2]))
    }

    /// A letter or a digit, on either side of a hyphen a line may break after.
    static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    /// Adds a cell; ``decider`` must already say where its source bytes end.
    mutating func add(_ cell: Cell) {
        let atLineStart = line.isEmpty
        if cell.isSpace, atLineStart, !lines.isEmpty || continuing {
            droppedSpace = cell  // no spaces opening a wrapped line
            return
        }
        droppedSpace = nil
        if let previous = line.last, !cell.isSpace,
           previous.isSpace || mayBreak(before: cell, after: previous) || mayBreakAfterHyphen(before: cell, at: line.count) {
            breakAt = line.count
        }
        if lineWidth + cell.width > width {
            if cell.isSpace {
                endLine(hard: false)  // the space is the break
                droppedSpace = cell
                return
            }
            if let index = breakAt, index > 0 {
                cut(at: index)
            }
            if lineWidth + cell.width > width, !line.isEmpty {
                endLine(hard: false)  // no break opportunity left: break the word hard
            }
        }
        line.append(cell)
        lineWidth += cell.width
    }

    /// Where the line being filled may last be cut (see ``breakAt``), found again from its cells.
    func lastBreak() -> Int? {
        line.indices.dropFirst().last { i in
            !line[i].isSpace && (line[i - 1].isSpace || mayBreak(before: line[i], after: line[i - 1])
                || mayBreakAfterHyphen(before: line[i], at: i))
        }
    }

    /// Ends the line at `index` and carries the cells after it (minus leading spaces) down.
    mutating func cut(at index: Int) {
        emit(line[..<index])
        afterSoftWrap = true
        var rest = index
        while rest < line.count, line[rest].isSpace { rest += 1 }
        line.removeSubrange(0..<rest)
        lineWidth = line.reduce(0) { $0 + $1.width }
        breakAt = lastBreak()
        // A continuation line narrower than the first may not hold the carried word.
        while lineWidth > width {
            var fit = 0, columns = 0
            while fit < line.count, columns + line[fit].width <= width {
                columns += line[fit].width
                fit += 1
            }
            emit(line[..<fit])
            afterSoftWrap = true
            line.removeSubrange(0..<fit)
            lineWidth -= columns
            breakAt = nil
        }
    }

    /// Ends the line at a forced break; a break before any text (display math opening a
    /// paragraph) makes no empty line.
    mutating func hardBreak() {
        if lines.isEmpty, line.isEmpty, !continuing { return }
        endLine(hard: true)
    }

    mutating func endLine(hard: Bool = true) {
        emit(line[...])
        afterSoftWrap = !hard
        line.removeAll(keepingCapacity: true)
        lineWidth = 0
        breakAt = nil
        droppedSpace = nil
    }

    /// Appends a finished line, trailing spaces removed, cells grouped into spans by style.
    mutating func emit(_ cells: ArraySlice<Cell>) {
        // A line that follows a soft wrap can be wrapped again from its first character.
        restartOffsets.append(afterSoftWrap ? cells.first?.offset : nil)
        decidedBy.append(decider)
        lines.append(line(of: cells))
    }

    /// The line ``finish()`` would end with (and where it may be restarted from), without
    /// ending it: nil when finishing adds no line.
    func lastLine() -> (line: StyledLine, restartOffset: Int?)? {
        guard !line.isEmpty || (lines.isEmpty && !continuing) else { return nil }
        return (self.line(of: line[...]), afterSoftWrap ? line.first?.offset : nil)
    }

    /// `cells` as a line: trailing spaces removed, cells grouped into spans by style.
    func line(of cells: ArraySlice<Cell>) -> StyledLine {
        var end = cells.endIndex
        while end > cells.startIndex, cells[end - 1].isSpace { end -= 1 }
        // A run of cells of one style whose bytes follow each other in the store (the cells
        // of a line do, as clusters are stored in order) becomes a span in one piece.
        var out = StyledLine()
        store.withUnsafeBufferPointer { store in cells[cells.startIndex..<end].withUnsafeBufferPointer { cells in
            var next = 0
            while next < cells.count {
                let style = cells[next].style, start = cells[next].start
                var bytesEnd = start + cells[next].count, width = cells[next].width
                next += 1
                while next < cells.count, cells[next].style == style, cells[next].start == bytesEnd {
                    bytesEnd += cells[next].count
                    width += cells[next].width
                    next += 1
                }
                let text = String(decoding: UnsafeBufferPointer(rebasing: store[start..<bytesEnd]), as: UTF8.self)
                out.append(Span(text, styles[style], width: width))
            }
        } }
        return out
    }

    mutating func finish() -> [StyledLine] {
        decider = .max
        if !line.isEmpty || (lines.isEmpty && !continuing) { endLine() }
        return lines
    }
}

extension TextWrapper {
    /// A break is allowed between two clusters when either is wide (CJK ideographs, kana,
    /// Hangul, fullwidth forms), except before closing punctuation and after opening punctuation.
    /// Each is the scalar alone in its cluster, or 0 for a cluster of several.
    ///
    /// - Complexity: O(1), a switch over scalar values.
    fileprivate static func mayBreak(before scalar: UInt32, after previous: UInt32) -> Bool {
        !isClosingPunctuation(scalar) && !isOpeningPunctuation(previous)
    }

    /// Punctuation that must not start a line.
    private static func isClosingPunctuation(_ scalar: UInt32) -> Bool {
        switch Unicode.Scalar(scalar) ?? "\0" {
        case "、", "。", "，", "．", "：", "；", "？", "！", "）", "」", "』", "】", "〉", "》", "〕", "ー", "…",
             ")", ",", ".", ":", ";", "?", "!", "%":
            true
        default:
            false
        }
    }

    /// Punctuation that must not end a line.
    private static func isOpeningPunctuation(_ scalar: UInt32) -> Bool {
        switch Unicode.Scalar(scalar) ?? "\0" {
        case "「", "『", "（", "【", "〈", "《", "〔", "［", "｛", "〖", "〘", "“", "‘", "(", "[", "{":
            true
        default:
            false
        }
    }
}
