@_spi(Testing) @testable import Rill
import Testing

extension RillTests.Layout {
    /// How tables are styled: borders, header, inline markup, control characters.
    @Suite struct TableStyleTests {}
}

extension RillTests.Layout.TableStyleTests {
    private var markdown: String { "| *Name* | Code |\n|---|---|\n| **Ada** | `x` and [docs](https://e.x) |\n" }

    @Test func stylesBordersWithTheBorderStyleAndHeadersWithTheHeaderStyle() {
        let theme = Theme.dark
        let lines = TableLayout.lines(for: LayoutFixtures.table(markdown), in: LayoutFixtures.dark(80))
        let borderSpans = lines.flatMap(\.spans).filter { $0.text.contains { "│┌┐└┘├┤┬┴┼╞╡╪═─".contains($0) } }
        #expect(!borderSpans.isEmpty)
        #expect(borderSpans.allSatisfy { $0.style == theme.tableBorder })

        let header = lines[1].spans
        let name = header.first { $0.text == "Name" }
        #expect(name?.style == theme.text.merged(with: theme.tableHeader).merged(with: theme.emphasis))
        let code = header.first { $0.text.contains("Code") }
        #expect(code?.style == theme.text.merged(with: theme.tableHeader))
    }

    @Test func stylesInlineMarkupInsideCells() {
        let theme = Theme.dark
        let row = TableLayout.lines(for: LayoutFixtures.table(markdown), in: LayoutFixtures.dark(80))[3]
        #expect(row.spans.first { $0.text == "Ada" }?.style == theme.text.merged(with: theme.strong))
        #expect(row.spans.first { $0.text == "x" }?.style == theme.text.merged(with: theme.inlineCode))
        #expect(row.spans.first { $0.text == "docs" }?.style == theme.text.merged(with: theme.link))
        #expect(row.plainText.contains("docs (https://e.x)"))
    }

    @Test func plainModeHasTheSameLayoutWithoutStyles() {
        let table = LayoutFixtures.table(markdown)
        let plain = TableLayout.lines(for: table, in: LayoutFixtures.plain(80))
        // Nothing drawn: a link target only keeps whole when wrapped, which is not a style.
        #expect(plain.flatMap(\.spans).allSatisfy { span in
            var style = span.style
            style.keepsWhole = false
            return style == .plain
        })
        #expect(LayoutFixtures.text(plain) == [
            "┌─────────┬────────────────────────────┐",
            "│ *Name*  │ Code                       │",
            "╞═════════╪════════════════════════════╡",
            "│ **Ada** │ `x` and docs (https://e.x) │",
            "└─────────┴────────────────────────────┘",
        ])
        // Colour mode drops the backticks, so only the inline code cell differs in width.
        let coloured = TableLayout.lines(for: table, in: LayoutFixtures.dark(80))
        #expect(LayoutFixtures.text(coloured)[3] == "│ Ada  │ x and docs (https://e.x) │")
    }

    @Test func showsControlCharactersInCellsAsPlaceholders() {
        let hostile = "| a\u{1B}[2J | b\u{07} |\n|---|---|\n| \u{1B}]52;c;aGk=\u{07} | c\u{9B}31m |\n"
        for context in [LayoutFixtures.plain(80), LayoutFixtures.dark(80), LayoutFixtures.plain(12)] {
            let lines = TableLayout.lines(for: LayoutFixtures.table(hostile), in: context)
            let text = lines.map(\.plainText).joined()
            #expect(!text.unicodeScalars.contains(where: ControlCharacters.isControl))
            #expect(text.contains("a␛[2J"))
            #expect(text.contains("c␛[31m"))
            if context.width == 80 { #expect(text.contains("␛]52;c;aGk=␇")) }
        }
    }
}
