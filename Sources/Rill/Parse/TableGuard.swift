/// Keeps cmark-gfm's table extension linear by rewriting, byte for byte and before cmark sees
/// them, the lines that would make it do more than linear work. Every parse (one-shot, slice,
/// growth) goes through it, so all parses agree; offsets are unchanged (same-length rewrite).
///
/// The table extension of cmark-gfm 0.29.0.gfm.6 has three costs that grow faster than the input:
/// - a row's cells are kept in a linked list appended at its end, so a line with *k* cells costs
///   O(k²) (a 50 KB table row of pipes takes over 30 s);
/// - every body row gets one cell per header column, however short it is, so a wide header
///   multiplies every following short line (1,000 columns × 16,000 rows of `a`: over 20 s);
/// - each line that looks like a delimiter row makes it split the whole paragraph above into
///   cells again to compare the column counts, so a paragraph of such lines whose counts never
///   match is quadratic (40 KB: 28 s).
///
/// The rules, applied line by line:
/// 1. on a line, unescaped `|` after the first `maxColumns + 1` are not cell separators;
/// 2. a delimiter row of more than ``maxColumns`` columns is not a delimiter row, so a table has
///    at most ``maxColumns`` columns (a wider one is shown as the paragraph it then is);
/// 3. a delimiter row whose previous line has a different number of cells is not a delimiter
///    row (cmark would refuse it anyway, after the quadratic comparison).
///
/// A byte that stands for `|` or `-` is one that never occurs in normalized text (the
/// ``UTF8Normalizer/reservedBytes``), valid UTF-8 so that cmark still reads the line as table
/// cells, and ``GuardMarks/restore(_:)`` puts the original back in every string taken from the tree.
/// Rules 2 and 3 replace a `-` of a line made only of `|`, `-`, `:` and spaces: the line keeps
/// its cells and text, it only cannot start a table. Rule 1 replaces pipes, which cmark's inline
/// parser treats as punctuation and the mark as a letter, so emphasis directly next to a pipe
/// past the cap may differ from cmark-gfm's own reading.
enum TableGuard {
    /// Widest table, in columns (see ``ParseLimits/maxTableColumns``).
    static let maxColumns = ParseLimits.maxTableColumns
    /// Stands for a `|` that is not a cell separator.
    static let pipeMark = UTF8Normalizer.reservedBytes.first
    /// Stands for a `-` that keeps a line from being a delimiter row.
    static let dashMark = UTF8Normalizer.reservedBytes.second

    /// The rewritten copy of `text`, or nil when no line needs rewriting; `markedPipes` counts
    /// the pipes rule 1 marked.
    ///
    /// - Complexity: O(n) in the length of `text`.
    static func guarded(_ text: UnsafeRawBufferPointer, markedPipes: inout Int) -> [UInt8]? {
        let bytes = text.bindMemory(to: UInt8.self)
        let firstMark = WordBytes.firstFlaggedWord(in: bytes) { WordBytes.equal(to: 0x7C, in: $0) | WordBytes.equal(to: 0x3A, in: $0) }
        guard bytes[firstMark...].contains(where: { $0 == 0x7C || $0 == 0x3A }) else { return nil }
        var output: [UInt8]?
        func write(_ byte: UInt8, at index: Int) {
            if output == nil { output = Array(bytes) }
            output?[index] = byte
        }
        func byte(_ index: Int) -> UInt8 { output?[index] ?? bytes[index] }

        var previousLine: Range<Int>?  // nil before the first
        var start = 0
        let count = bytes.count
        while start <= count {
            var end = start
            while end < count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            // Rule 1: pipes beyond the cap are not separators. They are marked in a copy held
            // apart from `output`, which the closures share: each access to it is checked.
            var pipes = 0
            var firstPastCap: Int?
            for index in start..<end where bytes[index] == 0x7C && (index == start || bytes[index - 1] != 0x5C) {
                pipes += 1
                if pipes > maxColumns + 1 {
                    firstPastCap = index
                    break
                }
            }
            if let firstPastCap {
                var marked = output ?? Array(bytes)
                output = nil
                for index in firstPastCap..<end where bytes[index] == 0x7C && bytes[index - 1] != 0x5C {
                    marked[index] = pipeMark
                    markedPipes += 1
                }
                output = marked
            }
            let line = start..<end
            // Rules 2 and 3: a delimiter row too wide or not matching its header line.
            if let columns = delimiterColumns(line, byte) {
                // The previous line's cells as a header, counted only below a delimiter row.
                let headerCells = previousLine.map { cells(headerContent($0, byte), byte) }
                if columns > maxColumns || columns != headerCells {
                    if let dash = line.last(where: { byte($0) == 0x2D }) { write(dashMark, at: dash) }
                }
            }
            previousLine = line
            if end == count { break }
            start = end + 1
            if bytes[end] == 0x0D, start < count, bytes[start] == 0x0A { start += 1 }
        }
        return output
    }

