@_spi(Testing) @testable import Rill
import Testing

extension RillTests.Layout {
    /// Fitting tables to the width: shrinking columns, wrapping cells, rules between rows.
    @Suite struct TableFittingTests {}
}

extension RillTests.Layout.TableFittingTests {
    private var people: String {
        """
        | Name | Role | Notes |
        |:-----|:----:|:------|
        | Ada Lovelace | analyst | wrote the first program for the Analytical Engine |
        | Grace Hopper | admiral | COBOL |

        """
    }

    private func render(_ markdown: String, width: Int) -> [String] {
        LayoutFixtures.text(TableLayout.lines(for: LayoutFixtures.table(markdown), in: LayoutFixtures.plain(width)))
    }

    @Test func keepsNaturalWidthsWhenTheyFitWithoutStretching() {
        #expect(render(people, width: 80) == [
            "┌──────────────┬─────────┬───────────────────────────────────────────────────┐",
            "│ Name         │  Role   │ Notes                                             │",
            "╞══════════════╪═════════╪═══════════════════════════════════════════════════╡",
            "│ Ada Lovelace │ analyst │ wrote the first program for the Analytical Engine │",
            "│ Grace Hopper │ admiral │ COBOL                                             │",
            "└──────────────┴─────────┴───────────────────────────────────────────────────┘",
        ])
        #expect(render(people, width: 200).first?.count == 78)
    }

    @Test func shrinksTheWidestColumnAndWrapsItsCellsSeparatingRows() {
        #expect(render(people, width: 40) == [
            "┌──────────────┬─────────┬─────────────┐",
            "│ Name         │  Role   │ Notes       │",
            "╞══════════════╪═════════╪═════════════╡",
            "│ Ada Lovelace │ analyst │ wrote the   │",
            "│              │         │ first       │",
            "│              │         │ program for │",
            "│              │         │ the         │",
            "│              │         │ Analytical  │",
            "│              │         │ Engine      │",
            "├──────────────┼─────────┼─────────────┤",
            "│ Grace Hopper │ admiral │ COBOL       │",
            "└──────────────┴─────────┴─────────────┘",
        ])
    }

    @Test func doesNotSeparateRowsWhenOnlyTheHeaderWraps() {
        let markdown = "| Memory in gibibytes | Load average |\n|--:|--:|\n| 4 | 0.5 |\n| 16 | 1.25 |\n"
        #expect(render(markdown, width: 24) == [
            "┌───────────┬──────────┐",
            "│ Memory in │     Load │",
            "│ gibibytes │  average │",
            "╞═══════════╪══════════╡",
            "│         4 │      0.5 │",
            "│        16 │     1.25 │",
            "└───────────┴──────────┘",
        ])
    }

    @Test func breaksAWordLongerThanItsColumnHard() {
        let markdown = "| url | n |\n|---|---|\n| https://example.com/a/very/long/path | 1 |\n"
        #expect(render(markdown, width: 24) == [
            "┌──────────────────┬───┐",
            "│ url              │ n │",
            "╞══════════════════╪═══╡",
            "│ https://example. │ 1 │",
            "│ com/a/very/long/ │   │",
            "│ path             │   │",
            "└──────────────────┴───┘",
        ])
    }

    @Test func wrapsCJKCellsBetweenCharactersAndKeepsClosingPunctuationAttached() {
        let markdown = "| 語 | 説明 |\n|---|---|\n| 東京 | 日本の首都で、最大の都市。 |\n"
        #expect(render(markdown, width: 20) == [
            "┌──────┬───────────┐",
            "│ 語   │ 説明      │",
            "╞══════╪═══════════╡",
            "│ 東京 │ 日本の首  │",
            "│      │ 都で、最  │",
            "│      │ 大の都    │",
            "│      │ 市。      │",
            "└──────┴───────────┘",
        ])
    }

    @Test func makesARowAsTallAsItsTallestCell() {
        let markdown = "| a | b |\n|---|---|\n| one two three four five six | x |\n"
        #expect(render(markdown, width: 20) == [
            "┌──────────────┬───┐",
            "│ a            │ b │",
            "╞══════════════╪═══╡",
            "│ one two      │ x │",
            "│ three four   │   │",
            "│ five six     │   │",
            "└──────────────┴───┘",
        ])
    }

    @Test func keepsHeaderWordsWhole() {
        // Squeezed to their minimums; "Description" would otherwise be cut after 10 columns.
        let markdown = "| Feature | Description | Notes |\n|---|---|---|\n"
            + "| Streaming | Renders markdown while the model is still writing it | See https://example.com/a/very/long/url |\n"
        let lines = render(markdown, width: 40)
        #expect(lines[1] == "│ Feature   │ Description │ Notes      │")
        #expect(lines[3] == "│ Streaming │ Renders     │ See        │")
    }

    @Test func fallsBackToRecordsWhenTheMinimumWidthsDoNotFit() {
        let markdown = "| a | b | c | d | e | f |\n|---|---|---|---|---|---|\n| alpha | beta | gamma | delta | epsilon | zeta |\n"
        #expect(render(markdown, width: 49).first?.hasPrefix("┌───────┬") == true)
        #expect(render(markdown, width: 48) == [
            "┌───────────────────────────────────────────────",
            "│ a: alpha",
            "│ b: beta",
            "│ c: gamma",
            "│ d: delta",
            "│ e: epsilon",
            "│ f: zeta",
            "└───────────────────────────────────────────────",
        ])
    }
}

extension RillTests.Layout.TableFittingTests {
    @Test func leavesRoomForRowNumbersToGrowWhileALongTableIsWritten() {
        let rows = (1...12).map { "| \($0) | x |" }.joined(separator: "\n")
        let table = LayoutFixtures.table("| # | name |\n|--:|---|\n" + rows + "\n")
        let lines = LayoutFixtures.text(TableLayout.layout(table, in: LayoutFixtures.plain(80), provisional: true).body)
        #expect(lines.first == "┌─────┬──────┐")
        #expect(lines.contains("│  12 │ x    │"))
        // Its final layout is as narrow as its content.
        #expect(render("| # | name |\n|--:|---|\n" + rows + "\n", width: 80).first == "┌────┬──────┐")
        // A table shorter than the sample is as narrow as its content.
        #expect(render("| # | name |\n|--:|---|\n| 1 | a |\n", width: 80).first == "┌───┬──────┐")
    }
}
