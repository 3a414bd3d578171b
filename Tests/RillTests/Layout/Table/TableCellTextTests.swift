@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

extension RillTests.Layout {
    /// A cell's measures: its natural width (widest hard line), its longest unbreakable run and
    /// its hard lines.
    @Suite struct TableCellTextTests {}
}

extension RillTests.Layout.TableCellTextTests {
    /// The measures by their definition, a character at a time (spaces break, the wrapper may
    /// break on either side of a wide character, and after a hyphen between letters or digits).
    static func reference(_ spans: [Span]) -> (natural: Int, longest: Int, lines: Int) {
        var natural = 0, longest = 0, lines = 1, line = 0, word = 0, previousWasWide = false
        var before: [Character] = []  // the characters of the line so far
        func isWordCharacter(_ character: Character?) -> Bool {
            character.map { $0.isLetter || $0.isNumber } ?? false
        }
        for character in spans.map(\.text).joined() {
            if character == "\n" || character == "\r\n" {
                lines += 1
                line = 0
                word = 0
                previousWasWide = false
                before = []
                continue
            }
            let columns = character == " " ? 1 : DisplayWidth.of(character)
            if character == " " { word = 0 } else {
                let afterWordHyphen = before.last == "-" && isWordCharacter(before.dropLast().last)
                if columns == 2 || previousWasWide || (afterWordHyphen && isWordCharacter(character)) { word = 0 }
                word += columns
            }
            before.append(character)
            previousWasWide = columns == 2 && character != " "
            line += columns
            natural = max(natural, line)
            longest = max(longest, word)
        }
        return (natural, longest, lines)
    }

    /// Spans of printable ASCII are measured by bytes: they must measure as character by
    /// character, next to spans that are not (a wide character ending the span before a word).
    @Test("Cells measure as their definition, ASCII spans by bytes or not")
    func measuresAsDefined() {
        let pieces = ["a", "word", " ", "  ", "x.y", "", "日本", "語", "e\u{301}", "✅", "\n", "long-word-here", "b c", "-", "2001-", "é-5", "--x"]
        var random = SplitMix64(seed: 4242)
        for _ in 0..<2_000 {
            var spans: [Span] = []
            for _ in 0..<Int(1 + random.next() % 5) {
                spans.append(Span(pieces[Int(random.next() % UInt64(pieces.count))]))
            }
            let cell = TableCellText(spans: spans, base: .plain)
            let expected = Self.reference(spans)
            #expect(cell.naturalWidth == expected.natural, "\(spans)")
            #expect(cell.longestWord == expected.longest, "\(spans)")
            #expect(cell.hardLineCount == expected.lines, "\(spans)")
        }
    }
}
