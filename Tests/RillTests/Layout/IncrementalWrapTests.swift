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
