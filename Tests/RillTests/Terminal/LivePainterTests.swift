@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

/// The painter keeps a virtual terminal's screen equal to the lines it was given, whatever
/// changes between frames, never moving above the region and never sending anything but
/// Rill's own sequences.
@Suite struct LivePainterTests {
    /// Words for random lines; in "xᅡᆫ", "ᅡᆫ" are two characters of no width (a Hangul vowel and
    /// final without an initial), each a cluster of its own, which a terminal joins to the cell
    /// before them (at the start of a row they have none: no word starts with them); in "cafe\u{301}"
    /// a combining mark joins the "e" a shorter word ends with.
    static let words = ["alpha", "beta", "`code`", "gamma", "δέλτα", "日本", "x", "emoji👍🏽", "│", "━━", "   ", "xᅡᆫ",
                        "cafe", "cafe\u{301}", "é—"]

    static func randomLine(_ random: inout SplitMix64, width: Int) -> StyledLine {
        var line = StyledLine()
        let styles = [TextStyle.plain, TextStyle(bold: true), TextStyle(foreground: TerminalColor(81)),
                      TextStyle(foreground: TerminalColor(252), background: TerminalColor(235))]
        while true {
            let word = words[Int(random.next() % UInt64(words.count))] + " "
            if line.width + DisplayWidth.of(word) > width { break }
            line.append(Span(word, styles[Int(random.next() % UInt64(styles.count))]))
            if random.next() % 4 == 0 { break }
        }
        if random.next() % 3 == 0, line.width < width {
            // Padding with a background, as a code band has.
            line.append(Span(String(repeating: " ", count: width - line.width), styles[3]))
        }
        return line
    }

    /// The next frame: the previous lines edited the way streaming edits them.
    static func evolve(_ lines: [StyledLine], _ random: inout SplitMix64, width: Int) -> [StyledLine] {
        var lines = lines
        switch random.next() % 7 {
        case 0, 1:  // grow the last line
            if var last = lines.popLast() {
                let word = words[Int(random.next() % UInt64(words.count))]
                if last.width + DisplayWidth.of(word) <= width { last.append(Span(word)) }
                lines.append(last)
            } else {
                lines.append(randomLine(&random, width: width))
            }
        case 2:  // a new line
            lines.append(randomLine(&random, width: width))
        case 3:  // change a line in the middle
            if !lines.isEmpty { lines[Int(random.next() % UInt64(lines.count))] = randomLine(&random, width: width) }
        case 6:  // grow a line above the last (a table row's first line, above its continuation)
            if lines.count > 1 {
                let index = Int(random.next() % UInt64(lines.count - 1))
                let word = words[Int(random.next() % UInt64(words.count))]
                if lines[index].width + DisplayWidth.of(word) <= width { lines[index].append(Span(word)) }
            }
        case 4:  // drop the last lines
            lines.removeLast(min(lines.count, Int(random.next() % 3)))
        default:  // replace the end
            lines = Array(lines.prefix(Int(random.next() % UInt64(lines.count + 1))))
            lines.append(randomLine(&random, width: width))
        }
        return lines
    }

    @Test("The screen shows exactly the lines painted, frame after frame", arguments: [20, 37, 80])
    func screenFollowsLines(width: Int) {
        var random = SplitMix64(seed: UInt64(width))
        var framesEndingAbove = 0  // frames after which the cursor waited on a row above the last
        for run in 0..<30 {
            let height = 12
            var terminal = VirtualTerminal(width: width, height: height)
            var painter = LivePainter(encoder: ANSIEncoder(depth: .palette))
            painter.columns = width
            var lines: [StyledLine] = []
            for frame in 0..<80 {
                lines = Self.evolve(lines, &random, width: width)
                if lines.count > height - 1 { lines.removeFirst(lines.count - (height - 1)) ; painter.commit(0) }
                // Keep the region within the screen, as the live view does, by committing.
                let paint = painter.paint(lines)
                terminal.feed(paint.bytes)
                let shown = Array(terminal.transcript.suffix(from: max(0, terminal.transcript.count - height))
                    .filter { _ in true })
                let expected = lines.map { $0.plainText.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
                let region = Self.region(terminal, count: lines.count, below: painter.rowsBelowCursor)
                #expect(region == expected, "run \(run) frame \(frame): \(shown)")
                if region != expected { return }
                if painter.rowsBelowCursor > 0 { framesEndingAbove += 1 }
                // Commit the top lines now and then, as settled lines are.
                if lines.count > 4, random.next() % 3 == 0 {
                    painter.commit(2)
                    lines.removeFirst(2)
                }
            }
            #expect(terminal.violations.isEmpty)
            #expect(terminal.rowsAboveTop == 0)
        }
        #expect(framesEndingAbove > 0)
    }

    /// The last `count` rows ending `below` rows under the cursor's row (see
    /// ``LivePainter/rowsBelowCursor``).
    static func region(_ terminal: VirtualTerminal, count: Int, below: Int = 0) -> [String] {
        let all = terminal.transcript
        let last = terminal.scrollback.count + terminal.row + below
        guard count > 0 else { return [] }
        return Array(all[(last - count + 1)...last])
    }
}

extension LivePainterTests {
    /// Paints `first`, then `second`, returning the second paint's bytes as text.
    static func secondPaint(_ first: String, _ second: String) -> String {
        var painter = LivePainter(encoder: ANSIEncoder(depth: .none))
        _ = painter.paint([StyledLine([Span(first)])])
        return String(decoding: painter.paint([StyledLine([Span(second)])]).bytes, as: UTF8.self)
    }

