@_spi(Testing) @testable import Rill
import Testing

extension RillTests.Layout {
    /// Column widths: minimums and water-filling.
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

    @Test func keepsNaturalWidthsThatFit() {
        #expect(ColumnSizing.fit(natural: [5, 30, 50], minimum: [5, 6, 6], available: 85) == [5, 30, 50])
        #expect(ColumnSizing.fit(natural: [5, 30, 50], minimum: [5, 6, 6], available: 200) == [5, 30, 50])
    }

    @Test func shrinksTheWidestColumnsFirst() {
        #expect(ColumnSizing.fit(natural: [5, 30, 50], minimum: [5, 6, 6], available: 70) == [5, 30, 35])
        #expect(ColumnSizing.fit(natural: [5, 30, 50], minimum: [5, 6, 6], available: 45) == [5, 20, 20])
        #expect(ColumnSizing.fit(natural: [5, 30, 50], minimum: [5, 6, 6], available: 17) == [5, 6, 6])
    }

    @Test func givesSpareColumnsToTheCappedColumnsWithTheLeastContent() {
        // Capped at 11 the total is 29: the one spare column lets the 12-wide column show whole.
        #expect(ColumnSizing.fit(natural: [51, 7, 12], minimum: [6, 7, 6], available: 30) == [11, 7, 12])
        // Two columns with as much content: the leftmost gets it.
        #expect(ColumnSizing.fit(natural: [20, 20], minimum: [6, 6], available: 31) == [16, 15])
    }

    @Test func keepsColumnsAtTheirMinimumWhileOthersShrink() {
        #expect(ColumnSizing.fit(natural: [10, 40], minimum: [10, 6], available: 20) == [10, 10])
    }

    @Test func refusesWhenTheMinimumsDoNotFit() {
        #expect(ColumnSizing.fit(natural: [5, 30, 50], minimum: [5, 6, 6], available: 16) == nil)
        #expect(ColumnSizing.fit(natural: [1], minimum: [1], available: 0) == nil)
    }

    @Test func givesEmptyColumnsOneColumn() {
        #expect(ColumnSizing.fit(natural: [0, 3], minimum: [0, 3], available: 10) == [1, 3])
    }

    @Test func staysWithinBoundsForRandomInput() {
        var random = LayoutFixtures.Random(seed: 7)
        for _ in 0..<2000 {
            let count = Int.random(in: 1...12, using: &random)
            let natural = (0..<count).map { _ in Int.random(in: 0...120, using: &random) }
            let minimum = natural.map { ColumnSizing.minimum(natural: $0, longestWord: Int.random(in: 0...$0 + 1, using: &random)) }
            let available = Int.random(in: 0...400, using: &random)
            guard let widths = ColumnSizing.fit(natural: natural, minimum: minimum, available: available) else {
                #expect(minimum.map { max(1, $0) }.reduce(0, +) > available)
                continue
            }
            #expect(widths.reduce(0, +) <= available)
            for index in widths.indices {
                #expect(widths[index] >= max(1, minimum[index]))
                #expect(widths[index] <= max(1, natural[index]))
            }
            // More room never makes a column narrower.
            if let wider = ColumnSizing.fit(natural: natural, minimum: minimum, available: available + 1) {
                #expect(zip(wider, widths).allSatisfy { $0 >= $1 })
            }
        }
    }
}
