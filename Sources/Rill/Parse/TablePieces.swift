/// Parses a big top-level table a few rows at a time and puts the pieces back together, so that
/// cmark-gfm never holds a whole big table: it gives every body row one cell per column, however
/// short the row (a 50 KB table of one-letter rows under 31 columns made about 220 MB of cells).
///
/// A parse is cut into segments, each a parse of its own:
/// 1. the text up to and including the table's first rows, in which the table must come out as
///    the last top-level block with exactly those rows (so it is a top-level table, however the
///    text before it reads);
/// 2. the rows after them, a piece of rows at a time, each parsed after the shortest header and
///    delimiter row of the table's alignments (``ResumeContext/table(_:)``, the context the
///    stream follows a table with) and found to be that table's rows, one per line;
/// 3. the last rows after the same context, up to the first blank line and the line after it,
///    where the table ends as it does in the whole text;
/// 4. the text from the start of the last top-level block that piece found, parsed the same way.
///
/// Why the result is the whole parse's: cmark reads blocks line by line, so a prefix of the text
/// has the block structure the whole text has up to its end; at a cut between rows, the open
/// blocks are the document and the table, which is what the context leaves open too, and a row is
/// read from its own line and the table's column count only; a top-level block starting on a
/// line parses from that line as it does in place (the rule the stream's frontier rests on).
/// What is not line by line is left out: no piecing when a link reference definition may stand
/// anywhere (`]:`), as definitions resolve links in every block; no cut before a line that looks
/// like a delimiter row (``TableGuard`` reads it against the line before it). Any segment that
/// does not come out as described makes the rest be parsed whole.
enum TablePieces {
    /// Body rows one piece parses, for a table of `columns` columns: about 4,096 cells, which
    /// cmark-gfm builds in about 1 MB.
    static func rowsPerPiece(columns: Int) -> Int { max(64, 4_096 / max(1, columns)) }

    /// The top-level blocks of `buffer` as ``SliceParser`` gives them, its big tables parsed in
    /// pieces; nil when it holds no table of more than `rowsPerPiece(columns)` rows that can be
    /// (then the caller parses it whole).
    ///
    /// - Complexity: O(n) in the buffer's length: each byte is handed to cmark about once (the
    ///   lines a table's last piece reads past its end, twice); where a table does not come out
    ///   as one (in a list, a quote, a code block), the text up to its first rows twice.
    static func parse(_ buffer: UnsafeRawBufferPointer, prefixLength: Int, dropped: Int, base: Int,
                      rowsPerPiece: (Int) -> Int = rowsPerPiece(columns:)) -> ParsedSlice? {
        let bytes = buffer.bindMemory(to: UInt8.self)
        let lines = Lines(bytes: bytes)
        guard var table = lines.bigTable(from: 0, rowsPerPiece: rowsPerPiece), table.rowsStart >= prefixLength,
              !lines.mayHoldDefinition else { return nil }
        var pieces = Pieces(buffer: buffer, lines: lines, prefixLength: prefixLength, dropped: dropped, base: base)
        var segmentStart = 0
        while true {
            switch pieces.table(table, segmentStart: segmentStart, rowsPerPiece: rowsPerPiece) {
            case .unread:
                guard segmentStart > 0 else { return nil }
                pieces.appendWhole(from: segmentStart)
                return pieces.parsed
            case .done:
                return pieces.parsed
            case .next(let start):
                segmentStart = start
                guard let found = lines.bigTable(from: start, rowsPerPiece: rowsPerPiece) else {
                    pieces.appendWhole(from: start)
                    return pieces.parsed
                }
                table = found
            }
        }
    }

    /// A table that may be big: where its first body row starts and how many columns it has.
    struct Candidate {
        var rowsStart: Int
        var columns: Int
    }

    /// The entries found so far, and the parses that find them.
    private struct Pieces {
        let buffer: UnsafeRawBufferPointer
        let lines: Lines
        let prefixLength: Int
        let dropped: Int
        let base: Int
        var parsed = ParsedSlice(entries: [])

        /// Stream offset of a buffer offset.
        func streamOffset(_ offset: Int) -> Int { offset - prefixLength + base }

        /// Buffer offset of a stream offset.
        func bufferOffset(_ offset: Int) -> Int { offset - base + prefixLength }

        /// Parses `buffer[start..<end]`, the buffer's own prefix and context in front when it starts
        /// at the buffer's start.
        func segment(_ start: Int, _ end: Int) -> ParsedSlice {
            let bytes = UnsafeRawBufferPointer(rebasing: buffer[start..<end])
            if start == 0 { return SliceParser.parseWhole(buffer: bytes, prefixLength: prefixLength, dropped: dropped, base: base) }
            return SliceParser.parseWhole(buffer: bytes, prefixLength: 0, dropped: 0, base: streamOffset(start))
        }