    @Test("CJK text growing at the end of the last line is written as just the new characters")
    func cjkGrowsAtCursor() {
        #expect(Self.secondPaint("日本語は", "日本語は難しい") == "難しい")
        #expect(Self.secondPaint("한국어", "한국어 문장") == " 문장")
    }

    @Test("A last line that may be drawn wider than counted is not extended at the cursor")
    func emojiLineIsRewritten() {
        let bytes = Self.secondPaint("ok 👍🏽", "ok 👍🏽 fine")
        #expect(bytes != " fine")
        #expect(bytes.contains("\u{1B}[K"))  // erased before it is written again
    }
}

extension LivePainterTests {
    @Test("A row of one width whose middle changed keeps its end on screen: only the middle is written")
    func sameWidthRowWritesItsMiddle() {
        let bytes = Self.secondPaint("│ Rea       │ x │", "│ Read-on   │ x │")
        #expect(bytes == "\u{1B}[6Gd-on")  // the cursor waits after the text written
        var terminal = VirtualTerminal(width: 40, height: 5)
        var painter = LivePainter(encoder: ANSIEncoder(depth: .none))
        for text in ["│ Rea       │ x │", "│ Read-on   │ x │", "│ Read-only │ x │", "│ Read-on!  │ x │"] {
            terminal.feed(painter.paint([StyledLine([Span("head")]), StyledLine([Span(text)])]).bytes)
            #expect(Self.region(terminal, count: 2) == ["head", text])
        }
    }
}

extension LivePainterTests {
    /// A table whose first column grows or shrinks: its rules and rows keep their end, moved
    /// by inserting or deleting cells, and only what changed is written.
    @Test("A line whose end moved keeps it on screen: cells are inserted or deleted, the middle written")
    func movedEndIsShifted() {
        #expect(Self.secondPaint("┌─────┬──────────┐", "┌───────┬──────────┐") == "\u{1B}[6G\u{1B}[2@──")
        #expect(Self.secondPaint("│ Read    │ yes │ free │", "│ Rea │ yes │ free │") == "\u{1B}[6G\u{1B}[4P")
        #expect(Self.secondPaint("│ a │ one two three │", "│ abc │ one two three │") == "\u{1B}[4G\u{1B}[2@bc")
        // Too short an end to be worth a sequence, and an end after an emoji: written again.
        #expect(Self.secondPaint("ab xyz", "abcd xyz") == "\u{1B}[3Gcd xyz")
        #expect(!Self.secondPaint("│ ok │ fine, all good │", "│ ok 👍🏽 │ fine, all good │").contains("@"))
        var terminal = VirtualTerminal(width: 30, height: 5)
        var painter = LivePainter(encoder: ANSIEncoder(depth: .none))
        let frames = [["┌───┬──────────┐", "│ a │ one two  │"], ["┌─────┬──────────┐", "│ abc │ one two  │"],
                      ["┌──┬──────────┐", "│ 日 │ one two  │"], ["┌───────┬──────────┐", "│ 日本語 │ one two  │"]]
        for lines in frames {
            terminal.feed(painter.paint(lines.map { StyledLine([Span($0)]) }).bytes)
            #expect(Self.region(terminal, count: 2) == lines)
        }
        #expect(terminal.violations.isEmpty)
    }
}

extension LivePainterTests {
    /// A code line of ASCII `text` padded with its band's background to `width` columns.
    static func codeLine(_ text: String, width: Int) -> StyledLine {
        let band = TextStyle(foreground: TerminalColor(252), background: TerminalColor(235))
        return StyledLine([Span(text, band), Span(String(repeating: " ", count: width - text.count), band)])
    }

