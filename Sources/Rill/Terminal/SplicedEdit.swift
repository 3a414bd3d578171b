/// Edits of a line changed in several places at once, each made where it happened.
///
/// When a table's first column widens, terminals' width caps make another column narrower: each
/// row and rule then changes in two or three places (cells inserted in one column, taken out of
/// another). The plain edit (``LivePainter/edit(from:to:oldMayBeWider:isSuffixKnownAbsent:fromStart:)``)
/// keeps the line's shared start and end and rewrites everything between the first change and
/// the last: most of the row, on every row of the table. A spliced edit keeps every long run the
/// two lines share, moved where it must be by inserting or deleting cells, and writes only what
/// is new between them.
///
/// Splices are made from the right: the columns of a splice are those of the line on screen, since
/// nothing to its left has moved yet, and the cells taken out at the right (a narrower column)
/// make room before cells are inserted further left, so that nothing is pushed past the margin.
extension LivePainter {
    /// One change of a spliced edit: at `column` (of the line as it is when the splice is made),
    /// `replaced` columns give way to `text`. A splice that ends the line moves nothing after it:
    /// the rest of the row is erased when it was longer.
    struct Splice: Equatable {
        var column: Int
        var replaced: Int
        var text: StyledLine
        var endsLine: Bool

        /// The splice as an edit made at its column: the rest of the row moved by the change in
        /// width, or, at the line's end, erased when the text is narrower than what it replaces.
        var edit: Edit {
            endsLine ? Edit(column: column, text: text, erase: replaced > text.width)
                     : Edit(column: column, shift: text.width - replaced, text: text)
        }
    }

    /// Fewest cells a run the two lines share must hold to be kept on screen between two splices:
    /// each splice costs a move and an insertion or deletion (8 to 11 bytes).
    static let shortestKeptRun = 6

    /// The splices that turn `old` into `new`, rightmost first, on a screen `columns` wide: nil
    /// unless every character of both is a scalar every terminal draws at the width Rill counts
    /// (see ``isDrawnAsCounted(_:)-(Unicode.Scalar)``) — a run can only be moved by cells when
    /// its cells are where Rill counts them —, when no order of the splices keeps the line
    /// within the screen, or when they would write `budget` bytes or more (the edit they would
    /// replace writes that many; counted before any text is made).
    ///
    /// - Complexity: O(n·m) in the two lines' lengths in characters, for each run kept.
    static func splices(from old: StyledLine, to new: StyledLine, columns: Int, within budget: Int = .max) -> [Splice]? {
        var styles: [TextStyle] = []
        guard let oldCells = SplicedCells(old, styles: &styles), let newCells = SplicedCells(new, styles: &styles) else {
            return nil
        }
        // The runs kept, after an empty one at the start: each splice is the gap after a run.
        let kept = [(old: 0, new: 0, length: 0)] + oldCells.sharedRuns(with: newCells, shortest: shortestKeptRun)
        var splices: [Splice] = []
        var width = old.width  // of the line on screen as splices are made
        var cost = 0  // bytes at least: the text, and a column named for each splice
        var (oldEnd, newEnd) = (oldCells.count, newCells.count)
        for run in kept.reversed() {
            // The gap between this run and the next one to its right (or the line's end).
            var gap = (old: run.old + run.length..<oldEnd, new: run.new + run.length..<newEnd)
            (oldEnd, newEnd) = (run.old, run.new)
            let endsLine = gap.old.upperBound == oldCells.count
            oldCells.trimShared(&gap.old, newCells, &gap.new, fromEnd: !endsLine)
            if gap.old.isEmpty, gap.new.isEmpty { continue }
            // The cells deleted (at the splice's column) are whole characters of `old` (see
            // ``deletingWholeCharacters(_:old:new:reach:)``): a deletion that would end inside a
            // wide one starts cells earlier, over cells the two lines share (the run's).
            let deleted = oldCells.width(of: gap.old) - newCells.width(of: gap.new)
            while !endsLine, deleted > 0, !oldCells.isEdge(oldCells.column(gap.old.lowerBound) + deleted) {
                guard gap.old.lowerBound > run.old else { return nil }
                gap = (old: gap.old.lowerBound - 1..<gap.old.upperBound, new: gap.new.lowerBound - 1..<gap.new.upperBound)
            }
            cost += newCells.utf8Count(gap.new) + 4
            guard cost < budget else { return nil }
            let splice = Splice(column: oldCells.column(gap.old.lowerBound), replaced: oldCells.width(of: gap.old),
                                text: newCells.line(gap.new, styles: styles), endsLine: endsLine)
            if endsLine {
                width = splice.column + splice.text.width
                // Writing up to the margin is allowed (the cursor waits there); past it is not.
                guard width <= columns else { return nil }
            } else {
                width += splice.text.width - splice.replaced
                // Cells inserted push the row's end right: none may pass the margin.
                guard width <= columns || splice.text.width <= splice.replaced else { return nil }
            }
            splices.append(splice)
        }
        return splices
    }
}

