@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

extension RillTests.Layout {
    /// A table's provisional layout (while it is written) is fixed by its header and first rows:
    /// later rows only append lines.
    @Suite struct TablePrefixStabilityTests {}
}

extension RillTests.Layout.TablePrefixStabilityTests {
    private func rows(_ count: Int, _ cell: (Int) -> String = { "r\($0)" }) -> String {
        (1...count).map { "| \(cell($0)) | x |" }.joined(separator: "\n") + "\n"
    }

    private func isPrefix(_ short: [StyledLine], of long: [StyledLine]) -> Bool {
        short.count <= long.count && Array(long.prefix(short.count)) == short
    }

    @Test(arguments: [40, 80, 120])
    func everyCorpusTableOnlyAppendsLinesPastTheSample(width: Int) {
        let tables = TableSamples.corpusTables
        #expect(tables.count > 20)
        for (name, table) in tables {
            let context = LayoutFixtures.dark(width)
            let full = TableLayout.layout(table, in: context, provisional: true).body
            let dataRows = table.children.count - 1
            guard dataRows > TableLayout.sampleRows else { continue }
            // Every row count just past the sample, then a spread of them up to the whole table.
            let counts = Set(Array(TableLayout.sampleRows...min(dataRows, TableLayout.sampleRows + 4))
                + Array(stride(from: TableLayout.sampleRows, through: dataRows, by: 17)) + [dataRows])
            for k in counts.sorted() {
                let prefix = TableLayout.layout(TableSamples.prefix(of: table, rows: k), in: context, provisional: true).body
                #expect(isPrefix(prefix, of: full), "\(name) at \(width), \(k) rows")
            }
        }
    }

    @Test func aWideRowAfterTheSampleWrapsInsteadOfWideningItsColumn() {
        let sampled = "| name | v |\n|---|---|\n" + rows(8)
        let context = LayoutFixtures.plain(80)
        let before = TableLayout.layout(LayoutFixtures.table(sampled), in: context, provisional: true).body
        let after = TableLayout.layout(LayoutFixtures.table(sampled + "| a much longer name | x |\n"), in: context,
                                       provisional: true).body
        #expect(Array(after.prefix(before.count)) == before)
        #expect(LayoutFixtures.text(Array(after.dropFirst(before.count))) == [
            "│ a    │ x   │",
            "│ much │     │",
            "│ long │     │",
            "│ er   │     │",
            "│ name │     │",
        ])
    }

    @Test func aRowAfterTheSampleDoesNotSwitchToTheFallback() {
        let sampled = "| a | b | c |\n|---|---|---|\n" + rows(8)
        let wide = "| " + Array(repeating: "abcdefghijklmnopqrstuvwxyz", count: 3).joined(separator: " | ") + " |\n"
        let context = LayoutFixtures.plain(30)
        let lines = LayoutFixtures.text(TableLayout.layout(LayoutFixtures.table(sampled + wide), in: context,
                                                           provisional: true).body)
        #expect(lines.first == "┌─────┬─────┬─────┐")
        #expect(lines.allSatisfy { DisplayWidth.of($0) == DisplayWidth.of(lines[0]) })
        // The same row inside the sample does.
        let early = LayoutFixtures.text(TableLayout.lines(for: LayoutFixtures.table("| a | b | c |\n|---|---|---|\n" + wide), in: context))
        #expect(Array(early.prefix(3)) == ["┌" + String(repeating: "─", count: 29), "│ a: abcdefghijklmnopqrstuvwxy", "│    z"])
    }

    @Test func theLastSampledRowStillShapesTheColumns() {
        let header = "| name | v |\n|---|---|\n"
        let eight = header + rows(8) { $0 == 8 ? "eighth row" : "r\($0)" }
        let lines = LayoutFixtures.text(TableLayout.layout(LayoutFixtures.table(eight), in: LayoutFixtures.plain(80),
                                                           provisional: true).body)
        #expect(lines.first == "┌────────────┬─────┐")
    }
}

extension RillTests.Layout.TablePrefixStabilityTests {
    @Test("Rows laid out through one plan's cache equal the layout made without one, and fresh rows as a row grows",
          arguments: [40, 100])
    func cachedRowsEqualFreshRows(width: Int) {
        // Beside the Corpus tables, one whose columns hold the same text under different
        // labels and widths: a cell's lines are its column's, not any column's with that text.
        let twin = "| key | a much longer label |\n|---|---|\n| same words in both | same words in both |\n"
        let twins = MarkdownStream.parse(Array(twin.utf8)).map { ("twin columns", $0) }
        for (name, table) in TableSamples.corpusTables + twins {
            let context = LayoutFixtures.dark(width)
            let dataRows = Array(table.children.dropFirst())
            guard let sections = TableSections(table: table, dataRows: dataRows, final: true, in: context),
                  let row = dataRows.last, !row.children.isEmpty else { continue }
            // The whole table through the cache, twice, is the layout made without one.
            let batch = TableLayout.lines(for: table, in: context, closed: false)
            for _ in 0..<2 {
                let sectioned = sections.opening() + dataRows.indices.flatMap { sections.row($0, dataRows[$0]) }
                #expect(sectioned == batch, "\(name) at \(width): cached rows differ from the batch layout")
            }
            // The last row as it is written: its cells one by one, the last cut short first.
            for count in 1...row.children.count {
                var partial = row
                partial.children = Array(row.children.prefix(count))
                for _ in 0..<2 {
                    let fresh = TableSections(table: table, dataRows: dataRows, final: true, in: context)?.row(dataRows.count - 1, partial)
                    #expect(sections.row(dataRows.count - 1, partial) == fresh, "\(name) at \(width), \(count) cells")
                }
            }
        }
    }
}
