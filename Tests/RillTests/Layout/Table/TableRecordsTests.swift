@_spi(Testing) @testable import Rill
import Testing

extension RillTests.Layout {
    /// The record-per-row fallback for tables too wide for a grid.
    @Suite struct TableRecordsTests {}
}

extension RillTests.Layout.TableRecordsTests {
    private func render(_ markdown: String, width: Int, closed: Bool = true) -> [String] {
        LayoutFixtures.text(TableLayout.lines(for: LayoutFixtures.table(markdown), in: LayoutFixtures.plain(width), closed: closed))
    }

    private var people: String {
        """
        | Name | Role | Notes |
        |:-----|:----:|------:|
        | Ada Lovelace | analyst | wrote the first program for the Analytical Engine |
        | Grace Hopper | admiral | COBOL |

        """
    }

    @Test func showsOneRecordPerRowWithAlignedValuesAndAHangingIndent() {
        #expect(render(people, width: 24) == [
            "┌───────────────────────",
            "│ Name:  Ada Lovelace",
            "│ Role:  analyst",
            "│ Notes: wrote the first",
            "│        program for the",
            "│        Analytical",
            "│        Engine",
            "├───────────────────────",
            "│ Name:  Grace Hopper",
            "│ Role:  admiral",
            "│ Notes: COBOL",
            "└───────────────────────",
        ])
    }

    @Test func leavesTheClosingRuleOutWhileOpen() {
        let open = render(people, width: 24, closed: false)
        #expect(open == Array(render(people, width: 24).dropLast()))
        #expect(open.last == "│ Notes: COBOL")
    }

    @Test func wrapsWholeFieldsWhenHeadersTakeMoreThanHalfTheWidth() {
        let markdown = "| Estimated monthly cost | Region |\n|---|---|\n| about forty dollars | eu-west-1 |\n"
        #expect(render(markdown, width: 20) == [
            "┌───────────────────",
            "│ Estimated monthly",
            "│   cost: about",
            "│   forty dollars",
            "│ Region: eu-west-1",
            "└───────────────────",
        ])
    }

    @Test func listsTheHeadersOfATableWithoutRows() {
        #expect(render("| a | b | c | d | e | f |\n|---|---|---|---|---|---|\n", width: 12) == [
            "┌───────────",
            "│ a",
            "│ b",
            "│ c",
            "│ d",
            "│ e",
            "│ f",
            "└───────────",
        ])
    }

    @Test func dropsTheGutterBelowFourColumns() {
        let lines = render(people, width: 3)
        #expect(lines.first == "───")
        #expect(lines.last == "───")
        #expect(lines.contains("Nam"))
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 3 })
    }

    @Test func leavesTheLabelOutForAnEmptyHeaderCell() {
        let markdown = "| | long header text here | x | y | z | w |\n|---|---|---|---|---|---|\n| one | two | three | four | five | six |\n"
        let lines = render(markdown, width: 30)
        #expect(lines[1] == "│ one")
        #expect(lines[2] == "│ long header text here: two")
    }
}