    /// A code line padded with its band's background grows into the padding frame after frame:
    /// the cursor stays where the text ends, so each frame writes just the new text, without
    /// moving to the line's end and back; a new line below starts from there all the same.
    @Test("Text growing into a padded line is written where the last frame left the cursor")
    func cursorStaysWhereTheTextEnds() {
        func line(_ text: String) -> StyledLine { Self.codeLine(text, width: 20) }
        var terminal = VirtualTerminal(width: 30, height: 6)
        var painter = LivePainter(encoder: ANSIEncoder(depth: .palette))
        var writes: [String] = []
        let frames = [[line("let a")], [line("let ab")], [line("let abc")], [line("let abc;"), line("x")],
                      [line("let abc;"), line("xy")]]
        for lines in frames {
            let bytes = painter.paint(lines).bytes
            writes.append(String(decoding: bytes, as: UTF8.self))
            terminal.feed(bytes)
            let shown = lines.map { String($0.plainText.reversed().drop { $0 == " " }.reversed()) }
            #expect(Self.region(terminal, count: lines.count) == shown)
        }
        // After the first edit the cursor waits where the text ends: no column is named again.
        #expect(writes[1].contains("G"))
        #expect(!writes[2].contains("G"), "\(writes[2].debugDescription)")
        #expect(EscapeSequences.strip(Array(writes[2].utf8)) == "c")
        #expect(EscapeSequences.strip(Array(writes[3].utf8)) == ";\n" + line("x").plainText)
        #expect(EscapeSequences.strip(Array(writes[4].utf8)) == "y")
    }
}

extension LivePainterTests {
    /// A code line's band is drawn to the margin with the new row; the text that follows in the
    /// next frame goes back into it by naming a column, which paints nothing: the band's
    /// attributes stay set across the move, so the text is written with no SGR before it.
    @Test("Text going back into a code line's band keeps the band's attributes across the move")
    func attributesKeptAcrossMoveIntoBand() {
        func line(_ text: String) -> StyledLine { Self.codeLine(text, width: 20) }
        var painter = LivePainter(encoder: ANSIEncoder(depth: .palette))
        painter.columns = 30
        let first = painter.paint([line("let a")]).bytes
        let second = painter.paint([line("let ab")]).bytes
        #expect(String(decoding: second, as: UTF8.self) == "\u{1B}[6Gb")
        let output = first + second + painter.finishLine()
        var terminal = VirtualTerminal(width: 30, height: 4)
        terminal.feed(output)
        var batch = VirtualTerminal(width: 30, height: 4)
        var encoded: [UInt8] = []
        ANSIEncoder(depth: .palette).encode(line("let ab"), into: &encoded)
        batch.feed(encoded + Array("\r\n".utf8))
        #expect(terminal.styledTranscript == batch.styledTranscript)
        #expect(terminal.violations.isEmpty)
        #expect(LiveOutputAudit.violations(in: output, styled: true, hyperlinks: false).isEmpty)
    }
}

extension LivePainterTests {
    @Test("A mark that joins the last character on screen is not written as new text at the cursor")
    func joiningMarkIsNotAppended() {
        // "e" then "e\u{301}" (é as two scalars): the last cluster changed, so the line is rewritten.
        let bytes = Self.secondPaint("cafe", "cafe\u{301}")
        #expect(bytes != "\u{301}")
        #expect(Self.secondPaint("cafe", "cafe au lait") == " au lait")
    }
}

extension LivePainterTests {
    @Test("A line whose shared start ends where a mark joins its last letter is rewritten from that letter")
    func sharedStartGivesBackJoinedLetter() {
        // The prefix walks scalars: "cafe" matches, but the mark after "e" in the new line
        // joins it, so the rewrite starts at the "e", not after it (nor at column 1). A terminal
        // without combining marks draws the mark in a cell of its own, so the text is written to
        // the line's end over an erased row: no end is kept after it.
        #expect(Self.secondPaint("cafe au lait", "cafe\u{301} noir") == "\u{1B}[4G\u{1B}[Ke\u{301} noir")
        #expect(Self.secondPaint("│ cafe      │ x │", "│ cafe\u{301}      │ x │")
                == "\u{1B}[6G\u{1B}[Ke\u{301}      │ x │")
    }
}

