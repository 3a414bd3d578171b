@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

/// Edits of lines holding wide characters (CJK) start and end at character edges of the line on
/// screen and of the new one: on a terminal that records every insertion, deletion, erase or
/// write cutting a wide character in two, none does, and the screen shows the new line.
@Suite struct WideCharacterEditTests {
    /// What lines are made of: ASCII, table borders and rules, CJK text and punctuation.
    static let pieces = ["a", "b", "c", " ", "   ", "│", "─", "文", "は", "「", "」", "の", "役", "が", "日本語", "한", "x y"]
    static let styles = [TextStyle.plain, TextStyle(bold: true), TextStyle(foreground: TerminalColor(240))]

    /// Random text `columns` wide at most, in pieces of random styles.
    static func text(_ random: inout SplitMix64, columns: Int) -> [Span] {
        var spans: [Span] = []
        var width = 0
        while true {
            let piece = pieces[Int(random.next() % UInt64(pieces.count))]
            guard width + DisplayWidth.of(piece) <= columns else { return spans }
            width += DisplayWidth.of(piece)
            spans.append(Span(piece, styles[Int(random.next() % UInt64(styles.count))]))
        }
    }

    /// `old` changed in one to three places: spans taken out, others put in.
    static func changed(_ old: [Span], _ random: inout SplitMix64, columns: Int) -> [Span] {
        var spans = old
        for _ in 0...(random.next() % 3) {
            let start = Int(random.next() % UInt64(spans.count + 1))
            let end = min(spans.count, start + Int(random.next() % 3))
            let room = columns - spans.reduce(0) { $0 + $1.width } + spans[start..<end].reduce(0) { $0 + $1.width }
            spans.replaceSubrange(start..<end, with: text(&random, columns: min(room, Int(random.next() % 6))))
        }
        return spans
    }

    /// The terminal after a painter drew `old` and then `new`, as the last line of the live
    /// region or as a line above it.
    static func painted(_ old: StyledLine, _ new: StyledLine, last: Bool, columns: Int) -> VirtualTerminal {
        var painter = LivePainter(encoder: ANSIEncoder(depth: .palette))
        painter.columns = columns
        let below = StyledLine([Span("below")])
        var terminal = VirtualTerminal(width: columns, height: 4, catchesCuts: true)
        terminal.feed(painter.paint(last ? [old] : [old, below]).bytes)
        terminal.feed(painter.paint(last ? [new] : [new, below]).bytes)
        return terminal
    }

    @Test("Any line of CJK and ASCII edited into another: no wide character cut, the new line on screen",
          arguments: [false, true])
    func randomEdits(last: Bool) {
        let columns = 40
        var random = SplitMix64(seed: last ? 11 : 12)
        for round in 0..<3000 {
            let oldSpans = Self.text(&random, columns: Int(random.next() % UInt64(columns + 1)))
            let old = StyledLine(oldSpans), new = StyledLine(Self.changed(oldSpans, &random, columns: columns))
            let terminal = Self.painted(old, new, last: last, columns: columns)
            var want = new.plainText
            while want.last == " " { want.removeLast() }
            #expect(terminal.cuts.isEmpty && terminal.transcript.first == want,
                    "round \(round): \(old.plainText.debugDescription) → \(new.plainText.debugDescription): \(terminal.cuts), shows \(terminal.transcript.first.debugDescription)")
            if !terminal.cuts.isEmpty || terminal.transcript.first != want { return }
        }
    }

    @Test("A table header whose first column widened and others narrowed deletes whole wide characters")
    func tableHeader() {
        // Spliced: `の役` gives way to a space in the second cell; deleting 3 cells from `の`
        // would end inside `役`.
        let old = StyledLine([Span("│ 文 │ 「は」の役 │ 「が」の  │")])
        let new = StyledLine([Span("│ 文      │ 「は」  │ 「が」  │")])
        let terminal = Self.painted(old, new, last: false, columns: 31)
        #expect(terminal.cuts == [])
        #expect(terminal.transcript.first == new.plainText)
    }

    @Test("The Japanese answer streamed at 31 columns cuts no wide character", arguments: 1...5)
    func japaneseAnswer(seed: UInt64) {
        let bytes = Corpus.bytes("answer-japanese-wa-ga.md")
        let replay = LiveReplay(bytes, pieces: ReplayChunker.ranges(of: bytes, mode: .tokens(seed: seed)),
                                context: LayoutContext(width: 31), encoder: ANSIEncoder(depth: .none), height: 12)
        var terminal = VirtualTerminal(width: 31, height: 12, catchesCuts: true)
        terminal.feed(replay.output)
        #expect(terminal.cuts == [])
        #expect(replay.difference() == nil)
    }
}
