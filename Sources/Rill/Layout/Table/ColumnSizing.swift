/// Chooses column widths: natural widths when they fit, else the widest columns shrink first.
enum ColumnSizing {
    /// A column narrower than its content never goes below this many columns (unless its
    /// content is narrower still): below it, wrapped prose turns into a word per line.
    static let minimumWidth = 6
    /// A long unbreakable word (a URL, a host name) keeps its column at most this wide; beyond
    /// it the word is broken hard rather than forcing the table into the fallback layout.
    static let wordLimit = 10
    /// A word of the header keeps its column at least this wide (when the table fits at all):
    /// a header names the column, and `Descriptio` / `n` reads worse than a narrower neighbour.
    /// Longer header words are broken like any other.
    static let headerWordLimit = 16
    /// In a table with a full sample of rows, more rows may follow, and a column of row
    /// numbers sampled as 1–8 must still hold 10 or 100: no column is narrower than this
    /// (when there is room).
    static let longTableHeadroom = 3

    /// The narrowest width a column may take: its longest word (capped at ``wordLimit``) and
    /// its header's longest word (capped at ``headerWordLimit``), at least ``minimumWidth``,
    /// never more than the natural width.
    static func minimum(natural: Int, longestWord: Int, longestHeaderWord: Int = 0) -> Int {
        min(natural, max(minimumWidth, min(longestWord, wordLimit), min(longestHeaderWord, headerWordLimit)))
    }

    /// Widths no wider than `natural`, no narrower than `minimum`, that add up to at most
    /// `available`; `nil` when even the minimums do not fit.
    ///
    /// When the natural widths fit they are used as they are (a table is as wide as its
    /// content). Otherwise this water-fills: every column is capped at one level, the highest
    /// at which the total fits, so the widest columns give up space first and narrow ones keep
    /// theirs; the columns left over go one each to the capped columns with the least content.
    ///
    /// - Complexity: O(n log w) for n columns and a widest column of w.
    static func fit(natural: [Int], minimum: [Int], available: Int) -> [Int]? {
        precondition(natural.count == minimum.count)
        let floor = zip(natural, minimum).map { max(1, min($0, $1)) }
        let ceiling = zip(natural, floor).map { max($0, $1) }
        if ceiling.reduce(0, +) <= available { return ceiling }
        if floor.reduce(0, +) > available { return nil }

        func widths(cappedAt level: Int) -> [Int] {
            zip(ceiling, floor).map { max($1, min($0, level)) }
        }
        // The highest level whose total fits; level 0 gives the floors, which fit.
        var low = 0, high = ceiling.max() ?? 0
        while low < high {
            let mid = (low + high + 1) / 2
            if widths(cappedAt: mid).reduce(0, +) <= available { low = mid } else { high = mid - 1 }
        }
        var result = widths(cappedAt: low)
        let spare = available - result.reduce(0, +)
        // Fewer than the capped columns: give them to the columns closest to their natural
        // width, so as many columns as possible show their content unwrapped.
        let capped = result.indices
            .filter { result[$0] == low && ceiling[$0] > low }
            .sorted { (ceiling[$0], $0) < (ceiling[$1], $1) }
        for index in capped.prefix(spare) { result[index] += 1 }
        return result
    }
}
