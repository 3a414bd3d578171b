@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

extension RillTests.Layout {
    /// Greedy wrapping of styled spans.
    @Suite struct TextWrapperTests {}
}

extension RillTests.Layout.TextWrapperTests {
    private func wrap(_ text: String, _ width: Int, continuation: Int? = nil) -> [String] {
        TextWrapper.wrap([Span(text)], width: width, continuationWidth: continuation).map(\.plainText)
    }

    @Test func wrapsGreedilyAtSpaces() {
        #expect(wrap("the quick brown fox jumps over the lazy dog", 10)
            == ["the quick", "brown fox", "jumps over", "the lazy", "dog"])
    }

    @Test func keepsALineThatFitsExactly() {
        #expect(wrap("aaaa bbbbb", 10) == ["aaaa bbbbb"])
        #expect(wrap("aaaa bbbbb", 9) == ["aaaa", "bbbbb"])
    }

    @Test func dropsSpacesAtBreaks() {
        #expect(wrap("one   two   three", 5) == ["one", "two", "three"])
        #expect(wrap("one two ", 3) == ["one", "two"])
    }

    @Test func givesOneEmptyLineForEmptyInput() {
        #expect(TextWrapper.wrap([], width: 10) == [StyledLine()])
        #expect(wrap("", 10) == [""])
    }

    @Test func breaksBetweenWideCharactersWithoutSpaces() {
        #expect(wrap("日本語のテキスト", 6) == ["日本語", "のテキ", "スト"])
        #expect(wrap("한국어텍스트", 5) == ["한국", "어텍", "스트"])
        #expect(wrap("ａｂｃｄ", 4) == ["ａｂ", "ｃｄ"])
    }

    @Test func breaksBetweenWideAndNarrowCharacters() {
        #expect(wrap("漢字abc", 5) == ["漢字", "abc"])
        #expect(wrap("漢字abcdef", 6) == ["漢字", "abcdef"])
    }

    @Test func neverStartsALineWithClosingPunctuation() {
        #expect(wrap("あいう。", 6) == ["あい", "う。"])
        #expect(wrap("あいう、えお", 6) == ["あい", "う、え", "お"])
        #expect(!wrap("これはペンです。それは本です。", 8).contains { $0.hasPrefix("。") })
    }

    @Test func neverEndsALineWithOpeningPunctuation() {
        #expect(wrap("あいう「えお」", 8) == ["あいう", "「えお」"])
        #expect(wrap("あいう（えお）", 8) == ["あいう", "（えお）"])
    }

    /// ASCII punctuation beside wide characters follows the same rules, wherever it falls in a
    /// run of ASCII (first, inside, last) and whatever the characters around it.
    @Test func keepsASCIIPunctuationWithTheWideCharacterItBelongsTo() {
        #expect(wrap("x ab(日本", 6) == ["x", "ab(日", "本"])
        #expect(wrap("x [漢字", 4) == ["x", "[漢", "字"])
        #expect(wrap("日本語), ok", 7) == ["日本", "語), ok"])
        #expect(wrap("日本 語.x", 6) == ["日本", "語.x"])
    }

    @Test func breaksWordsLongerThanTheLineHard() {
        #expect(wrap("supercalifragilistic", 8) == ["supercal", "ifragili", "stic"])
        #expect(wrap("see https://example.com/path", 10) == ["see", "https://ex", "ample.com/", "path"])
    }

    @Test("A URL is never broken between its wide characters when it fits a line; longer, it is cut hard and every piece keeps the whole target")
    func keepsURLsWhole() {
        let markdown = "abcdefghij klmnopq https://ja.wikipedia.org/wiki/日本語の文法 ok"
        let lines = DocumentLayout.lines(for: MarkdownStream.parse(Array(markdown.utf8)), in: LayoutFixtures.plain(50))
        #expect(lines.map(\.plainText) == ["abcdefghij klmnopq", "https://ja.wikipedia.org/wiki/日本語の文法 ok"])
        let target = "https://example.com/" + String(repeating: "a", count: 40)
        let context = LayoutContext(width: 30, theme: .dark, hyperlinks: true)
        let long = DocumentLayout.lines(for: MarkdownStream.parse(Array(("see " + target).utf8)), in: context)
        let pieces = long.flatMap(\.spans).filter { $0.style.hyperlink != nil }
        #expect(long.count == 3 && pieces.count == 2)
        #expect(pieces.allSatisfy { $0.style.hyperlink == target })
        #expect(pieces.map(\.text).joined() == target)
    }

    @Test func marksAWideCharacterThatCannotFit() {
        #expect(wrap("日本", 1) == ["…", "…"])
    }

    @Test func honoursHardBreaks() {
        #expect(wrap("a\nb", 10) == ["a", "b"])
        #expect(TextWrapper.wrap([Span("one"), Span("\n"), Span("  two")], width: 10).map(\.plainText) == ["one", "two"])
        // A break before any text (display math opening a paragraph) makes no empty line.
        #expect(TextWrapper.wrap([Span("\n"), Span("x"), Span("\n")], width: 10).map(\.plainText) == ["x"])
    }

    @Test func keepsStylesAcrossWraps() {
        let bold = TextStyle(bold: true)
        let link = TextStyle(underlined: true, hyperlink: "https://e.x")
        let lines = TextWrapper.wrap([Span("bold words here", bold), Span(" a link text", link)], width: 10)
        #expect(lines == [
            StyledLine([Span("bold words", bold)]),
            StyledLine([Span("here", bold), Span(" a", link)]),
            StyledLine([Span("link text", link)]),
        ])
    }

    @Test func narrowsLinesAfterTheFirstToTheContinuationWidth() {
        #expect(wrap("Estimated monthly cost: forty", 17, continuation: 15)
            == ["Estimated monthly", "cost: forty"])
        #expect(wrap("aa bb cc dd ee ff", 8, continuation: 5) == ["aa bb cc", "dd ee", "ff"])
    }

    @Test func breaksACarriedWordThatTheContinuationWidthCannotHold() {
        #expect(wrap("aaaa bbbbbbbbbbbbbbb", 20, continuation: 6) == ["aaaa bbbbbbbbbbbbbbb"])
        #expect(wrap("aaaa bbbbbbbbbbbbbbbc", 20, continuation: 6) == ["aaaa", "bbbbbb", "bbbbbb", "bbbc"])
    }

    @Test func neverExceedsTheWidthForRandomText() {
        let pieces = ["a", "word", "longerword", "https://example.com/a/b/c", "日本語", "テキスト", "한국어", "ＡＢＣ",
                      "👍🏽", "👨‍👩‍👧‍👦", "🇯🇵", "1️⃣", "e\u{301}", "한", "。", "「", " ", "  ", "\n", "क्ष", "กำ"]
        let styles = [TextStyle.plain, TextStyle(bold: true), TextStyle(foreground: .red)]
        var random = LayoutFixtures.Random(seed: 42)
        for _ in 0..<3000 {
            let spans = (0..<Int.random(in: 0...12, using: &random)).map { _ in
                Span((0..<Int.random(in: 1...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined(),
                     styles.randomElement(using: &random)!)
            }
            let width = Int.random(in: 1...80, using: &random)
            let continuation = Bool.random(using: &random) ? Int.random(in: 1...80, using: &random) : nil
            let lines = TextWrapper.wrap(spans, width: width, continuationWidth: continuation)
            for (index, line) in lines.enumerated() {
                let limit = index == 0 ? width : (continuation ?? width)
                #expect(line.width <= limit, "\(spans) at \(width)/\(String(describing: continuation))")
                #expect(DisplayWidth.of(line.plainText) <= limit)
                #expect(!line.plainText.contains("\n"))
            }
            // Nothing is lost but spaces (and wide characters that cannot fit one column).
            if min(width, continuation ?? width) >= 2 {
                let kept = lines.map(\.plainText).joined().filter { $0 != " " }
                let given = spans.map(\.text).joined().filter { $0 != " " && $0 != "\n" }
                #expect(kept == given)
            }
        }
    }
}

extension RillTests.Layout.TextWrapperTests {
    /// A change of style inside a grapheme cluster (`*👨‍*👩`, `**❤**\u{FE0F}`, a mark after
    /// inline code) leaves one cluster, which the terminal draws as one: the line measures
    /// what its text joined measures, and the joining scalars take the style of the cluster's
    /// start.
    @Test(arguments: [
        (["👨\u{200D}", "👩 x"], 4), (["❤", "\u{FE0F} x"], 4), (["👍", "\u{1F3FD} x"], 4),
        (["e", "\u{301}\u{302}z"], 2), (["🇺", "🇸🇺🇸"], 4), (["t", " ", "\u{FE0F}"], 2), (["👨", "\u{200D}", "👩"], 2),
    ])
    func measuresAClusterSplitByAStyleChangeAsOne(_ texts: [String], _ width: Int) {
        let styles = [TextStyle(italic: true), TextStyle.plain]
        let spans = texts.enumerated().map { Span($1, styles[$0 % 2]) }
        for wrapped in [TextWrapper.wrap(spans, width: 40), TextWrapper.wrapClusterByCluster(spans, width: 40)] {
            #expect(wrapped.count == 1)
            #expect(wrapped.first?.width == width)
            #expect(wrapped.first.map { DisplayWidth.of($0.plainText) } == width)
            if texts.count == 2, let joining = texts[1].unicodeScalars.first {
                let start = Array((texts[0] + String(joining)).unicodeScalars)
                #expect(wrapped.first.map { Array($0.spans[0].text.unicodeScalars.prefix(start.count)) } == start)
            }
        }
    }

    /// Random text cut into spans of random styles, wherever the cuts fall (inside clusters
    /// too): every line is as wide as its text measures, and no wider than the width.
    @Test("Lines measure their text joined, however styles cut its clusters", arguments: [1, 2, 5, 9, 30])
    func linesMeasureTheirTextJoined(width: Int) {
        let styles = [TextStyle.plain, TextStyle(bold: true), TextStyle(italic: true)]
        var random = SplitMix64(seed: 0x5EED + UInt64(width))
        for text in RillTests.Layout.DisplayWidthTests.strings(count: 400, seed: 0xC1 + UInt64(width)) {
            var spans: [Span] = []
            var piece = ""
            for scalar in text.unicodeScalars {
                piece.unicodeScalars.append(scalar)
                if random.next() % 3 == 0 {
                    spans.append(Span(piece, styles[Int(random.next() % 3)]))
                    piece = ""
                }
            }
            if !piece.isEmpty { spans.append(Span(piece, styles[Int(random.next() % 3)])) }
            for line in TextWrapper.wrap(spans, width: width) {
                #expect(line.width == DisplayWidth.of(line.plainText), "\(spans.map(\.text)) at \(width)")
                #expect(line.width <= width, "\(spans.map(\.text)) at \(width)")
            }
        }
    }
}

extension RillTests.Layout.TextWrapperTests {
    /// Text that fits in the width without a break takes a shortcut that builds its one line
    /// directly; it must give what filling the line a cluster at a time gives.
    @Test("A line that fits equals the cluster-at-a-time wrap", arguments: [1, 2, 3, 12, 40])
    func oneLineShortcut(width: Int) {
        let pieces = ["a", "word", " ", "  ", "x.y", "", "(z)", "   end  ", "✅", "é", "日本", "e\u{301}", "👍🏽", "—", "\n", "\t"]
        let styles = [TextStyle.plain, TextStyle(bold: true), TextStyle(italic: true)]
        var random = SplitMix64(seed: UInt64(width) &+ 77)
        var shortcuts = 0
        for _ in 0..<600 {
            var spans: [Span] = []
            for _ in 0..<Int(1 + random.next() % 5) {
                spans.append(Span(pieces[Int(random.next() % UInt64(pieces.count))],
                                  styles[Int(random.next() % UInt64(styles.count))]))
            }
            for continuation in [nil, 1, width + 5] {
                let whole = TextWrapper.wrapClusterByCluster(spans, width: width, continuationWidth: continuation)
                #expect(TextWrapper.wrap(spans, width: width, continuationWidth: continuation) == whole,
                        "\(spans) at \(width), then \(String(describing: continuation))")
            }
            if spans.reduce(0, { $0 + $1.width }) <= width { shortcuts += 1 }
        }
        #expect(shortcuts > 40)
    }
}

