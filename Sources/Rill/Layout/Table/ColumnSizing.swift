/// Chooses column widths the way browsers size an automatic table: every column gets its
/// longest word (its min-content width) when the words fit, and the rest of the width is shared
/// in proportion to what each column still needs to show its cells unwrapped (max-content minus
/// min-content). Only when the longest words cannot all fit are the longest of them broken.
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
    /// - When the natural widths fit they are used as they are (a table is as wide as its content).
    /// - Else, when every column's longest word (`longestWord`, at least its minimum) fits, each
    ///   column gets its longest word, and the columns left over are shared in proportion to
    ///   what each column lacks of its natural width.
    /// - Else the longest words are capped at one level, the highest at which the total fits
    ///   (never below the minimums), and the columns left over go one each to the capped columns
    ///   with the shortest words: only words longer than that level are broken.
    ///
    /// - Complexity: O(n log w) for n columns and a longest word of w.
    static func fit(natural: [Int], longestWord: [Int], minimum: [Int], available: Int) -> [Int]? {
        precondition(natural.count == minimum.count && natural.count == longestWord.count)
        let floor = zip(natural, minimum).map { max(1, min($0, $1)) }
        let ceiling = zip(natural, floor).map { max($0, $1) }
        if ceiling.reduce(0, +) <= available { return ceiling }
        if floor.reduce(0, +) > available { return nil }
        let words = natural.indices.map { max(floor[$0], min(ceiling[$0], longestWord[$0])) }
        let wordTotal = words.reduce(0, +)
        if wordTotal <= available {
            return shared(available - wordTotal, from: words, toward: ceiling)
        }
        return capped(words, floor: floor, available: available)
    }

    /// `base` plus `spare` columns shared in proportion to what each column lacks of `target`
    /// (`spare` is less than the total lacking): handed out one at a time, each to the column
    /// furthest below its proportional share so far (leftmost on a tie), so one more spare column
    /// never takes one from another column.
    ///
    /// - Complexity: O(spare × n).
    private static func shared(_ spare: Int, from base: [Int], toward target: [Int]) -> [Int] {
        let needs = zip(target, base).map { $0 - $1 }
        let totalNeed = needs.reduce(0, +)
        guard spare > 0 else { return base }
        var given = Array(repeating: 0, count: base.count)
        for handed in 1...spare {
            // Column i's share after `handed` columns is handed × need / total: compare the
            // shortfalls scaled by the total, in integers.
            var best: Int?
            var bestShortfall = Int.min
            for index in base.indices where given[index] < needs[index] {
                let shortfall = handed * needs[index] - totalNeed * given[index]
                if shortfall > bestShortfall { (best, bestShortfall) = (index, shortfall) }
            }
            guard let best else { break }
            given[best] += 1
        }
        return zip(base, given).map { $0 + $1 }
    }

    /// `words` capped at the highest level whose total fits `available`, never below `floor`;
    /// the columns left over go one each to the capped columns with the shortest words.
    private static func capped(_ words: [Int], floor: [Int], available: Int) -> [Int] {
        func widths(cappedAt level: Int) -> [Int] {
            zip(words, floor).map { max($1, min($0, level)) }
        }
        // The highest level whose total fits; level 0 gives the floors, which fit.
        var low = 0, high = words.max() ?? 0
        while low < high {
            let mid = (low + high + 1) / 2
            if widths(cappedAt: mid).reduce(0, +) <= available { low = mid } else { high = mid - 1 }
        }
        var result = widths(cappedAt: low)
        let spare = available - result.reduce(0, +)
        let cappedColumns = result.indices
            .filter { result[$0] == low && words[$0] > low }
            .sorted { (words[$0], $0) < (words[$1], $1) }
        for index in cappedColumns.prefix(spare) { result[index] += 1 }
        return result
    }
}
