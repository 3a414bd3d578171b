@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

extension RillTests.Layout {
    /// A live view's memos of paragraphs being written give what styling and wrapping them
    /// afresh gives, however the paragraph changed since the last frame.
    @Suite struct WrapMemosTests {
        static let inlines: [Inline] = [
            .text("plain words "), .softBreak, .emphasis([.text("stressed")]), .code("x|y"), .text(" and "),
            .link(destination: "https://example.com", title: "", [.text("a link")]), .hardBreak,
            .strong([.text("bold "), .emphasis([.text("both")])]), .text("tab\there"), .html("<b>"),
            .autolink(destination: "https://w.x", text: "w.x"), .strikethrough([.text("gone")]),
        ]

        /// What a paragraph's last text grows by: words, and scalars that join the one before
        /// it or are shown as placeholders.
        static let growth = ["more ", "more ", "e", "\u{301}", "👍", "\u{1F3FD}", "\u{200D}", "\t", "\u{1}", "中", "\u{FE0F}"]

        @Test("Styled spans from the memo equal styling the inlines afresh", arguments: [false, true])
        func spansEqualFreshStyling(hyperlinks: Bool) {
            let context = LayoutContext(width: 40, theme: .dark, hyperlinks: hyperlinks)
            let memos = WrapMemos()
            let id = BlockID(anchor: 7)
            Self.edit(seed: hyperlinks ? 2 : 1) { step, inlines in
                let base = step % 50 == 49 ? TextStyle(bold: true) : context.theme.text
                #expect(memos.spans(inlines, base: base, id: id, in: context)
                        == InlineStyler.spans(inlines, base: base, in: context), "\(inlines)")
                if step % 7 == 0 { memos.sweep() }
            }
        }

        @Test("Lines from the memos equal styling and wrapping the inlines afresh", arguments: [12, 40])
        func linesEqualFreshWrap(width: Int) {
            let context = LayoutContext(width: width, theme: .dark)
            let memos = WrapMemos()
            let id = BlockID(anchor: 7)
            Self.edit(seed: UInt64(width)) { step, inlines in
                // The width changes now and then, as on a resize.
                let width = step % 90 == 89 ? width + 3 : width
                let base = step % 50 == 49 ? TextStyle(bold: true) : context.theme.text
                #expect(memos.lines(inlines, base: base, width: width, id: id, in: context)
                        == TextWrapper.wrap(InlineStyler.spans(inlines, base: base, in: context), width: width), "\(inlines)")
                if step % 7 == 0 { memos.sweep() }
            }
        }

        /// Real text as one long line (Corpus documents' lines joined: CJK with no spaces, emoji,
        /// punctuation that may not start a line), after an emphasis, grown by pieces of 1 to 12
        /// scalars cut anywhere (inside a cluster too): at every step, the lines from the memos
        /// equal wrapping the whole paragraph afresh.
        @Test("A long line grown in random pieces wraps as the whole line does", arguments: [9, 23, 80])
        func longLineGrownInPieces(width: Int) {
            let documents = ["stream-cjk-emoji.md", "answer-japanese-wa-ga.md", "stream-long-paragraph.md"]
            let text = documents.map { String(decoding: Corpus.bytes($0), as: UTF8.self) }.joined(separator: " ")
                .split(whereSeparator: \.isNewline).joined(separator: " ")
            let scalars = Array(text.unicodeScalars)
            let context = LayoutContext(width: width, theme: .dark)
            var random = SplitMix64(seed: 0x11E + UInt64(width))
            let rounds = TestEnvironment.isExhaustive ? 8 : 1
            for _ in 0..<rounds {
                let memos = WrapMemos()
                let id = BlockID(anchor: 3)
                let start = Int(random.next() % UInt64(scalars.count / 2))
                var end = start
                let stop = TestEnvironment.isExhaustive ? scalars.count : min(scalars.count, start + 1_500)
                while end < stop {
                    end = min(stop, end + 1 + Int(random.next() % 12))
                    var grown = ""
                    grown.unicodeScalars.append(contentsOf: scalars[start..<end])
                    let inlines: [Inline] = [.emphasis([.text("中文 lead")]), .text(grown)]
                    let lines = memos.lines(inlines, base: context.theme.text, width: width, id: id, in: context)
                    let whole = TextWrapper.wrap(InlineStyler.spans(inlines, base: context.theme.text, in: context), width: width)
                    #expect(lines == whole, "\(grown.suffix(40).debugDescription) at \(width)")
                    if lines != whole { return }
                    memos.sweep()
                }
            }
        }

        /// 600 edits of a paragraph's inlines, mostly as a model writes, each passed to `check`.
        static func edit(seed: UInt64, _ check: (Int, [Inline]) -> Void) {
            var random = SplitMix64(seed: seed)
            var inlines: [Inline] = []
            for step in 0..<600 {
                switch random.next() % 5 {
                case 0, 1:  // text grows at the end, as a model writes (marks, emoji and controls too)
                    if case .text(let last)? = inlines.last {
                        inlines[inlines.count - 1] = .text(last + Self.growth[Int(random.next() % UInt64(Self.growth.count))])
                    } else {
                        inlines.append(.text("start "))
                    }
                case 2:  // a new inline
                    inlines.append(Self.inlines[Int(random.next() % UInt64(Self.inlines.count))])
                case 3:  // one in the middle changes (a late definition resolves a link)
                    if !inlines.isEmpty {
                        inlines[Int(random.next() % UInt64(inlines.count))] = Self.inlines[Int(random.next() % UInt64(Self.inlines.count))]
                    }
                default:  // the end is taken back (a delimiter closed differently)
                    inlines.removeLast(min(inlines.count, Int(random.next() % 3)))
                }
                check(step, inlines)
            }
        }
    }
}
