@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

extension RillTests.Layout {
    /// Properties of every table layout, over random tables and widths.
    @Suite struct TablePropertyTests {}
}

extension RillTests.Layout.TablePropertyTests {
    private func check(_ lines: [StyledLine], width: Int, _ comment: @autoclosure () -> String) {
        for line in lines {
            #expect(line.width <= width, "\(comment())")
            #expect(DisplayWidth.of(line.plainText) <= width, "\(comment())")
            #expect(!line.plainText.unicodeScalars.contains(where: ControlCharacters.isControl), "\(comment())")
        }
        // A grid's lines all end at its right border.
        if lines.first?.plainText.hasSuffix("┐") == true {
            #expect(Set(lines.map(\.width)).count == 1, "\(comment())")
        }
    }

    @Test func noLineExceedsTheWidthForRandomTables() {
        var random = LayoutFixtures.Random(seed: 99)
        var grids = 0, records = 0
        for _ in 0..<300 {
            let markdown = TableSamples.markdown(columns: Int.random(in: 1...10, using: &random),
                                                 rows: Int.random(in: 0...12, using: &random), using: &random)
            let table = LayoutFixtures.table(markdown)
            let width = Int.random(in: 1...200, using: &random)
            for context in [LayoutFixtures.plain(width), LayoutFixtures.dark(width)] {
                let lines = TableLayout.lines(for: table, in: context)
                check(lines, width: width, "\(markdown) at \(width)")
                if lines.first?.plainText.hasSuffix("┐") == true { grids += 1 } else { records += 1 }
            }
        }
        // Both layouts were exercised.
        #expect(grids > 50)
        #expect(records > 50)
    }

    @Test func noLineOfACorpusTableExceedsTheWidth() {
        for (name, table) in TableSamples.corpusTables {
            for width in [1, 3, 10, 24, 40, 80, 120, 200] {
                check(TableLayout.lines(for: table, in: LayoutFixtures.dark(width)), width: width, "\(name) at \(width)")
            }
        }
    }

    @Test func randomTablesOnlyAppendProvisionalLinesPastTheSample() {
        var random = LayoutFixtures.Random(seed: 5)
        for _ in 0..<60 {
            let rows = Int.random(in: TableLayout.sampleRows + 1...TableLayout.sampleRows + 6, using: &random)
            let markdown = TableSamples.markdown(columns: Int.random(in: 1...8, using: &random), rows: rows, using: &random)
            let table = LayoutFixtures.table(markdown)
            let context = LayoutFixtures.dark(Int.random(in: 10...200, using: &random))
            let full = TableLayout.layout(table, in: context, provisional: true)
            for k in TableLayout.sampleRows...rows {
                let prefix = TableLayout.layout(TableSamples.prefix(of: table, rows: k), in: context, provisional: true)
                #expect(Array(full.body.prefix(prefix.body.count)) == prefix.body, "\(markdown) at \(context.width), \(k) rows")
                #expect(prefix.closing == full.closing)
            }
        }
    }
}
