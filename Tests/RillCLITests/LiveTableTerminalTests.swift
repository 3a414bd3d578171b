import Foundation
import RillTestSupport
import Testing

extension LiveTerminalTests {
    /// A 40×10 pane and a table whose rows arrive slowly, wrap, and whose 4th row would widen its
    /// first column: the table is committed to scrollback while it is written, and every line of
    /// it must have the same widths (no rows of two layouts mixed).
    @Test("A table taller than a small pane, rows arriving slowly, leaves one consistent grid in scrollback")
    func slowTableInASmallPaneKeepsOneSetOfWidths() throws {
        let terminal = try Tmux(width: 40, height: 10)
        defer { terminal.kill() }
        let rows = ["a", "b", "c", "a much longer key", "d", "e"].map {
            "| \($0) | one two three four five six seven eight nine ten eleven twelve |\\n"
        }
        let pieces = ["Intro.\\n\\n| k | text |\\n|---|---|\\n"] + rows + ["\\nAfter.\\n"]
        let script = pieces.map { "printf '\($0)'; sleep 0.2" }.joined(separator: "; ")
        let run = try terminal.run("(\(script)) | rill --color never", timeout: Self.replayTimeout)
        #expect(run.status == 0)
        let lines = Self.withoutTrailingBlankLines(run.lines)
        #expect(TableGridLines.grids(in: lines).count == 1, "\(lines)")
        #expect(TableGridLines.mixedGrids(in: lines).isEmpty, "\(lines.joined(separator: "\n"))")
        #expect(lines.filter { $0.hasPrefix("│ d ") }.count == 1, "\(lines)")
        #expect(lines.last == "After.", "\(lines)")
    }
}
