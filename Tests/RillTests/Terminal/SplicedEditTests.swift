import Foundation
@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

/// Lines changed in several places (a table whose columns traded widths) are edited where they
/// changed, from the right, and the screen still shows exactly the lines painted.
@Suite struct SplicedEditTests {
    @Test("A rule whose first column widened and last narrowed is spliced in two places, from the right")
    func ruleIsSplicedFromTheRight() {
        var painter = LivePainter(encoder: ANSIEncoder(depth: .none))
        painter.columns = 40
        let old = "┌" + String(repeating: "─", count: 4) + "┬" + String(repeating: "─", count: 20) + "┬"
            + String(repeating: "─", count: 10) + "┐"
        let new = "┌" + String(repeating: "─", count: 6) + "┬" + String(repeating: "─", count: 20) + "┬"
            + String(repeating: "─", count: 8) + "┐"
        _ = painter.paint([StyledLine([Span(old)]), StyledLine([Span("x")])])
        let bytes = String(decoding: painter.paint([StyledLine([Span(new)]), StyledLine([Span("x")])]).bytes, as: UTF8.self)
        // Up to the rule; two cells taken out of the last column first, then two inserted into
        // the first. The plain edit would write 24 rule characters.
        #expect(bytes == "\r\u{1B}[1A\u{1B}[28G\u{1B}[2P\u{1B}[2G\u{1B}[2@──")
    }

    /// Rows of a table `widths` wide, each cell's text cut to its column.
    static func table(_ rows: [[String]], widths: [Int], styles: [TextStyle]) -> [StyledLine] {
        func rule(_ left: String, _ middle: String, _ right: String) -> StyledLine {
            StyledLine([Span(left + widths.map { String(repeating: "─", count: $0 + 2) }.joined(separator: middle) + right,
                             styles[0])])
        }
        var lines = [rule("┌", "┬", "┐")]
        for row in rows {
            var line = StyledLine([Span("│", styles[0])])
            for (column, text) in row.enumerated() {
                var cell = ""
                var width = 0
                for character in text where width + DisplayWidth.of(character) <= widths[column] {
                    cell.append(character)
                    width += DisplayWidth.of(character)
                }
                line.append(Span(" " + cell, styles[1 + column % (styles.count - 1)]))
                line.append(Span(String(repeating: " ", count: widths[column] - width + 1)))
                line.append(Span("│", styles[0]))
            }
            lines.append(line)
        }
        lines.append(rule("└", "┴", "┘"))
        return lines
    }

    @Test("Tables whose column widths change keep the screen equal to the lines painted", arguments: [false, true])
    func tablesStayExact(atTheMargin: Bool) {
        var random = SplitMix64(seed: atTheMargin ? 7 : 3)
        let words = ["alpha", "beta", "日本語", "x", "gamma delta", "ok", "한국어", "—", "`code`"]
        let styles = [TextStyle(foreground: TerminalColor(240)), .plain, TextStyle(bold: true),
                      TextStyle(foreground: TerminalColor(216), background: TerminalColor(236))]
        var splicedRows = 0
        for _ in 0..<20 {
            let columnCount = 3 + Int(random.next() % 2)
            var widths = (0..<columnCount).map { _ in 3 + Int(random.next() % 10) }
            // The table's width: the screen's exactly, or less.
            let tableWidth = widths.reduce(0, +) + 3 * columnCount + 1
            let screen = atTheMargin ? tableWidth : tableWidth + 10
            var terminal = VirtualTerminal(width: screen, height: 16)
            var painter = LivePainter(encoder: ANSIEncoder(depth: .palette))
            painter.columns = screen
            let rows = (0..<4).map { _ in (0..<columnCount).map { _ in words[Int(random.next() % UInt64(words.count))] } }
            for _ in 0..<12 {
                // One column takes cells from another: the table keeps its width.
                let from = Int(random.next() % UInt64(columnCount)), to = Int(random.next() % UInt64(columnCount))
                let moved = min(widths[from] - 1, 1 + Int(random.next() % 4))
                widths[from] -= moved
                widths[to] += moved
                let lines = Self.table(rows, widths: widths, styles: styles) + [StyledLine([Span("after")])]
                let bytes = painter.paint(lines).bytes
                terminal.feed(bytes)
                splicedRows += String(decoding: bytes, as: UTF8.self).split(separator: "\r")
                    .filter { $0.components(separatedBy: "G").count > 2 }.count
                let expected = lines.map { $0.plainText.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
                #expect(LivePainterTests.region(terminal, count: lines.count, below: painter.rowsBelowCursor) == expected)
            }
            #expect(terminal.violations.isEmpty)
        }
        // Rows reached twice by column: spliced.
        #expect(splicedRows > 0)
    }
}
