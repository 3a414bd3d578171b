@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

extension RillTests.Layout {
    /// A final table's widths come from all of its rows; cells break at spaces, after a hyphen
    /// inside a word, and at `<br>`.
    @Suite struct TableWholeWidthTests {}
}

extension RillTests.Layout.TableWholeWidthTests {
    private func render(_ markdown: String, width: Int) -> [String] {
        LayoutFixtures.text(TableLayout.lines(for: LayoutFixtures.table(markdown), in: LayoutFixtures.plain(width)))
    }

    @Test func aLongWordInALateRowWidensItsColumn() {
        let rows = "abcdefgh".map { "| \($0) | 1 |\n" }.joined()
        let lines = render("| State | T |\n|---|---|\n" + rows + "| Massachusetts | 9 |\n", width: 80)
        #expect(lines.first == "┌───────────────┬───┐")
        #expect(lines.contains("│ Massachusetts │ 9 │"), "\(lines)")
    }

    @Test func aNarrowColumnUnderALongHeaderLeavesTheRoomToProse() {
        let prose = Array(repeating: "a sentence that goes on", count: 6).joined(separator: " ")
        let markdown = "| Name | Popularity Score (1-100) | Description |\n|---|---|---|\n"
            + "| Python | 95 | \(prose) |\n| Go | 80 | \(prose) |\n"
        let lines = render(markdown, width: 80)
        // The score column keeps its longest word (the header's `Popularity`) and a share of the
        // rest by need; the prose column gets most of it.
        let header = lines[1].split(separator: "│", omittingEmptySubsequences: false).map(\.count)
        #expect(header[2] < 20, "\(lines)")
        #expect(header[3] > 40, "\(lines)")
        #expect(lines.contains { $0.contains("│ Popularity") }, "\(lines)")
    }

    @Test func breaksAfterAHyphenRatherThanInsideAWord() {
        let markdown = "| Years | Name |\n|---|---|\n| 2001-Present | some longer text in this column here |\n"
        let lines = render(markdown, width: 24)
        #expect(lines.contains { $0.hasPrefix("│ 2001-") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("│ Present") }, "\(lines)")
        // Never after a hyphen that starts a word, nor between two hyphens.
        let flags = render("| Flag | Text |\n|---|---|\n| --abcdefghijkl | a |\n", width: 21)
        #expect(flags.contains("│ --abcdefgh │ a    │"), "\(flags)")
    }

    @Test(arguments: ["<br>", "<br/>", "<br />", "<BR>"])
    func aBreakTagInACellIsALineBreak(tag: String) {
        let lines = render("| Step | Notes |\n|---|---|\n| 1 | first line\(tag)second line |\n", width: 80)
        #expect(lines.contains("│ 1    │ first line  │"), "\(lines)")
        #expect(lines.contains("│      │ second line │"), "\(lines)")
        #expect(!lines.joined().lowercased().contains("<br"), "\(lines)")
    }

    @Test func otherHTMLInACellIsLeftAsItIs() {
        let lines = render("| a |\n|---|\n| x<span>y</span> |\n", width: 80)
        #expect(lines.contains { $0.contains("x<span>y</span>") }, "\(lines)")
        #expect(TableCellBreaks.isLineBreak("<br >"))
        #expect(!TableCellBreaks.isLineBreak("<brx>"))
        #expect(!TableCellBreaks.isLineBreak("<b>"))
    }
}
