import Rill
import RillTestSupport
import Testing

/// A table in the live view: laid out with provisional widths while it is written and once more
/// with its whole-table widths when it ends in the live region; a table taller than the live
/// region keeps the widths its first committed line had, for all of its lines.
@Suite struct LiveTableWidthsTests {
    typealias Geometry = LiveTranscriptTests.Geometry

    /// A table whose 9th row holds its longest word.
    static let lateLongWord = "| State | T |\n|---|---|\n" + "abcdefgh".map { "| \($0) | 1 |\n" }.joined()
        + "| Massachusetts | 9 |\n\nAfter.\n"

    /// A table whose rows wrap, whose 4th row widens its first column.
    static let wideningRows = "Intro.\n\n| k | text |\n|---|---|\n"
        + ["a", "b", "c", "a much longer key", "d", "e"].map {
            "| \($0) | one two three four five six seven eight nine ten eleven twelve |\n"
        }.joined() + "\nAfter.\n"

    @Test("A table that ends in the live region is drawn with its whole-table widths, as in batch")
    func tableEndingInTheLiveRegionEqualsBatch() {
        let bytes = Array(Self.lateLongWord.utf8)
        let geometry = Geometry(width: 80, height: 30)
        let live = LiveTranscriptTests.liveTranscript(bytes, geometry)
        #expect(live.view.statistics.linesCommittedEarly == 0)
        #expect(live.lines == LiveTranscriptTests.batch(bytes, width: geometry.width))
        #expect(live.lines.contains("│ Massachusetts │ 9 │"), "\(live.lines)")
    }

    @Test("A table committed before it ends keeps one set of widths for every line", arguments: [1, 2, 3] as [UInt64])
    func tableCommittedEarlyKeepsOneSetOfWidths(seed: UInt64) {
        let bytes = Array(Self.wideningRows.utf8)
        let live = LiveTranscriptTests.liveTranscript(bytes, Geometry(width: 40, height: 10), seed: seed)
        #expect(live.view.statistics.linesCommittedEarly > 0, "the case must fill the live region")
        #expect(live.terminal.violations.isEmpty)
        let grids = TableGridLines.grids(in: live.lines)
        #expect(grids.count == 1, "\(live.lines)")
        #expect(TableGridLines.mixedGrids(in: live.lines).isEmpty, "\(live.lines.joined(separator: "\n"))")
        // Every row once, the bottom border, and what follows.
        #expect(live.lines.filter { $0.hasPrefix("│ d ") }.count == 1, "\(live.lines)")
        #expect(live.lines.contains { $0.hasPrefix("└") })
        #expect(live.lines.last == "After.")
    }
}
