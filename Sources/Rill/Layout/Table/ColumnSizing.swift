/// Chooses column widths: every column gets its longest word (its min-content width) when the
/// words fit, then the rest of the width goes by need — first to show the data cells unwrapped,
/// the widest columns giving up space first, then to keep the header on one line. A word is
/// broken inside only when the longest words cannot all fit.
enum ColumnSizing {
    /// A column narrower than its content never goes below this many columns (unless its
    /// content is narrower still): below it, wrapped prose turns into a word per line.
    static let minimumWidth = 6
    /// When the longest words do not all fit, a long unbreakable word (a URL, a host name) keeps
    /// its column at least this wide; beyond it the word is broken hard rather than forcing the
    /// table into the fallback layout.
    static let wordLimit = 10
    /// A word of the header keeps its column at least this wide (when the table fits at all):
    /// a header names the column, and `Descriptio` / `n` reads worse than a narrower neighbour.
    /// Longer header words are broken like any other.
    static let headerWordLimit = 16
    /// In a table still being written whose provisional widths come from a full sample of rows,
    /// more rows may follow, and a column of row numbers sampled as 1–8 must still hold 10 or
    /// 100: no column is narrower than this (when there is room).
    static let longTableHeadroom = 3

    /// The narrowest width a column may take: its longest word (capped at ``wordLimit``) and
    /// its header's longest word (capped at ``headerWordLimit``), at least ``minimumWidth``,
    /// never more than the natural width. A table whose minimums do not fit is drawn as records.
    static func minimum(natural: Int, longestWord: Int, longestHeaderWord: Int = 0) -> Int {
        min(natural, max(minimumWidth, min(longestWord, wordLimit), min(longestHeaderWord, headerWordLimit)))
    }

    /// Widths no wider than `natural`, no narrower than `minimum`, that add up to at most
    /// `available`; `nil` when even the minimums do not fit.
    ///
    /// - When the natural widths (header included) fit they are used as they are (a table is as
    ///   wide as its content).
    /// - Else every column gets at least its longest word (`longestWord`, at least its minimum),
    ///   and the rest is water-filled: first toward `dataNatural`, the natural width of the data
    ///   cells alone, then toward `natural`. Water-filling caps every column at one level, the
    ///   highest at which the total fits, so the widest columns give up space first and narrow
    ///   ones keep theirs; and a long header over short values (`Popularity Score (1-100)` over
    ///   two-digit numbers) wraps at its spaces before the data beside it does.
    /// - Else the longest words are water-filled down toward the minimums: only words longer
    ///   than the level reached are broken.
    ///
    /// - Complexity: O(n log w) for n columns and a widest column of w.
    static func fit(natural: [Int], dataNatural: [Int], longestWord: [Int], minimum: [Int], available: Int) -> [Int]? {
        precondition(natural.count == minimum.count && natural.count == longestWord.count
            && natural.count == dataNatural.count)
        let floor = zip(natural, minimum).map { max(1, min($0, $1)) }
        let ceiling = zip(natural, floor).map { max($0, $1) }
        if ceiling.reduce(0, +) <= available { return ceiling }
        if floor.reduce(0, +) > available { return nil }
        let words = natural.indices.map { max(floor[$0], min(ceiling[$0], longestWord[$0])) }
        if words.reduce(0, +) > available {
            return waterFilled(from: floor, toward: words, available: available)
        }
        let data = natural.indices.map { max(words[$0], min(ceiling[$0], dataNatural[$0])) }
        if data.reduce(0, +) > available {
            return waterFilled(from: words, toward: data, available: available)
        }
        return waterFilled(from: data, toward: ceiling, available: available)
    }

    /// Widths between `floor` and `ceiling` capped at one level, the highest whose total fits
    /// `available` (the floors must fit); the columns left over go one each to the capped
    /// columns closest to their ceiling, so as many columns as possible reach it.
    private static func waterFilled(from floor: [Int], toward ceiling: [Int], available: Int) -> [Int] {
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
        let capped = result.indices
            .filter { result[$0] == low && ceiling[$0] > low }
            .sorted { (ceiling[$0], $0) < (ceiling[$1], $1) }
        for index in capped.prefix(spare) { result[index] += 1 }
        return result
    }
}
