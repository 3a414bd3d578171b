@_spi(Testing) @testable import Rill
import Testing

extension RillTests.Layout {
    /// The grid layout of tables: borders, alignment, styles, cell content.
    @Suite struct TableLayoutTests {}
}

extension RillTests.Layout.TableLayoutTests {
    private func render(_ markdown: String, width: Int = 80, closed: Bool = true) -> [String] {
        LayoutFixtures.text(TableLayout.lines(for: LayoutFixtures.table(markdown), in: LayoutFixtures.plain(width), closed: closed))
    }

    @Test func drawsABoxGridWithADoubleRuleUnderTheHeader() {
        #expect(render("| a | b |\n|---|:-:|\n| 1 | 2 |\n") == [
            "┌───┬───┐",
            "│ a │ b │",
            "╞═══╪═══╡",
            "│ 1 │ 2 │",
            "└───┴───┘",
        ])
    }

    @Test func alignsCellsByTheDelimiterRow() {
        let markdown = "| L | C | R | N |\n|:--|:-:|--:|---|\n| x | y | z | w |\n| left | centre | right | none |\n"
        #expect(render(markdown) == [
            "┌──────┬────────┬───────┬──────┐",
            "│ L    │   C    │     R │ N    │",
            "╞══════╪════════╪═══════╪══════╡",
            "│ x    │   y    │     z │ w    │",
            "│ left │ centre │ right │ none │",
            "└──────┴────────┴───────┴──────┘",
        ])
    }

    @Test func centresWithTheOddColumnOnTheRight() {
        #expect(render("| abcd |\n|:-:|\n| a |\n| ab |\n") == [
            "┌──────┐",
            "│ abcd │",
            "╞══════╡",
            "│  a   │",
            "│  ab  │",
            "└──────┘",
        ])
    }

    @Test func alignsWideCharactersByDisplayWidth() {
        let markdown = "| 名前 | 説明 | n |\n|---|---|--:|\n| 東京 | 日本の首都 | 1 |\n| Seoul | 한국의 수도 | 22 |\n"
        let lines = render(markdown)
        #expect(lines == [
            "┌───────┬─────────────┬────┐",
            "│ 名前  │ 説明        │  n │",
            "╞═══════╪═════════════╪════╡",
            "│ 東京  │ 日本の首都  │  1 │",
            "│ Seoul │ 한국의 수도 │ 22 │",
            "└───────┴─────────────┴────┘",
        ])
        #expect(Set(lines.map { DisplayWidth.of($0) }) == [28])
    }

    @Test func leavesTheBottomBorderToTheClosingLines() {
        let table = LayoutFixtures.table("| a | b |\n|---|---|\n| 1 | 2 |\n")
        let context = LayoutFixtures.plain(80)
        let laidOut = TableLayout.layout(table, in: context)
        #expect(LayoutFixtures.text(laidOut.closing) == ["└───┴───┘"])
        #expect(TableLayout.lines(for: table, in: context, closed: false) == laidOut.body)
        #expect(TableLayout.lines(for: table, in: context, closed: true) == laidOut.body + laidOut.closing)
        #expect(laidOut.body.last?.plainText == "│ 1 │ 2 │")
    }

    @Test func drawsAHeaderOnlyTableWithoutAHeaderRule() {
        #expect(render("| only | header |\n|---|---|\n") == [
            "┌──────┬────────┐",
            "│ only │ header │",
            "└──────┴────────┘",
        ])
        #expect(render("| only | header |\n|---|---|\n", closed: false) == [
            "┌──────┬────────┐",
            "│ only │ header │",
        ])
    }

    @Test func padsShortRowsAndDropsExtraCells() {
        let markdown = "| one | two | three |\n|-----|-----|-------|\n| only one |\n| a | b | c | d extra cell |\n| | | |\n"
        #expect(render(markdown) == [
            "┌──────────┬─────┬───────┐",
            "│ one      │ two │ three │",
            "╞══════════╪═════╪═══════╡",
            "│ only one │     │       │",
            "│ a        │ b   │ c     │",
            "│          │     │       │",
            "└──────────┴─────┴───────┘",
        ])
    }

    @Test func toleratesRowsOfAnyLengthInABlockBuiltByHand() {
        func cell(_ text: String) -> Block {
            Block(id: BlockID(anchor: 0), kind: .tableCell([.text(text)]), range: 0..<0)
        }
        func row(_ cells: [String], header: Bool = false) -> Block {
            Block(id: BlockID(anchor: 0), kind: .tableRow(isHeader: header), range: 0..<0, children: cells.map(cell))
        }
        let table = Block(id: BlockID(anchor: 0), kind: .table(alignments: [.right]), range: 0..<0,
                          children: [row(["h1", "h2"], header: true), row([]), row(["a", "b", "c"])])
        #expect(LayoutFixtures.text(TableLayout.lines(for: table, in: LayoutFixtures.plain(80))) == [
            "┌────┬────┐",
            "│ h1 │ h2 │",
            "╞════╪════╡",
            "│    │    │",
            "│  a │ b  │",
            "└────┴────┘",
        ])
    }

    @Test func showsEscapedPipesAsText() {
        #expect(render("| escaped \\| pipe | b |\n|---|---|\n| x \\| y | `p \\| q` |\n") == [
            "┌────────────────┬─────────┐",
            "│ escaped | pipe │ b       │",
            "╞════════════════╪═════════╡",
            "│ x | y          │ `p | q` │",
            "└────────────────┴─────────┘",
        ])
    }

    @Test func givesNoLinesForABlockThatIsNotATable() {
        let paragraph = MarkdownStream.parse(Array("just text\n".utf8))[0]
        #expect(TableLayout.lines(for: paragraph, in: LayoutFixtures.plain(80)).isEmpty)
    }
}