extension LivePainterTests {
    /// The encoder leaves out a joiner that ends what it writes (a terminal such as tmux would
    /// join it to whatever it prints next): what it writes must not end in one while the line
    /// goes on, and a line that ended in one is not what is on screen.
    @Test("A joiner is never the last thing written while the line goes on, nor assumed on screen at its end")
    func joinerAtTheEndOfAWrite() {
        // A code block's line, padded with its band to the width: its text grew by a letter
        // and a joiner, so the write goes on into the padding and keeps the joiner (found by
        // the fuzzer). Colour, so that the padding is a band the painter recognises.
        let band = TextStyle(foreground: TerminalColor(7), background: TerminalColor(0))
        func line(_ text: String) -> StyledLine {
            StyledLine([Span("│ "), Span(text + String(repeating: " ", count: 8 - DisplayWidth.of(text)), band)])
        }
        var terminal = VirtualTerminal(width: 20, height: 4)
        var painter = LivePainter(encoder: ANSIEncoder(depth: .basic))
        for text in ["te", "tem\u{200D}", "tem\u{200D}x"] {
            terminal.feed(painter.paint([line(text)]).bytes)
            #expect(Self.region(terminal, count: 1) == ["│ " + text], "after \(text.debugDescription)")
        }
        // At the very end of the last line the joiner is left out, so the next letter is no
        // extension of what is on screen: the joined letter is written again (a line holding
        // a joiner is never extended at the cursor, as its width is not agreed).
        let grown = Self.secondPaint("tem\u{200D}", "tem\u{200D}x")
        #expect(grown.contains("m\u{200D}x"), "\(grown.debugDescription)")
    }
}

extension LivePainterTests {
    /// `- >\n  *́` (fuzz finding): while the line was written, `*́` read as emphasis opening on a
    /// lone mark, which a terminal joins to the space before it. Keeping the two spaces and
    /// writing `*́` after them left that mark on screen: the span kept whole is followed, in the
    /// old line, by one starting with a mark, so the line is written again from its start.
    @Test("A mark the old line joined to the kept text's end is not left on screen")
    func markAfterKeptSpanIsNotLeft() {
        var painter = LivePainter(encoder: ANSIEncoder(depth: .basic))
        var terminal = VirtualTerminal(width: 20, height: 4)
        terminal.feed(painter.paint([StyledLine([Span("  "), Span("\u{301}", TextStyle(italic: true))])]).bytes)
        terminal.feed(painter.paint([StyledLine([Span("  *\u{301}")])]).bytes)
        #expect(terminal.transcript.first == "  *\u{301}")
    }
}

extension LivePainterTests {
    /// Paints `first`, then `second`, on a painter that knows the screen is `columns` wide.
    static func secondPaint(_ first: String, _ second: String, columns: Int) -> String {
        var painter = LivePainter(encoder: ANSIEncoder(depth: .none))
        painter.columns = columns
        _ = painter.paint([StyledLine([Span(first)])])
        return String(decoding: painter.paint([StyledLine([Span(second)])]).bytes, as: UTF8.self)
    }

    @Test("A row whose first cell holds an emoji is edited where it changed, not from the emoji on")
    func anchoredAfterEmoji() {
        // To the emoji by column, the emoji written again (the cursor ends after it wherever the
        // terminal drew it), then forward over cells of agreed width to the change.
        #expect(Self.secondPaint("│ 🔴 a │ x     │", "│ 🔴 a │ xy    │", columns: 80) == "\u{1B}[3G🔴\u{1B}[6Cy")
        // Two emoji before the change: both are written again, with what lies between them.
        #expect(Self.secondPaint("│ ✅ │ ❌ │ x     │", "│ ✅ │ ❌ │ xy    │", columns: 80)
                == "\u{1B}[3G✅ │ ❌\u{1B}[4Cy")
        // CJK is drawn where Rill counts it by every terminal that shows it: named by column.
        #expect(Self.secondPaint("│ 日本 │ x     │", "│ 日本 │ xy    │", columns: 80) == "\u{1B}[11Gy")
    }

    @Test("A line that may be drawn wider is edited anchored only when even its widest drawing fits")
    func anchoredWhenItFits() {
        // 9 columns counted, at most 10 drawn: the cursor is after the line's end, where it goes on.
        #expect(Self.secondPaint("ok 👍🏽 a", "ok 👍🏽 ab", columns: 11) == "b")
        // On a 10-column screen it may have reached the margin: erased and written again.
        #expect(Self.secondPaint("ok 👍🏽 a", "ok 👍🏽 ab", columns: 10).contains("\u{1B}[K"))
    }

    @Test("A keycap's digit is not taken for a character of agreed width")
    func keycapIsOneCharacter() {
        // "1️⃣" is a digit, a selector and a keycap: the anchor is its start, not after the digit.
        #expect(Self.secondPaint("│ 1\u{FE0F}\u{20E3} │ x   │", "│ 1\u{FE0F}\u{20E3} │ xy  │", columns: 80)
                == "\u{1B}[3G1\u{FE0F}\u{20E3}\u{1B}[4Cy")
    }
}

