@testable import Rill
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
                          "\u{FE0E}", "👍", " ", "\u{FE0E}", "👍", " "]
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

        @Test("A word written a letter at a time re-wraps only the last line")
        func restartsAtLastLine() {
            var memo: TextWrapper.Memo?
            let text = "one two three four five six seven eight nine ten eleven"
            _ = TextWrapper.wrap([Span(text)], width: 12, memo: &memo)
            let grown = [Span(text + "twelve")]
            #expect(TextWrapper.wrap(grown, width: 12, memo: &memo) == TextWrapper.wrap(grown, width: 12))
            // Only the last line was wrapped again: the line before it was settled by the
            // arrival of "eleven", which did not change.
            guard let memo else { Issue.record("no memo"); return }
            #expect(memo.lines.count == 6)
            #expect(memo.rewrappedFrom == memo.lines.count - 1)
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
