@_spi(Testing) import Rill
import RillTestSupport
import Testing

extension LiveLayoutTests {
    /// A view gives up the lines of a table drawn before a width change (the terminal rewrapped
    /// them): the rest of the table is laid out at the new width from the rows it knows by then,
    /// not with the plan of the first short rows frozen, which would squeeze a later long row
    /// into a column one letter wide.
    @Test("A table whose first rows a resize gave up lays out its later rows at the new width with a plan of them")
    func givenUpTableRowsArePlannedAgain() {
        let bytes = Array("Intro line.\n\n|a|b|\n|-|-|\n|1|2|\ntext directly after table becomes a row?\n\nEnd.\n".utf8)
        let rowStart = bytes.count - "text directly after table becomes a row?\n\nEnd.\n".utf8.count
        var layout = LiveLayout(context: LayoutContext(width: 100, theme: .plain, isPlain: true), maxLines: 29)
        var stream = MarkdownStream()
        var history: [String] = []
        var region: [StyledLine] = []
        func frame() {
            let frame = layout.frame(stream)
            history += frame.lines.prefix(frame.committed).map(\.plainText)
            region = Array(frame.lines.dropFirst(frame.committed))
        }
        for piece in Chunkings.fixed(rowStart, size: 4) {
            stream.append(bytes[piece])
            stream.advance()
            frame()
        }
        // The width changes: as a terminal view does, the lines above the cursor's are given up.
        history += region.dropLast().map(\.plainText)
        layout.resize(width: 60, maxLines: 29)
        layout.abandon(Array(region.dropLast()))
        for piece in Chunkings.fixed(bytes.count - rowStart, size: 4) {
            stream.append(bytes[(rowStart + piece.lowerBound)..<(rowStart + piece.upperBound)])
            stream.advance()
            frame()
        }
        stream.finish()
        frame()
        let transcript = history + region.map(\.plainText)
        #expect(transcript.contains { $0.contains("text directly after table becomes a row?") },
                "the long row is not on one line:\n\(transcript.joined(separator: "\n"))")
        #expect(transcript.count < 20, "\(transcript.count) lines")
    }
}