extension RillTests.Layout.TextWrapperTests {
    @Test("A long paragraph keeps the bytes of about a line, not of all its lines, while it wraps")
    func dropsTheBytesOfEmittedLines() {
        let text = String(repeating: "lorem ipsum dolor sit amet ", count: 3_700)  // 100 KB
        var state = TextWrapper.State(firstWidth: 80, restWidth: 80)
        state.add(Span(text))
        #expect(state.store.count < text.utf8.count / 2, "\(state.store.count) bytes kept of \(text.utf8.count)")
        let lines = state.finish().map(\.plainText)
        #expect(lines.dropLast().allSatisfy { $0.count <= 80 && $0.count > 70 })
        #expect(lines.joined(separator: " ") + " " == text)
    }

    @Test("A wrap that dropped emitted bytes places the spans after them as one whole wrap does")
    func droppedBytesKeepContinuedWraps() {
        let head = String(repeating: "alpha beta gamma ", count: 4_000)  // 68 KB
        let whole = TextWrapper.wrap([Span(head + "delta epsilon")], width: 30).map(\.plainText)
        var state = TextWrapper.State(firstWidth: 30, restWidth: 30)
        state.add(Span(head))
        state.add(Span("delta epsilon"))
        #expect(state.finish().map(\.plainText) == whole)
    }
}