    /// The column count of the table that `delimiter` opens under `header` (the line before it)
    /// as cmark-gfm reads them after ``guarded(_:)``: nil when the line is no delimiter row, is
    /// wider than ``maxColumns``, or has another count than the header's cells.
    static func tableColumns(header: Range<Int>, delimiter: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        func byte(_ index: Int) -> UInt8 { bytes[index] }
        guard let columns = delimiterColumns(delimiter, byte), columns <= maxColumns,
              columns == cells(headerContent(header, byte), byte) else { return nil }
        return columns
    }

    /// Whether `line` reads as a delimiter row, whatever the line before it.
    static func isDelimiterRow(_ line: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        func byte(_ index: Int) -> UInt8 { bytes[index] }
        return delimiterColumns(line, byte) != nil
    }

    // MARK: - Reading lines as cmark-gfm does

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// The line without leading spaces, tabs and block-quote markers.
    private static func afterQuotes(_ line: Range<Int>, _ byte: (Int) -> UInt8) -> Range<Int> {
        var index = line.lowerBound
        while index < line.upperBound, isSpace(byte(index)) || byte(index) == 0x3E { index += 1 }
        return index..<line.upperBound
    }

    /// The line as the last line of a paragraph: without quote markers and list markers that
    /// open an item even inside a paragraph (a bullet, or `1.`/`1)`, followed by text).
    private static func headerContent(_ line: Range<Int>, _ byte: (Int) -> UInt8) -> Range<Int> {
        var rest = afterQuotes(line, byte)
        while rest.lowerBound < rest.upperBound {
            var index = rest.lowerBound
            let first = byte(index)
            if first == 0x2D || first == 0x2B || first == 0x2A {
                index += 1
            } else {
                while index < rest.upperBound, byte(index) == 0x30 { index += 1 }
                guard index + 1 < rest.upperBound, byte(index) == 0x31,
                      byte(index + 1) == 0x2E || byte(index + 1) == 0x29 else { break }
                index += 2
            }
            guard index < rest.upperBound, isSpace(byte(index)) else { break }
            while index < rest.upperBound, isSpace(byte(index)) { index += 1 }
            guard index < rest.upperBound else { break }
            rest = afterQuotes(index..<rest.upperBound, byte)
        }
        return rest
    }

    /// The number of cells cmark-gfm splits `content` into: separated by pipes not preceded by
    /// a backslash, a leading and a trailing pipe opening no cell.
    private static func cells(_ content: Range<Int>, _ byte: (Int) -> UInt8) -> Int {
        var end = content.upperBound
        while end > content.lowerBound, isSpace(byte(end - 1)) { end -= 1 }
        var index = content.lowerBound
        guard index < end else { return 0 }
        if byte(index) == 0x7C { index += 1 }
        guard index < end else { return 0 }
        var cells = 1
        var endsWithPipe = false
        while index < end {
            let current = byte(index)
            if current == 0x7C, index == content.lowerBound || byte(index - 1) != 0x5C {
                cells += 1
                endsWithPipe = true
            } else if !isSpace(current) {
                endsWithPipe = false
            }
            index += 1
        }
        return endsWithPipe ? cells - 1 : cells
    }

    /// The column count of a delimiter row (`|:--|--:|`), or nil when the line is not one.
    /// A line of dashes and spaces only is a setext underline, a thematic break or a list item
    /// before it is a delimiter row, so it needs a `|` or a `:`; and a line opening with a bullet
    /// (`- |`) is a list item before it is a delimiter row, so rewriting its dash would turn the
    /// item into text (and only where the line before counts other cells: a parse starting at
    /// the item would then disagree with one starting above it).
    private static func delimiterColumns(_ line: Range<Int>, _ byte: (Int) -> UInt8) -> Int? {
        let rest = afterQuotes(line, byte)
        var index = rest.lowerBound
        let end = rest.upperBound
        if index + 1 < end, byte(index) == 0x2D, isSpace(byte(index + 1)) { return nil }
        func isMarkerSpace(_ value: UInt8) -> Bool { isSpace(value) || value == 0x0B || value == 0x0C }
        func skipSpaces() { while index < end, isMarkerSpace(byte(index)) { index += 1 } }
        var columns = 0
        var sawPipeOrColon = false
        if index < end, byte(index) == 0x7C { index += 1; sawPipeOrColon = true }
        while true {
            skipSpaces()
            if index < end, byte(index) == 0x3A { index += 1; sawPipeOrColon = true }
            let dashes = index
            while index < end, byte(index) == 0x2D { index += 1 }
            guard index > dashes else { return nil }
            if index < end, byte(index) == 0x3A { index += 1; sawPipeOrColon = true }
            skipSpaces()
            columns += 1
            if index == end { break }
            guard byte(index) == 0x7C else { return nil }
            index += 1
            sawPipeOrColon = true
            skipSpaces()
            if index == end { break }
        }
        return sawPipeOrColon ? columns : nil
    }
}
