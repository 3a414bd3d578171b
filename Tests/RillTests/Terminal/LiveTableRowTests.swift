@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

/// A table row still being written, in the live view: one line tall while the column widths may
/// still change, wrapped in its widths once they are fixed until the table ends.
@Suite struct LiveTableRowTests {
    static let width = 60

    /// The screen after streaming `text` in 4-byte pieces, one frame each (the input not ended).
    static func screen(after text: String) -> [String] {
        let bytes = Array(text.utf8)
        let context = LayoutContext(width: width, theme: .plain, isPlain: true)
        var view = LiveView(context: context, encoder: ANSIEncoder(depth: .none), height: 30)
        var terminal = VirtualTerminal(width: width, height: 30)
        var stream = MarkdownStream()
        for range in ReplayChunker.ranges(of: bytes, mode: .fixed(4)) {
            stream.append(bytes[range])
            _ = stream.update()
            terminal.feed(view.frame(stream))
        }
        #expect(terminal.violations.isEmpty)
        return terminal.transcript.filter { !$0.isEmpty }
    }

    static let header = "| Day | Why |\n|---|---|\n"
    static let long = "Arrive, recover from jet lag and walk"

    @Test func firstRowBeingWrittenIsOneLineCutWithEllipsis() {
        let lines = Self.screen(after: Self.header + "| 1 | " + Self.long)
        // Top border, header, rule, then the row: one line, its cell cut to the header's width.
        #expect(lines.count == 4, "\(lines)")
        #expect(lines.last == "│ 1   │ Ar… │", "\(lines)")
    }

    @Test func rowThatFitsIsShownWhole() {
        let lines = Self.screen(after: Self.header + "| 1 | Ok")
        #expect(lines.last == "│ 1   │ Ok  │", "\(lines)")
    }

    @Test func completedRowTakesItsWidths() {
        let lines = Self.screen(after: Self.header + "| 1 | " + Self.long + " |\n")
        #expect(lines.last == "│ 1   │ " + Self.long + " │", "\(lines)")
    }

    @Test func rowAfterAFullSampleWrapsInTheFixedWidths() {
        let sample = (1...TableLayout.sampleRows).map { "| \($0) | short |\n" }.joined()
        let lines = Self.screen(after: Self.header + sample + "| 9 | " + Self.long)
        // The widths are fixed while the table is written: the row wraps, several lines tall.
        let rowLines = lines.drop { !$0.hasPrefix("│ 9") }
        #expect(rowLines.first == "│ 9   │ Arriv │", "\(lines)")
        #expect(rowLines.count > 1, "\(lines)")
        #expect(!lines.joined().contains("…"), "\(lines)")
    }
}