extension LivePainterTests {
    @Test("A row above the last holding an emoji is edited anchored too")
    func anchoredAboveTheLastLine() {
        var painter = LivePainter(encoder: ANSIEncoder(depth: .none))
        painter.columns = 80
        _ = painter.paint([StyledLine([Span("│ 🔴 a │ x     │")]), StyledLine([Span("last")])])
        let bytes = String(decoding: painter.paint([StyledLine([Span("│ 🔴 a │ xy    │")]), StyledLine([Span("last")])]).bytes,
                           as: UTF8.self)
        // Up to the row, to the emoji by column, the emoji again, forward to the change; the
        // cursor waits there.
        #expect(bytes == "\r\u{1B}[1A\u{1B}[3G🔴\u{1B}[6Cy")
    }

    /// A table row whose first cell wrapped is typed into on its first line, above the line the
    /// cell continues on: the cursor stays on that row between frames.
    @Test("Text typed into a row above the last is written where the cursor waits there")
    func cursorWaitsOnTheRowAbove() {
        var painter = LivePainter(encoder: ANSIEncoder(depth: .none))
        painter.columns = 40
        var terminal = VirtualTerminal(width: 40, height: 6)
        let frames: [([String], String)] = [
            // New rows are blank: their padding is passed with a move right.
            (["│ ab │ x     │", "│ c  │       │"], "│ ab │ x\u{1B}[5C│\r\n│ c  │\u{1B}[7C│"),
            (["│ ab │ xy    │", "│ c  │       │"], "\r\u{1B}[1A\u{1B}[9Gy"),  // up, and the cursor stays
            (["│ ab │ xyz   │", "│ c  │       │"], "z"),  // no movement at all
            (["│ ab │ xyz   │", "│ cd │       │"], "\r\u{1B}[1B\u{1B}[4Gd"),  // down for the last line
            (["│ ab │ xyz!  │", "│ cd │       │"], "\r\u{1B}[1A\u{1B}[11G!"),
            (["│ ab │ xyz!  │", "│ cd │       │", "next"], "\u{1B}[1B\r\nnext"),  // down, then a new row
        ]
        for (lines, expected) in frames {
            let bytes = painter.paint(lines.map { StyledLine([Span($0)]) }).bytes
            #expect(String(decoding: bytes, as: UTF8.self) == expected)
            terminal.feed(bytes)
            #expect(Self.region(terminal, count: lines.count, below: painter.rowsBelowCursor) == lines)
        }
        // Closing from the row above ends below the last line.
        terminal.feed(painter.paint(["│ ab │ xyz!? │", "│ cd │       │", "next"].map { StyledLine([Span($0)]) }).bytes)
        #expect(painter.rowsBelowCursor == 2)
        terminal.feed(painter.finishLine())
        #expect(Array(terminal.transcript.prefix(4)) == ["│ ab │ xyz!? │", "│ cd │       │", "next", ""])
        #expect(terminal.violations.isEmpty)
    }