        /// Parses `buffer[start..<end]` after `context`: rows of a table whose header it stands for.
        func rows(_ start: Int, _ end: Int, context: [UInt8]) -> ParsedSlice {
            var text = context
            text.append(contentsOf: buffer[start..<end])
            return text.withUnsafeBytes {
                SliceParser.parseWhole(buffer: $0, prefixLength: context.count, dropped: 0, base: streamOffset(start))
            }
        }

        /// Parses the text from `start` whole and adds its entries.
        mutating func appendWhole(from start: Int) {
            append(segment(start, buffer.count))
        }

        /// Adds the entries of a parse that continues the text after the ones so far: its first
        /// one follows a blank line, or takes its header from the last one, as in a whole parse.
        mutating func append(_ slice: ParsedSlice, entries range: Range<Int>? = nil) {
            parsed.nodes += slice.nodes
            for var entry in slice.entries[range ?? slice.entries.indices] {
                if let previous = parsed.entries.last?.block {
                    entry.block.followsBlankLine = buffer.hasBlankLine(between: bufferOffset(previous.range.upperBound),
                                                                       and: bufferOffset(entry.block.range.lowerBound))
                    if NodeConverter.continues(previous, into: entry.block) {
                        parsed.entries[parsed.entries.count - 1].block.joinsNext = true
                    }
                }
                parsed.entries.append(entry)
            }
        }

        /// What ``table(_:segmentStart:rowsPerPiece:)`` did.
        enum Outcome {
            /// A segment did not read as it must; nothing was added.
            case unread
            /// The text is parsed to its end.
            case done
            /// The next segment starts at this buffer offset.
            case next(Int)
        }

        /// Parses the text from `segmentStart` through the table `candidate`, the table in pieces.
        mutating func table(_ candidate: Candidate, segmentStart: Int, rowsPerPiece: (Int) -> Int) -> Outcome {
            let count = rowsPerPiece(candidate.columns)
            guard let cut = lines.cut(after: count, from: candidate.rowsStart) else { return .unread }
            let first = segment(segmentStart, cut.end)
            guard var table = first.entries.last, case .table(let alignments) = table.block.kind,
                  holdsRows(table.block, cut) else { return .unread }
            let context = ResumeContext.table(alignments)
            var rowNodes = 0
            var start = cut.end
            // Whole pieces of rows while more rows follow them.
            while let piece = lines.cut(after: count, from: start), lines.rowRun(from: piece.end, upTo: 1).rows == 1 {
                let parsed = rows(start, piece.end, context: context)
                guard parsed.entries.count == 1, let rows = parsed.entries.first, rows.inContext,
                      case .table(alignments) = rows.block.kind, holdsRows(rows.block, piece) else { break }
                Self.add(rows.block, to: &table.block)
                rowNodes += parsed.nodes
                start = piece.end
            }
            // The last rows, up to the first blank line and the first line after it.
            let end = lines.endOfTail(from: start)
            let tail = rows(start, end, context: context)
            guard let rows = tail.entries.first, rows.inContext, case .table(alignments) = rows.block.kind else { return .unread }
            var outcome = Outcome.done
            var later = 1..<tail.entries.count
            if end < buffer.count {
                // The last block found starts the next segment (with the paragraph before it,
                // when that paragraph gave it its header).
                var anchor = tail.entries.count - 1
                while anchor > 1, tail.entries[anchor - 1].joinsNext { anchor -= 1 }
                guard anchor >= 1, tail.entries[anchor].startsOnCompleteLine else { return .unread }
                let line = bufferOffset(tail.entries[anchor].lineStart)
                guard line >= start, !lines.isDelimiterLike(at: line) else { return .unread }
                outcome = .next(line)
                later = 1..<anchor
            }
            Self.add(rows.block, to: &table.block)
            append(first, entries: first.entries.indices.dropLast())
            append(ParsedSlice(entries: [table], nodes: first.nodes + rowNodes + tail.nodes))
            append(ParsedSlice(entries: tail.entries), entries: later)
            return outcome
        }

        /// Whether `table` has a body row for each line of `piece`, the last on its last line.
        private func holdsRows(_ table: Block, _ piece: Lines.Cut) -> Bool {
            guard table.children.count == piece.lines + 1, let last = table.children.last else { return false }
            return last.range.lowerBound >= streamOffset(piece.lastLineStart)
        }

        /// Adds the body rows of `rows`, the same table parsed after its context, to `table`.
        private static func add(_ rows: Block, to table: inout Block) {
            table.children += rows.children.dropFirst()
            table.range = table.range.lowerBound..<max(table.range.upperBound, rows.range.upperBound)
        }
    }
}
