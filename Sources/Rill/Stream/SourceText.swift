/// Line-level questions about the normalized source, asked by the engine while it moves its
/// frontiers. Offsets are stream offsets.
extension Array where Element == UInt8 {
    /// Whether the line starting at `lineStart` starts with `[` after at most three spaces.
    func startsWithBracket(at lineStart: Int) -> Bool {
        var index = lineStart
        while index < Swift.min(lineStart + 3, count), self[index] == 0x20 { index += 1 }
        return index < count && self[index] == 0x5B
    }

    /// The indentation of the line starting at `lineStart`, read up to column 4: its columns (a
    /// tab moves to the next multiple of 4) and where the bytes read end (at the first byte
    /// other than a space or a tab, when it comes before column 4).
    ///
    /// - Complexity: O(1): at most four bytes are read.
    func indentation(lineStart: Int) -> (columns: Int, end: Int) {
        var column = 0
        var index = lineStart
        while index < count, column < 4, self[index] == 0x20 || self[index] == 0x09 {
            column += self[index] == 0x09 ? 4 - column % 4 : 1
            index += 1
        }
        return (column, index)
    }

    /// Whether the line starting at `lineStart` holds a byte other than a space or a tab before
    /// column 4 (see ``indentation(lineStart:)``): it can neither continue indented code nor turn
    /// out blank, whatever text follows on it.
    ///
    /// - Complexity: O(1): at most five bytes are read.
    func holdsTextBeforeCodeIndent(lineStart: Int) -> Bool {
        let (columns, end) = indentation(lineStart: lineStart)
        return columns < 4 && end < count && self[end] != 0x0A && self[end] != 0x0D
    }

    /// Whether the line at `lineStart`, complete or not, already starts a block that ends a table
    /// right above it, whatever text follows on it: an indent of four columns or more (indented
    /// code, or a blank line), else after at most three spaces a block quote (`>`), a list item
    /// (`-`, `+`, `*`, or one to nine digits and `.` or `)`, then a space or a tab) or an ATX
    /// heading (one to six `#`, then a space or a tab). cmark-gfm takes a line that starts none of
    /// them (`a|b`, `#a`, `-a`, `1.a`) as a row of the table.
    ///
    /// - Complexity: O(1): at most 17 bytes are read.
    func startsBlockEndingTable(lineStart: Int) -> Bool {
        let (columns, index) = indentation(lineStart: lineStart)
        if columns >= 4 { return true }
        guard index < count else { return false }
        /// Whether a space or a tab follows the marker that ends before `end`.
        func spaced(after end: Int) -> Bool { end < count && (self[end] == 0x20 || self[end] == 0x09) }
        switch self[index] {
        case UInt8(ascii: ">"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*"):
            return spaced(after: index + 1)
        case UInt8(ascii: "#"):
            var end = index
            while end < count, end - index < 7, self[end] == UInt8(ascii: "#") { end += 1 }
            return end - index <= 6 && spaced(after: end)
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            var end = index
            while end < count, end - index < 10, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self[end]) { end += 1 }
            guard end - index <= 9, end < count, self[end] == UInt8(ascii: ".") || self[end] == UInt8(ascii: ")") else { return false }
            return spaced(after: end + 1)
        default:
            return false
        }
    }

    /// Offset of the first byte of the line holding `offset`.
    ///
    /// - Complexity: O(length of that line).
    func lineStart(containing offset: Int) -> Int {
        var index = Swift.min(offset, count)
        while index > 0 {
            let byte = self[index - 1]
            if byte == 0x0A || byte == 0x0D { return index }
            index -= 1
        }
        return 0
    }

    /// Offset just past the line ending of the line holding `offset`, or `count` when that line
    /// has no ending yet.
    func nextLineStart(after offset: Int) -> Int {
        var index = Swift.max(0, offset)
        while index < count {
            let byte = self[index]
            if byte == 0x0A { return index + 1 }
            if byte == 0x0D {
                if index + 1 < count, self[index + 1] == 0x0A { return index + 2 }
                return index + 1
            }
            index += 1
        }
        return count
    }

    /// Whether the line before the one starting at `lineStart` holds only spaces and tabs (false
    /// for the first line, which has none before it).
    func isBlankLine(before lineStart: Int) -> Bool {
        guard lineStart > 0, lineStart <= count else { return false }
        var ending = lineStart - 1  // the line's ending: LF, CR, or the LF of CR LF
        if self[ending] == 0x0A, ending > 0, self[ending - 1] == 0x0D { ending -= 1 }
        let start = self.lineStart(containing: ending)
        return start > 0 && self[start..<ending].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// Whether `range` holds only spaces, tabs and line endings.
    func holdsOnlyWhitespace(_ range: Range<Int>) -> Bool {
        self[range].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }

    /// `end` moved back over spaces and tabs, not before `start`: where a line's text ends when
    /// cmark trims it.
    func endTrimmingSpaces(_ end: Int, notBefore start: Int) -> Int {
        var end = end
        while end > start, self[end - 1] == 0x20 || self[end - 1] == 0x09 { end -= 1 }
        return end
    }

    /// `end` moved back over the word that ends there (bytes other than spaces and tabs), not
    /// before `start`: where that word starts.
    func wordStart(before end: Int, notBefore start: Int) -> Int {
        var index = end
        while index > start, self[index - 1] != 0x20, self[index - 1] != 0x09 { index -= 1 }
        return index
    }

    /// Whether `range` holds a `]`: the block there uses brackets, so a link reference
    /// definition arriving later might change it.
    func containsClosingBracket(in range: Range<Int>) -> Bool {
        let lower = Swift.max(0, Swift.min(range.lowerBound, count))
        let upper = Swift.max(lower, Swift.min(range.upperBound, count))
        return withUnsafeBufferPointer { String.contains(0x5D, in: UnsafeBufferPointer(rebasing: $0[lower..<upper])) }
    }

    /// Offset where the text of the line holding `offset` ends: before its line ending, or at
    /// `count` when it has none yet.
    func lineContentEnd(from offset: Int) -> Int {
        var index = Swift.max(0, offset)
        while index < count, self[index] != 0x0A, self[index] != 0x0D { index += 1 }
        return index
    }

    /// Offset where the line before the one starting at `lineStart` starts (`lineStart` itself
    /// for the first line): past a line ending of LF, CR or CR LF.
    ///
    /// - Complexity: O(length of that line).
    func previousLineStart(before lineStart: Int) -> Int {
        guard lineStart > 0, lineStart <= count else { return lineStart }
        var ending = lineStart - 1  // the line's ending: LF, CR, or the LF of CR LF
        if self[ending] == 0x0A, ending > 0, self[ending - 1] == 0x0D { ending -= 1 }
        return self.lineStart(containing: ending)
    }
}