/// A line as cells: one per character, each a lone scalar every terminal draws at the width Rill
/// counts (one column, or two for CJK), with its span's style as an index into a shared table.
struct SplicedCells {
    /// Each cell as one number: its scalar's value, then its style's index in the low half.
    private var keys: [UInt64] = []
    /// Columns before each cell, and the line's width last.
    private var columns: [Int] = [0]

    init?(_ line: StyledLine, styles table: inout [TextStyle]) {
        keys.reserveCapacity(line.width)
        columns.reserveCapacity(line.width + 1)
        for span in line.spans {
            let style: Int
            if let known = table.firstIndex(of: span.style) {
                style = known
            } else {
                style = table.count
                table.append(span.style)
            }
            for scalar in span.text.unicodeScalars {
                let width: Int
                if LivePainter.hasAgreedWidth(scalar) {
                    width = 1
                } else if LivePainter.isWideEverywhere(scalar) {
                    width = 2
                } else {
                    return nil
                }
                keys.append(UInt64(scalar.value) << 32 | UInt64(style))
                columns.append(columns[columns.count - 1] + width)
            }
        }
        guard columns[columns.count - 1] == line.width else { return nil }
    }

    var count: Int { keys.count }

    private func style(_ index: Int) -> Int { Int(truncatingIfNeeded: keys[index] & 0xFFFF_FFFF) }

    /// The cell's scalar (every key was made from one, so the fallback is never taken).
    private func scalar(_ index: Int) -> Unicode.Scalar {
        Unicode.Scalar(UInt32(truncatingIfNeeded: keys[index] >> 32)) ?? "\u{FFFD}"
    }

    /// Bytes of UTF-8 the cells `range` take.
    func utf8Count(_ range: Range<Int>) -> Int {
        range.reduce(0) { $0 + UTF8.width(scalar($1)) }
    }

    func column(_ index: Int) -> Int { columns[index] }

    /// Whether a cell starts at `column`, or the line ends there: no wide character is across it.
    ///
    /// - Complexity: O(log n).
    func isEdge(_ column: Int) -> Bool {
        var (low, high) = (0, columns.count)
        while low < high {
            let middle = (low + high) / 2
            if columns[middle] < column { low = middle + 1 } else { high = middle }
        }
        return low < columns.count && columns[low] == column
    }

    func width(of cells: Range<Int>) -> Int { columns[cells.upperBound] - columns[cells.lowerBound] }

    func sameCell(_ index: Int, _ other: SplicedCells, _ otherIndex: Int) -> Bool {
        keys[index] == other.keys[otherIndex]
    }

