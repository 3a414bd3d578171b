@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

extension RillTests.Layout {
    /// Over real model answers: no table cell breaks a word that fits its column, no column is
    /// narrower than its longest word when the longest words all fit, no line is wider than the
    /// screen. A sample by default, every answer with `RILL_EXHAUSTIVE=1`.
    @Suite struct TableWordBreakTests {}
}

extension RillTests.Layout.TableWordBreakTests {
    /// What the check found in a set of answers.
    struct Tally {
        var answers = 0
        var tables = 0
        var cells = 0
        /// Words broken although they fit their column.
        var brokenFitting: [String] = []
        /// Columns narrower than their longest word although every column's longest word fits.
        var narrowColumns: [String] = []
        /// Lines wider than the width.
        var wideLines: [String] = []
        /// Words broken because they are longer than their column (allowed).
        var brokenLonger = 0
    }

    /// Runs the wrapper may not break inside: a cell's text split at spaces and line breaks, and
    /// after a hyphen between letters or digits; a wide character is a run of its own.
    static func runs(_ text: String) -> [[Character]] {
        var runs: [[Character]] = []
        var current: [Character] = []
        func isWord(_ character: Character?) -> Bool { character.map { $0.isLetter || $0.isNumber } ?? false }
        for character in text {
            if character == " " || character == "\n" {
                if !current.isEmpty { runs.append(current) }
                current = []
                continue
            }
            let wide = DisplayWidth.of(character) == 2
            let afterWordHyphen = current.last == "-" && isWord(current.dropLast().last) && isWord(character)
            let afterWide = current.last.map { DisplayWidth.of($0) == 2 } ?? false
            if !current.isEmpty, wide || afterWide || afterWordHyphen {
                runs.append(current)
                current = []
            }
            current.append(character)
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }

    static func width(_ run: [Character]) -> Int { run.reduce(0) { $0 + DisplayWidth.of($1) } }

    /// Checks the tables of one document at `width`, adding to `tally`.
    static func check(_ name: String, _ blocks: [Block], width: Int, into tally: inout Tally) {
        let context = LayoutContext(width: width, theme: .plain, isPlain: true)
        for line in DocumentLayout.lines(for: blocks, in: context) where line.width > width {
            tally.wideLines.append("\(name) at \(width): \(line.plainText)")
        }
        for table in BlockTree.allBlocks(blocks) {
            guard let content = TableContent(table) else { continue }
            tally.tables += 1
            // Tables nested in lists and quotes are laid out narrower: measure at their width
            // by finding the grid's widths from the plan at the document width only for
            // top-level tables.
            guard blocks.contains(where: { $0.id == table.id }) else { continue }
            let header = content.header.map { $0.map { TableCellText($0, base: .plain, in: context) } }
            let rows = content.rows.map { $0.map { TableCellText($0, base: .plain, in: context) } }
            let shape = TablePlan.shape(alignments: content.alignments, header: header, rows: rows[...], headroom: false,
                                        in: context)
            guard let grid = shape as? TableGrid else { continue }
            let all = (header.map { [$0] } ?? []) + rows
            let longest = grid.widths.indices.map { column in
                all.map { runs($0[column].spans.map(\.text).joined()).map(Self.width).max() ?? 0 }.max() ?? 0
            }
            let wordsFit = TableGrid.totalWidth(of: longest.map { max(1, $0) }) <= width
            for column in grid.widths.indices where wordsFit && grid.widths[column] < longest[column] {
                tally.narrowColumns.append("\(name) at \(width): column \(column) is \(grid.widths[column]), word \(longest[column])")
            }
            for row in all {
                for (cell, columnWidth) in zip(row, grid.widths) {
                    tally.cells += 1
                    checkCell(cell, columnWidth: columnWidth, name: "\(name) at \(width)", into: &tally)
                }
            }
        }
    }

    /// Whether a soft break of `cell` wrapped in `columnWidth` falls inside a run no wider than the column.
    static func checkCell(_ cell: TableCellText, columnWidth: Int, name: String, into tally: inout Tally) {
        let text = Array(cell.spans.map(\.text).joined())
        let lines = TextWrapper.wrap(cell.spans, width: columnWidth, breaksAfterHyphens: true).map { Array($0.plainText) }
        var position = 0
        for (index, line) in lines.enumerated() {
            // Spaces dropped at a soft break, or the line feed of a hard one.
            if index > 0 {
                while position < text.count, text[position] == " " { position += 1 }
                if position < text.count, text[position] == "\n" { position += 1 }
            }
            guard text.count - position >= line.count, Array(text[position..<position + line.count]) == line else {
                return  // a placeholder stands for a control character: not comparable
            }
            position += line.count
            guard index < lines.count - 1, position > 0, position < text.count,
                  text[position] != " ", text[position] != "\n", text[position - 1] != " " else { continue }
            // A break between two characters of the text: inside a run unless it is a run boundary.
            var start = position - 1
            while start > 0, text[start - 1] != " ", text[start - 1] != "\n" { start -= 1 }
            var end = position
            while end < text.count, text[end] != " ", text[end] != "\n" { end += 1 }
            let word = String(text[start..<end])
            var offset = 0
            for run in runs(word) {
                defer { offset += run.count }
                let runStart = start + offset, runEnd = runStart + run.count
                guard runStart < position, position < runEnd else { continue }
                if width(run) <= columnWidth {
                    tally.brokenFitting.append("\(name): \(String(run)) in a column of \(columnWidth)")
                } else {
                    tally.brokenLonger += 1
                }
            }
        }
    }

    @Test("No table cell of a real answer breaks a word that fits its column",
          .enabled(if: RealAnswers.isAvailable, "no real answers beside the repository"),
          arguments: [60, 80, 100])
    func realAnswersBreakNoFittingWord(width: Int) throws {
        var tallies: [String: Tally] = [:]
        for answer in RealAnswers.sample(300) {
            let file = String(answer.name.prefix { $0 != "#" })
            tallies[file, default: Tally()].answers += 1
            Self.check(answer.name, MarkdownStream.parse(answer.bytes), width: width, into: &tallies[file, default: Tally()])
        }
        for (file, tally) in tallies.sorted(by: { $0.key < $1.key }) {
            print("width \(width) \(file): \(tally.answers) answers, \(tally.tables) tables, \(tally.cells) cells, "
                  + "\(tally.brokenFitting.count) fitting words broken, \(tally.narrowColumns.count) columns narrower "
                  + "than a word that fits, \(tally.wideLines.count) lines too wide, \(tally.brokenLonger) longer words broken")
            #expect(tally.brokenFitting.isEmpty, "\(tally.brokenFitting.prefix(3))")
            #expect(tally.narrowColumns.isEmpty, "\(tally.narrowColumns.prefix(3))")
            #expect(tally.wideLines.isEmpty, "\(tally.wideLines.prefix(3))")
        }
    }

    @Test func theCheckFindsAWordBrokenAlthoughItFits() {
        let cell = TableCellText(spans: [Span("Massachusetts")], base: .plain)
        var tally = Tally()
        Self.checkCell(cell, columnWidth: 13, name: "fits", into: &tally)
        #expect(tally.brokenFitting.isEmpty && tally.brokenLonger == 0)
        Self.checkCell(cell, columnWidth: 5, name: "longer", into: &tally)
        #expect(tally.brokenFitting.isEmpty && tally.brokenLonger == 2)  // Massa/chuse/tts
        // A table whose ninth row holds the longest word: its column is that wide.
        let markdown = "| State | T |\n|---|---|\n" + "abcdefgh".map { "| \($0) | 1 |\n" }.joined() + "| Massachusetts | 9 |\n"
        Self.check("late word", MarkdownStream.parse(Array(markdown.utf8)), width: 80, into: &tally)
        #expect(tally.narrowColumns.isEmpty && tally.brokenLonger == 2, "\(tally)")
        #expect(Self.runs("2001-Present a-b --x 日本") == ["2001-", "Present", "a-", "b", "--x", "日", "本"].map(Array.init))
    }
}
