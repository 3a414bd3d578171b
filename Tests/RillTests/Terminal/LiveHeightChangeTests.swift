import Rill
import RillTestSupport
import Testing

/// A terminal that gains or loses rows while a long paragraph is live (a split pane, a window
/// made shorter): the lines it keeps are not drawn again, none is lost, and the screen is never
/// erased from its top left corner.
@Suite struct LiveHeightChangeTests {
    struct HeightChange: Sendable, CustomTestStringConvertible {
        let from: Int
        let to: Int
        var testDescription: String { "\(from) to \(to) rows" }
    }

    @Test("A height change mid-paragraph leaves the batch render in the transcript",
          arguments: [HeightChange(from: 40, to: 8), HeightChange(from: 40, to: 2), HeightChange(from: 12, to: 11),
                      HeightChange(from: 8, to: 40), HeightChange(from: 20, to: 20)])
    func heightChangeMidParagraph(_ change: HeightChange) {
        let paragraph = (1...400).map { "word\($0)" }.joined(separator: " ")
        let bytes = Array("Before.\n\n\(paragraph)\n\nAfter.\n".utf8)
        let context = LayoutContext(width: 100, theme: .plain, isPlain: true)
        var view = LiveView(context: context, encoder: ANSIEncoder(depth: .none), height: change.from)
        var terminal = VirtualTerminal(width: 100, height: change.from)
        var stream = MarkdownStream()
        var resized = false
        for start in stride(from: 0, to: bytes.count, by: 8) {
            stream.append(bytes[start..<min(bytes.count, start + 8)])
            stream.advance()
            terminal.feed(view.frame(stream))
            // About 16 lines of the paragraph are written: taller than the smaller screens.
            if !resized, start >= 1_600 {
                resized = true
                terminal.resize(height: change.to)
                terminal.feed(view.resize(width: 100, height: change.to))
            }
        }
        _ = stream.finish()
        terminal.feed(view.frame(stream))
        terminal.feed(view.close())
        var lines = terminal.transcript
        while lines.last == "" { lines.removeLast() }
        #expect(lines == LiveTranscriptTests.batch(bytes, width: 100))
        #expect(terminal.violations.isEmpty, "\(terminal.violations.prefix(3))")
    }
}
