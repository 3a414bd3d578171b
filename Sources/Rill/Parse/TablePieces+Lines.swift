import Glibc

extension TablePieces {
    /// The lines of a parse's buffer as the piecing reads them before any parse: where tables may
    /// start, how many lines could be their rows, and where to cut between rows. A line ends at
    /// `\n`, `\r` or `\r\n`; a blank line holds only spaces and tabs.
    struct Lines {
        let bytes: UnsafeBufferPointer<UInt8>

        /// Where a piece of rows ends: the offset after its last line ending, its line count and
        /// where its last line starts.
        struct Cut {
            var end: Int
            var lines: Int
            var lastLineStart: Int
        }

        /// Whether a link reference definition may stand in the text (a `]` right before a `:`).
        var mayHoldDefinition: Bool {
            var previous: UInt8 = 0
            for byte in bytes {
                if byte == 0x3A, previous == 0x5D { return true }
                previous = byte
            }
            return false
        }

        /// The end of the line starting at `start` (the offset of its line ending, or the end).
        ///
        /// - Complexity: O(n) in the line's length, with `memchr` (every line of every parse is
        ///   read so).
        func lineEnd(from start: Int) -> Int {
            guard let base = bytes.baseAddress, start < bytes.count else { return bytes.count }
            let raw = UnsafeRawPointer(base)
            func offset(of byte: UInt8, before end: Int) -> Int? {
                memchr(raw + start, Int32(byte), end - start).map { UnsafeRawPointer($0) - raw }
            }
            let feed = offset(of: 0x0A, before: bytes.count) ?? bytes.count
            return offset(of: 0x0D, before: feed) ?? feed
        }

        /// The start of the line after the one ending at `end`.
        func nextLineStart(afterEnd end: Int) -> Int {
            guard end < bytes.count else { return end }
            return bytes[end] == 0x0D && end + 1 < bytes.count && bytes[end + 1] == 0x0A ? end + 2 : end + 1
        }

        /// Whether the line from `start` to `end` holds only spaces and tabs.
        func isBlank(_ start: Int, _ end: Int) -> Bool {
            bytes[start..<end].allSatisfy { $0 == 0x20 || $0 == 0x09 }
        }

        /// Whether the line starting at `start` reads as a delimiter row (of any header).
        func isDelimiterLike(at start: Int) -> Bool {
            TableGuard.isDelimiterRow(start..<lineEnd(from: start), in: bytes)
        }

        /// How many lines from `start` hold more than spaces and tabs before the first that does
        /// not (or the end), counting at most `limit`, and where the last counted one ends.
        func rowRun(from start: Int, upTo limit: Int) -> (rows: Int, end: Int) {
            var count = 0
            var line = start
            while count < limit, line < bytes.count {
                let end = lineEnd(from: line)
                if isBlank(line, end) { break }
                count += 1
                line = nextLineStart(afterEnd: end)
            }
            return (count, line)
        }

        /// The first table from line start `from` whose delimiter row has more than
        /// `rowsPerPiece(columns)` lines that are not blank after it (rows it may have).
        ///
        /// - Complexity: O(n) in the text after `from`: a run of lines that turned out too short
        ///   is not counted again for a table that needs as many rows (at most once per column
        ///   count for one that needs fewer).
        func bigTable(from: Int, rowsPerPiece: (Int) -> Int) -> Candidate? {
            var previous: Range<Int>?
            var shortRun = (end: from, needed: Int.max)  // lines before `end` end too soon for `needed`
            var start = from
            while start < bytes.count {
                let end = lineEnd(from: start)
                let next = nextLineStart(afterEnd: end)
                if let header = previous, Self.mayOpenDelimiterRow(bytes[start..<end]),
                   let columns = TableGuard.tableColumns(header: header, delimiter: start..<end, in: bytes) {
                    let needed = rowsPerPiece(columns) + 1
                    if next >= shortRun.end || needed < shortRun.needed {
                        let run = rowRun(from: next, upTo: needed)
                        if run.rows == needed { return Candidate(rowsStart: next, columns: columns) }
                        shortRun = (run.end, needed)
                    }
                }
                previous = start..<end
                if end == bytes.count { break }
                start = next
            }
            return nil
        }

        /// Whether `line` starts as a delimiter row does, after spaces and block-quote markers:
        /// with `|`, `:` or `-`, but not a bullet's `- ` (a cheap test before reading it as one;
        /// every line of a list would otherwise be read again).
        static func mayOpenDelimiterRow(_ line: UnsafeBufferPointer<UInt8>.SubSequence) -> Bool {
            guard let start = line.firstIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x3E }) else { return false }
            let first = line[start]
            if first == 0x2D, start + 1 < line.endIndex, line[start + 1] == 0x20 || line[start + 1] == 0x09 { return false }
            return first == 0x7C || first == 0x3A || first == 0x2D
        }

        /// A cut after `count` complete lines from `start`, none blank, moved past any lines after
        /// them that read as delimiter rows; nil when the text has no such lines.
        func cut(after count: Int, from start: Int) -> Cut? {
            var cut = Cut(end: start, lines: 0, lastLineStart: start)
            while cut.lines < count || (cut.end < bytes.count && isDelimiterLike(at: cut.end)) {
                let end = lineEnd(from: cut.end)
                guard end < bytes.count, !isBlank(cut.end, end) else { return nil }
                cut.lastLineStart = cut.end
                cut.end = nextLineStart(afterEnd: end)
                cut.lines += 1
            }
            return cut
        }

        /// Where the last rows of a table from `start` are parsed to: past the lines that are not
        /// blank, the blank lines after them, and the line after those.
        func endOfTail(from start: Int) -> Int {
            var line = start
            var sawBlank = false
            while line < bytes.count {
                let end = lineEnd(from: line)
                let blank = isBlank(line, end)
                line = nextLineStart(afterEnd: end)
                if blank { sawBlank = true } else if sawBlank { break }
            }
            return line
        }
    }
}
