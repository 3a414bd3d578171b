@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

extension RillTests.Layout {
    /// Wrapping text that grows at its end, reusing the last wrap, gives exactly the lines of
    /// wrapping it whole: what lets a live view re-wrap only a paragraph's last lines.
    @Suite struct IncrementalWrapTests {
        static let words = ["a", "streaming", "model", "writes", "**bold**", "日本語のテキスト", "x", "https://example.com/a/very/long/path/that/never/fits",
                            "emoji👍🏽", "  ", "end.", "\n", "short", "CJK中文字符", "tab\tbed"]

        @Test("Grown text wrapped from a memo equals the whole wrap", arguments: [8, 13, 20, 40, 80])
        func growingText(width: Int) {
            var random = SplitMix64(seed: UInt64(width))
            for _ in 0..<40 {
                var text = ""
                var memo: TextWrapper.Memo?
                for _ in 0..<60 {
                    let word = Self.words[Int(random.next() % UInt64(Self.words.count))]
                    text += (random.next() % 3 == 0 ? "" : " ") + word
                    let style = random.next() % 5 == 0 ? TextStyle(bold: true) : TextStyle.plain
                    let spans = [Span(String(text.prefix(text.count / 2)), .plain), Span(String(text.dropFirst(text.count / 2)), style)]
                    let incremental = TextWrapper.wrap(spans, width: width, memo: &memo)
                    #expect(incremental == TextWrapper.wrap(spans, width: width), "\(text.debugDescription) at \(width)")
                }
            }
        }

        /// Text that grows a few scalars at a time, as a model writes it: words grow at the start
        /// of the last line, marks and joiners join the character before, closing punctuation
        /// may not start a line, and the memo restarts from the last line when it can.
        @Test("Text grown a few scalars at a time, wrapped from a memo, equals the whole wrap",
              arguments: [6, 11, 17, 30])
        func growingByScalars(width: Int) {
            let pieces = ["word", " ", "longerword", "、", "。", "漢字", "e\u{301}", "\u{301}", "👍", "\u{1F3FD}",
                          "\u{200D}", "🇯", "🇵", "ab", "x", ") ", "(", "\n", "  ", "ｶ", "\u{FF9E}", "!", "中",
                          "\u{FE0E}", "👍", " ", "\u{FE0E}", "👍", " ", "\r", "\r\n", "—", "é"]
            var random = SplitMix64(seed: 0xC0FFEE + UInt64(width))
            for _ in 0..<120 {
                var scalars: [Unicode.Scalar] = []
                for _ in 0..<40 { scalars += pieces[Int(random.next() % UInt64(pieces.count))].unicodeScalars }
                var memo: TextWrapper.Memo?
                var end = 0
                while end < scalars.count {
                    end = min(scalars.count, end + 1 + Int(random.next() % 3))
                    var text = ""
                    text.unicodeScalars.append(contentsOf: scalars[..<end])
                    let spans = [Span(text)]
                    let incremental = TextWrapper.wrap(spans, width: width, memo: &memo)
                    #expect(incremental == TextWrapper.wrap(spans, width: width), "\(text.debugDescription) at \(width)")
                }
            }
        }

        /// Text written a few bytes at a time, in spans of changing styles, as a paragraph's
        /// styled inlines grow: the memo carries on from the last wrap's state when only text
        /// was appended, and the lines equal wrapping the whole text each time.
        @Test("Appended text carried on from the memo's state equals the whole wrap", arguments: [7, 16, 33, 80])
        func carriesOn(width: Int) {
            let pieces = ["word", " ", "a", "longerword", "、", "漢字", "e", "\u{301}", "👍", "\u{1F3FD}", "\u{200D}",
                          "🇯", "🇵", "\r", "\n", "\r\n", "  ", "—", "é", ")", "(", "x\ty", "ｶ", "\u{FF9E}", "\u{FE0F}"]
            let styles = [TextStyle.plain, TextStyle(bold: true), TextStyle(italic: true)]
            var random = SplitMix64(seed: 0xBEEF + UInt64(width))
            var resumed = 0, steps = 0
            for _ in 0..<30 {
                var spans: [Span] = []
                var memo: TextWrapper.Memo?
                for _ in 0..<50 {
                    let piece = pieces[Int(random.next() % UInt64(pieces.count))]
                    if spans.isEmpty || random.next() % 4 == 0 {
                        spans.append(Span(piece, styles[Int(random.next() % UInt64(styles.count))]))
                    } else {
                        spans[spans.count - 1].text += piece
                    }
                    let incremental = TextWrapper.wrap(spans, width: width, memo: &memo)
                    #expect(incremental == TextWrapper.wrap(spans, width: width), "\(spans) at \(width)")
                    steps += 1
                    if memo?.resumed == true { resumed += 1 }
                }
            }
            // Most steps append where a cluster ends: the state is carried on, not rebuilt.
            #expect(resumed > steps / 2, "carried on in \(resumed) of \(steps) steps")
        }