    @Test("Forgetting the region (a resize) from a row above the last erases from the region's top")
    func resetFromTheRowAbove() {
        var painter = LivePainter(encoder: ANSIEncoder(depth: .none))
        painter.columns = 40
        var terminal = VirtualTerminal(width: 40, height: 8)
        terminal.feed(Array("prompt\r\n".utf8))
        for lines in [["one", "two", "three"], ["one!", "two", "three"]] {
            terminal.feed(painter.paint(lines.map { StyledLine([Span($0)]) }).bytes)
        }
        #expect(painter.rowsBelowCursor == 2)
        terminal.feed(painter.reset(maxRows: 10, columns: 40).bytes)
        #expect(Array(terminal.transcript.prefix(4)) == ["prompt", "", "", ""])
        // The next paint draws the region afresh where it was.
        terminal.feed(painter.paint(["one!", "two"].map { StyledLine([Span($0)]) }).bytes)
        #expect(Array(terminal.transcript.prefix(4)) == ["prompt", "one!", "two", ""])
        #expect(terminal.violations.isEmpty)
    }
}

extension LivePainterTests {
    /// "ᅡᆫ" (a Hangul vowel and final with no initial) has no width: a terminal joins it to the
    /// "x" before it. Writing that cell again to place the cursor must write it too.
    @Test("An anchored stretch ending in characters of no width writes them again with their cell")
    func stretchKeepsJoinedCharacters() {
        var painter = LivePainter(encoder: ANSIEncoder(depth: .none))
        painter.columns = 40
        var terminal = VirtualTerminal(width: 40, height: 4)
        // On a row above the last, reached from its start: to the emoji, and the stretch from it
        // on written again.
        for text in ["a👍🏽 xᅡᆫ b", "a👍🏽 xᅡᆫ bc"] {
            terminal.feed(painter.paint([StyledLine([Span(text)]), StyledLine([Span("last")])]).bytes)
            #expect(Self.region(terminal, count: 2, below: painter.rowsBelowCursor) == [text, "last"])
        }
    }
}

extension LivePainterTests {
    @Test("Text going on in the look the last frame left set is written with no SGR; anything else resets first")
    func attributesCarryOverFrames() {
        var painter = LivePainter(encoder: ANSIEncoder(depth: .palette))
        let bold = TextStyle(bold: true)
        _ = painter.paint([StyledLine([Span("a "), Span("bo", bold)])])
        // The bold span grows: just the new letters, the attributes still set from the last frame.
        #expect(String(decoding: painter.paint([StyledLine([Span("a "), Span("bold", bold)])]).bytes, as: UTF8.self)
                == "ld")
        // A new line below: reset before the line feed, so no blank is painted in the old look.
        let next = String(decoding: painter.paint([StyledLine([Span("a "), Span("bold", bold)]), StyledLine([Span("x")])]).bytes,
                          as: UTF8.self)
        #expect(next == "\u{1B}[0m\r\nx")
    }
}

extension LivePainterTests {
    /// A code line padded with its band's background to the margin grows past `≥` (which a
    /// terminal in a CJK locale draws two columns wide): each frame writes just its new text over
    /// the padding, anchored after the `≥`, never the line's end again. On a terminal drawing
    /// `≥` wider the text covers one more cell of padding; rewriting the padding to the margin
    /// would wrap the row there.
    @Test("A padded code line growing past a disputed character is written into its padding")
    func paddedLineGrowsPastDisputedCharacter() {
        let band = TextStyle(foreground: TerminalColor(252), background: TerminalColor(235))
        func line(_ text: String) -> StyledLine {
            StyledLine([Span(text, band), Span(String(repeating: " ", count: 30 - DisplayWidth.of(text)), band)])
        }
        var painter = LivePainter(encoder: ANSIEncoder(depth: .none))
        painter.columns = 30
        var terminals = [VirtualTerminal(width: 30, height: 4),
                         VirtualTerminal(width: 30, height: 4, columnsOf: LiveWidthDisagreementTests.wideAmbiguous)]
        let frames: [(String, String)] = [
            ("│ a", "│ a" + String(repeating: " ", count: 27)),
            ("│ a ≥", "\u{1B}[4G ≥"),
            ("│ a ≥ b", "\u{1B}[1Cb"),  // from after the `≥`, one cell on
            ("│ a ≥ bc", "c"),  // where the cursor waits
            ("│ a ≥ bc ≈", "\u{1B}[1C≈"),  // the space is padding already: a move right over it
            ("│ a ≥ bc ≈ d", "\u{1B}[1Cd"),
        ]
        for (text, expected) in frames {
            let bytes = painter.paint([line(text)]).bytes
            #expect(String(decoding: bytes, as: UTF8.self) == expected)
            for index in terminals.indices {
                terminals[index].feed(bytes)
                // One row, holding the text: nothing wrapped.
                #expect(Array(terminals[index].transcript.prefix(2)) == [text, ""])
            }
        }
    }
}