    /// The cells `range` as a styled line.
    func line(_ range: Range<Int>, styles table: [TextStyle]) -> StyledLine {
        var line = StyledLine()
        var start = range.lowerBound
        while start < range.upperBound {
            var end = start + 1
            while end < range.upperBound, style(end) == style(start) { end += 1 }
            var text = ""
            for index in start..<end { text.unicodeScalars.append(scalar(index)) }
            line.append(Span(text, table[style(start)], width: width(of: start..<end)))
            start = end
        }
        return line
    }

    /// Runs of at least `shortest` cells found in both lines in the same order, left to right:
    /// the longest first, then the longest on either side of it, and so on.
    ///
    /// - Complexity: O(n·m) for the cells between the lines' shared start and end, per run.
    func sharedRuns(with other: SplicedCells, shortest: Int) -> [(old: Int, new: Int, length: Int)] {
        var runs: [(old: Int, new: Int, length: Int)] = []
        // The shared start and end are runs of their own when long enough: searched for only
        // between them.
        var head = 0
        while head < count, head < other.count, sameCell(head, other, head) { head += 1 }
        var tail = 0
        while tail < count - head, tail < other.count - head, sameCell(count - 1 - tail, other, other.count - 1 - tail) {
            tail += 1
        }
        if head < shortest { head = 0 } else { runs.append((0, 0, head)) }
        if tail < shortest { tail = 0 } else { runs.append((count - tail, other.count - tail, tail)) }
        var pending = [(old: head..<count - tail, new: head..<other.count - tail)]
        while let (olds, news) = pending.popLast() {
            let run = longestRun(olds, other, news)
            guard run.length >= shortest else { continue }
            runs.append(run)
            pending.append((olds.lowerBound..<run.old, news.lowerBound..<run.new))
            pending.append((run.old + run.length..<olds.upperBound, run.new + run.length..<news.upperBound))
        }
        return runs.sorted { $0.old < $1.old }
    }

    /// The longest run of cells `olds` of these and `news` of `other` share (the leftmost of
    /// equals).
    private func longestRun(_ olds: Range<Int>, _ other: SplicedCells, _ news: Range<Int>) -> (old: Int, new: Int, length: Int) {
        var best = (old: olds.lowerBound, new: news.lowerBound, length: 0)
        guard !olds.isEmpty, !news.isEmpty else { return best }
        // Lengths of the shared runs ending at each pair of cells, one row of `news` at a time.
        var lengths = [Int](repeating: 0, count: 2 * (news.count + 1))
        keys.withUnsafeBufferPointer { olderKeys in
            other.keys.withUnsafeBufferPointer { newerKeys in
                lengths.withUnsafeMutableBufferPointer { lengths in
                    let width = news.count + 1
                    var (previous, current) = (0, width)
                    for i in olds {
                        let key = olderKeys[i]
                        for k in 0..<news.count {
                            let length = key == newerKeys[news.lowerBound + k] ? lengths[previous + k] + 1 : 0
                            lengths[current + k + 1] = length
                            if length > best.length { best = (i - length + 1, news.lowerBound + k - length + 1, length) }
                        }
                        swap(&previous, &current)
                    }
                }
            }
        }
        return best
    }

    /// Narrows a gap to what differs: cells the two share at its start, and at its end unless
    /// it ends the line (where the end is rewritten anyway and nothing follows to move).
    func trimShared(_ olds: inout Range<Int>, _ other: SplicedCells, _ news: inout Range<Int>, fromEnd: Bool) {
        while !olds.isEmpty, !news.isEmpty, sameCell(olds.lowerBound, other, news.lowerBound) {
            olds = olds.lowerBound + 1..<olds.upperBound
            news = news.lowerBound + 1..<news.upperBound
        }
        while fromEnd, !olds.isEmpty, !news.isEmpty, sameCell(olds.upperBound - 1, other, news.upperBound - 1) {
            olds = olds.lowerBound..<olds.upperBound - 1
            news = news.lowerBound..<news.upperBound - 1
        }
    }
}