        /// Two spans of different styles, the second starting with a scalar that joins the
        /// cluster before it (`#️⃣ *️qu…*`: a selector opens the emphasis after a space), their
        /// end rewritten: the wrap restarts from a line before the change. A line that starts at
        /// that space must start with the joined cluster then too, as in the whole wrap, not drop
        /// the space as it opens a wrapped line.
        @Test("Text changed at its end after a style change, wrapped from a memo, equals the whole wrap",
              arguments: [5, 9, 14, 21])
        func changedAfterStyleChange(width: Int) {
            let pieces = ["word", " ", " ", "ab", "\u{FE0F}", "\u{301}", "#\u{FE0F}\u{20E3}", "中文", "🇯", "🇵",
                          "\u{200D}👩", "x", "\n", "—", "longerword"]
            var random = SplitMix64(seed: 0x5E1EC7 + UInt64(width))
            func spans(_ scalars: ArraySlice<Unicode.Scalar>, cut: Int) -> [Span] {
                var head = "", tail = ""
                head.unicodeScalars.append(contentsOf: scalars[..<cut])
                tail.unicodeScalars.append(contentsOf: scalars[cut...])
                return [Span(head), Span(tail, TextStyle(italic: true))]
            }
            var restarted = 0
            for _ in 0..<400 {
                // Half the time the head ends in a space and the tail starts with a joining scalar.
                let joins = random.next() % 2 == 0
                var scalars: [Unicode.Scalar] = []
                for _ in 0..<(1 + random.next() % 6) { scalars += pieces[Int(random.next() % UInt64(pieces.count))].unicodeScalars }
                if joins { scalars.append(" ") }
                let cut = scalars.count
                if joins { scalars.append(random.next() % 2 == 0 ? "\u{FE0F}" : "\u{301}") }
                for _ in 0..<8 { scalars += pieces[Int(random.next() % UInt64(pieces.count))].unicodeScalars }
                let kept = cut + Int(random.next() % UInt64(scalars.count - cut))
                var memo: TextWrapper.Memo?
                _ = TextWrapper.wrap(spans(scalars[..<kept] + "?!".unicodeScalars, cut: cut), width: width, memo: &memo)
                let new = spans(scalars[...], cut: cut)
                #expect(TextWrapper.wrap(new, width: width, memo: &memo) == TextWrapper.wrap(new, width: width),
                        "\(new) at \(width)")
                if (memo?.rewrappedFrom ?? 0) > 0 { restarted += 1 }
            }
            #expect(restarted > 30, "restarted \(restarted) of 400")
        }