extension RillTests.Layout.TextWrapperTests {
    /// Printable ASCII is placed a stretch of a line at a time; it must give the lines, the
    /// restart offsets and the deciding offsets that placing each character on its own gives
    /// (every character its own span is the first of its run, so placed alone), with wide
    /// characters, emoji, CJK, combining marks, hard breaks (a line feed, as the inline styler
    /// writes one) and the pictures that stand for control characters among the words; no
    /// other control reaches a span (see ``Span``).
    @Test("A span of words wraps as its characters added one span each", arguments: [false, true])
    func stretchesWrapAsCharactersAlone(breaksAfterHyphens: Bool) {
        let pieces = ["a", "to", "word", "longerwordthanmostlines", "well-known", " ", "  ", "   ", "x.y", "(z)",
                      "日本語", "한국어", "「引用」", "。", "👍🏽", "👨‍👩‍👧", "🇯🇵", "e\u{301}", "ﾊﾟ",
                      "\n", "\u{241B}[2J", "\u{2407}"]
        var random = SplitMix64(seed: 0x57AE7C4 + (breaksAfterHyphens ? 1 : 0))
        for _ in 0..<400 {
            let text = (0..<Int(1 + random.next() % 40)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            let width = Int(1 + random.next() % 24)
            let continuation = random.next() % 2 == 0 ? width : Int(1 + random.next() % 24)
            func wrapped(_ spans: [Span]) -> (lines: [StyledLine], restarts: [Int?], deciders: [Int]) {
                var state = TextWrapper.State(firstWidth: width, restWidth: continuation)
                state.breaksAfterHyphens = breaksAfterHyphens
                for span in spans { state.add(span) }
                let lines = state.finish()
                return (lines, state.restartOffsets, state.decidedBy)
            }
            let whole = wrapped([Span(text)])
            let alone = wrapped(text.map { Span(String($0)) })
            let context = "\(text.debugDescription) at \(width), then \(continuation)"
            #expect(whole.lines == alone.lines, "\(context)")
            #expect(whole.restarts == alone.restarts, "\(context)")
            #expect(whole.deciders == alone.deciders, "\(context)")
        }
    }
}
