@_spi(Testing) @testable import Rill
import Testing

extension RillTests.Layout {
    /// Column widths: minimums, longest words first, the rest water-filled by need.
    @Suite struct ColumnSizingTests {}
}

extension RillTests.Layout.ColumnSizingTests {
    @Test(arguments: [
        // natural, longest word, minimum
        (1, 1, 1), (4, 4, 4), (12, 6, 6), (40, 3, 6), (40, 8, 8), (40, 36, 10), (8, 36, 8), (0, 0, 0),
    ])
    func minimumIsTheLongestWordCappedAndFloored(natural: Int, word: Int, expected: Int) {
        #expect(ColumnSizing.minimum(natural: natural, longestWord: word) == expected)
    }

    @Test(arguments: [
        // natural, longest word, longest header word, minimum
        (40, 3, 11, 11), (40, 12, 11, 11), (40, 3, 16, 16), (40, 3, 30, 16), (8, 3, 11, 8), (40, 3, 0, 6),
    ])
    func headerWordsRaiseTheMinimum(natural: Int, word: Int, headerWord: Int, expected: Int) {
        #expect(ColumnSizing.minimum(natural: natural, longestWord: word, longestHeaderWord: headerWord) == expected)
    }

    private func fit(_ natural: [Int], data: [Int]? = nil, words: [Int], _ available: Int) -> [Int]? {
        let minimum = zip(natural, words).map { ColumnSizing.minimum(natural: $0, longestWord: $1) }
        return ColumnSizing.fit(natural: natural, dataNatural: data ?? natural, longestWord: words, minimum: minimum,
                                available: available)
    }

    @Test func keepsNaturalWidthsThatFit() {
        #expect(fit([5, 30, 50], words: [5, 8, 10], 85) == [5, 30, 50])
        #expect(fit([5, 30, 50], words: [5, 8, 10], 200) == [5, 30, 50])
    }

    @Test func shrinksTheWidestColumnsFirst() {
        #expect(fit([5, 30, 50], words: [5, 8, 10], 70) == [5, 30, 35])
        #expect(fit([5, 30, 50], words: [5, 8, 10], 45) == [5, 20, 20])
        // Never below the longest words: 8 and 10 stay whole.
        #expect(fit([5, 30, 50], words: [5, 8, 10], 23) == [5, 8, 10])
        // The one spare column goes to the capped column closest to its natural width.
        #expect(fit([51, 7, 12], words: [6, 7, 6], 30) == [11, 7, 12])
    }

    @Test func givesEveryColumnItsLongestWordEvenWhenItIsLong() {
        // A 24-wide word keeps its column at 24 (a minimum of 10 would break it); the prose
        // beside it wraps in what is left.
        #expect(fit([40, 60], words: [24, 8], 40) == [24, 16])
    }

    @Test func wrapsALongHeaderBeforeTheDataBesideIt() {
        // A header of 24 over two-digit values: its longest word (10) is kept, the data column
        // takes the rest; with room for all the data, the header gets what remains.
        #expect(fit([24, 200], data: [2, 200], words: [10, 12], 60) == [10, 50])
        #expect(fit([24, 30], data: [2, 30], words: [10, 12], 50) == [20, 30])
    }

    @Test func breaksOnlyTheLongestWordsWhenTheWordsDoNotFit() {
        // Words of 30, 8 and 12 do not fit in 30: capped at 11, the 8 stays whole.
        #expect(fit([40, 40, 40], words: [30, 8, 12], 30) == [11, 8, 11])
        // One spare column goes to the capped column with the shortest word.
        #expect(fit([40, 40, 40], words: [30, 8, 12], 31) == [11, 8, 12])
    }

    @Test func refusesWhenTheMinimumsDoNotFit() {
        #expect(fit([5, 30, 50], words: [5, 6, 6], 16) == nil)
        #expect(fit([1], words: [1], 0) == nil)
    }

    @Test func givesEmptyColumnsOneColumn() {
        #expect(fit([0, 3], words: [0, 3], 10) == [1, 3])
    }

    @Test func staysWithinBoundsForRandomInput() {
        var random = LayoutFixtures.Random(seed: 7)
        for _ in 0..<2000 {
            let count = Int.random(in: 1...12, using: &random)
            let natural = (0..<count).map { _ in Int.random(in: 0...120, using: &random) }
            let words = natural.map { Int.random(in: 0...$0, using: &random) }
            let data = natural.map { Int.random(in: 0...$0, using: &random) }
            let minimum = zip(natural, words).map { ColumnSizing.minimum(natural: $0, longestWord: $1) }
            let available = Int.random(in: 0...400, using: &random)
            guard let widths = ColumnSizing.fit(natural: natural, dataNatural: data, longestWord: words,
                                                minimum: minimum, available: available) else {
                #expect(minimum.map { max(1, $0) }.reduce(0, +) > available)
                continue
            }
            #expect(widths.reduce(0, +) <= available)
            for index in widths.indices {
                #expect(widths[index] >= max(1, minimum[index]))
                #expect(widths[index] <= max(1, natural[index]))
            }
            // Every longest word whole when they all fit.
            if zip(words, minimum).map({ max(1, $0, $1) }).reduce(0, +) <= available {
                #expect(zip(widths, words).allSatisfy { $0 >= $1 })
            }
            // More room never makes a column narrower.
            if let wider = ColumnSizing.fit(natural: natural, dataNatural: data, longestWord: words,
                                            minimum: minimum, available: available + 1) {
                #expect(zip(wider, widths).allSatisfy { $0 >= $1 })
            }
        }
    }
}