        /// One span this time (a plain theme styles an emphasis like the text before it): the
        /// old text's last line started at a `*`, and in the new one a scalar that joins the
        /// space before it stands there. That line no longer starts a cluster: the wrap restarts
        /// a line earlier, as the whole wrap puts the space at the new line's start.
        @Test("A line whose start a changed scalar joins to the space before is wrapped again",
              arguments: ["\u{FE0F}", "\u{301}", "\u{1F3FD}"])
        func restartJoinedToTheSpaceBefore(joining: String) {
            for width in [9, 10, 12] {
                var memo: TextWrapper.Memo?
                _ = TextWrapper.wrap([Span("abcdefgh    *xy")], width: width, memo: &memo)
                let new = [Span("abcdefgh    " + joining + "qu")]
                #expect(TextWrapper.wrap(new, width: width, memo: &memo) == TextWrapper.wrap(new, width: width),
                        "\(new) at \(width)")
            }
        }

        @Test("A grown cluster or a changed span is not carried on")
        func refusesToCarryOn() {
            for (old, new) in [([Span("cafe")], [Span("cafe\u{301}")]), ([Span("line\r")], [Span("line\r\n")]),
                               ([Span("ab"), Span("c")], [Span("aB"), Span("cd")]),
                               ([Span("ab", TextStyle(bold: true))], [Span("abc")])] {
                var memo: TextWrapper.Memo?
                _ = TextWrapper.wrap(old, width: 10, memo: &memo)
                #expect(TextWrapper.wrap(new, width: 10, memo: &memo) == TextWrapper.wrap(new, width: 10))
                #expect(memo?.resumed == false, "\(old) → \(new)")
            }
            var memo: TextWrapper.Memo?
            _ = TextWrapper.wrap([Span("ab")], width: 10, memo: &memo)
            _ = TextWrapper.wrap([Span("abc"), Span("d", TextStyle(bold: true))], width: 10, memo: &memo)
            #expect(memo?.resumed == true)
        }

        @Test("A word written a letter at a time re-wraps only the last line")
        func restartsAtLastLine() {
            var memo: TextWrapper.Memo?
            let text = "one two three four five six seven eight nine ten eleven"
            _ = TextWrapper.wrap([Span(text)], width: 12, memo: &memo)
            // Its last letter changes too, so the memo cannot simply carry on appending.
            let grown = [Span(text.dropLast() + "Ntwelve")]
            #expect(TextWrapper.wrap(grown, width: 12, memo: &memo) == TextWrapper.wrap(grown, width: 12))
            // Only the last line was wrapped again: the line before it was settled by the
            // arrival of "eleven", whose start did not change.
            guard let memo else { Issue.record("no memo"); return }
            #expect(!memo.resumed)
            #expect(memo.lines.count == 6)
            #expect(memo.rewrappedFrom == memo.lines.count - 1)
        }

        /// Text appended to a long line, its lines let go of by the caller between wraps: the
        /// memo adds the new lines to its array in place, not to a copy of all the lines.
        @Test("Appended text grows the memo's lines in place")
        func growsLinesInPlace() {
            var memo: TextWrapper.Memo?
            var text = ""
            var last: UnsafeRawPointer?
            var inPlace = 0, steps = 0
            for index in 0..<400 {
                let old = text
                text += index % 3 == 0 ? " " : "w"
                let lines = TextWrapper.wrap([Span(text)], width: 10, memo: &memo, grownFrom: old.isEmpty ? nil : old)
                #expect(lines == TextWrapper.wrap([Span(text)], width: 10))
                let address = lines.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
                if index > 0 {
                    steps += 1
                    if address == last { inPlace += 1 }
                }
                last = address
            }
            // The array is moved only when it outgrows its capacity (a doubling).
            #expect(inPlace > steps * 9 / 10, "in place at \(inPlace) of \(steps) steps")
        }

        /// A live view commits a long paragraph's first lines to scrollback and lets them go:
        /// wraps carrying on from the memo give them empty (freed), the others as before.
        @Test("Lines let go of come empty from wraps that carry on, the rest as the whole wrap")
        func letGoLinesComeEmpty() {
            var memo: TextWrapper.Memo?
            var text = "start"
            var old = text
            _ = TextWrapper.wrap([Span(text)], width: 12, memo: &memo)
            for index in 0..<300 {
                old = text
                text += index % 4 == 0 ? " " : "abc"
                let letGo = max(0, (memo?.lines.count ?? 0) - 3)
                memo?.letGo(linesBefore: letGo)
                let lines = TextWrapper.wrap([Span(text)], width: 12, memo: &memo, grownFrom: old)
                let whole = TextWrapper.wrap([Span(text)], width: 12)
                #expect(lines.count == whole.count)
                #expect(lines[..<letGo].allSatisfy { $0 == StyledLine() }, "lines before \(letGo) kept")
                #expect(lines[letGo...] == whole[letGo...], "\(text) from line \(letGo)")
            }
            // An edit before the lines let go of gives them again, from the start.
            let edited = [Span("edited " + text)]
            #expect(TextWrapper.wrap(edited, width: 12, memo: &memo) == TextWrapper.wrap(edited, width: 12))
        }

        @Test("A change early in the text is wrapped again from there")
        func earlyChange() {
            var memo: TextWrapper.Memo?
            let long = String(repeating: "word ", count: 60)
            _ = TextWrapper.wrap([Span(long)], width: 20, memo: &memo)
            let changed = [Span("WORD " + long.dropFirst(5))]
            #expect(TextWrapper.wrap(changed, width: 20, memo: &memo) == TextWrapper.wrap(changed, width: 20))
        }
    }
}
