@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

/// The settled lines of an open paragraph (``ParagraphLines``): only lines nothing later can
/// change are settled, and a paragraph put together from them and a parse of the rest is the
/// paragraph cmark parses whole.
@Suite struct ParagraphLinesTests {
    /// Paragraph lines made of words that open, close or nearly make inline constructs across
    /// lines, and now and then a line that ends the paragraph or turns it into something else.
    static func paragraphDocument(seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        func draw(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        // Words that settle (plain text and closed constructs) and, now and then, one that may
        // reach across lines (an opener, a closer, a lone bracket).
        let settling = ["plain", "words", "here", "*em*", "**strong**", "`code`", "[text](/u)", "![img](/i)",
                        "<http://x.y>", "www.example.com", "me@example.com", "~~gone~~", "&amp;", "&#42;", "(paren)",
                        "(", ")", "é", "日本", "😀", "|", "x|y", "#tag", "1.", "-", "+", "\"q\"", "<b>"]
        let reaching = ["*open", "close*", "**strong", "done**", "_under", "score_", "snake_case", "`code", "span`",
                        "``two", "ticks``", "[link", "text](/u)", "[a](", "/dest)", "[foo]", "[foo][]", "~a", "b~",
                        "\\*", "\\[", "2 * 3", "]:", "](", "</b>"]
        func word() -> String {
            draw(30) == 0 ? reaching[draw(reaching.count)] : settling[draw(settling.count)]
        }
        let breakers = ["===", "---", "|---|---|", "| a | b |", "# heading", "- item", "1. one", "2. two", "", "> quote",
                        "    indented", "```", "<div>", "[foo]: /url", "  ---", "- - -", "***", ":-|-:"]
        var bytes: [UInt8] = []
        for _ in 0..<(6 + draw(14)) {
            if draw(9) == 0 {
                bytes += Array(breakers[draw(breakers.count)].utf8)
            } else {
                let line = (0..<(1 + draw(7))).map { _ in word() }.joined(separator: " ")
                bytes += Array(line.utf8)
                switch draw(6) {
                case 0: bytes += Array("  ".utf8)  // a hard break
                case 1: bytes += [0x5C]  // a backslash break
                default: break
                }
            }
            bytes += draw(10) == 0 ? [0x0D, 0x0A] : [0x0A]
        }
        if draw(2) == 0 { bytes += Array("last words".utf8) }
        return bytes
    }

    static let documentCount = TestEnvironment.isExhaustive ? 600 : 60

    @Test("Paragraphs settled at every line stream exactly as parsed whole, per character and in chunks",
          arguments: 0..<4 as Range<UInt64>)
    func settledAtEveryLine(_ batch: UInt64) {
        for index in 0..<(Self.documentCount / 4) {
            let seed = 0xC07_0000 + batch &* 1_000 + UInt64(index)
            let bytes = Self.paragraphDocument(seed: seed)
            let failure = StreamCheck.firstFailure(bytes, chunkSeeds: [seed], settleStep: 1)
            #expect(failure == nil, "document \(seed) \"\(StreamCheck.quote(bytes))\" \(failure ?? "")")
        }
    }

    @Test("Generated documents stream exactly with paragraphs settled at every line", arguments: 0..<4 as Range<UInt64>)
    func generatedDocuments(_ batch: UInt64) {
        var generator = DocumentGenerator(seed: 0xC07_5EED + batch)
        for index in 0..<GeneratedDocumentTests.batchSize {
            let bytes = generator.next()
            let failure = StreamCheck.firstFailure(bytes, chunkSeeds: [], settleStep: 1)
            #expect(failure == nil, "document \(index) of batch \(batch) \(failure ?? "")")
        }
    }

    @Test("A paragraph's settled inlines start every later version of it, and hold no ']'")
    func settledInlinesStay() {
        var compared = 0
        for index in 0..<(Self.documentCount / 2) {
            let seed = 0xC07_5E77 + UInt64(index)
            let bytes = Self.paragraphDocument(seed: seed)
            var stream = MarkdownStream()
            stream.paragraphSettleStep = 1
            var lastSettled: [BlockID: [Inline]] = [:]
            for (offset, byte) in bytes.enumerated() {
                stream.append([byte])
                stream.advance()
                for block in stream.openBlocks where block.settledInlines > 0 {
                    guard let inlines = block.kind.inlines, inlines.count >= block.settledInlines else {
                        Issue.record("document \(seed) after \(offset + 1) bytes: \(block.settledInlines) settled of \(block.kind)")
                        continue
                    }
                    let settled = Array(inlines[..<block.settledInlines])
                    #expect(!StreamCheck.textHoldsBracket(Block(id: block.id, kind: .paragraph(settled), range: block.range)))
                    if let before = lastSettled[block.id] {
                        let shared = min(before.count, settled.count)
                        #expect(before[..<shared] == settled[..<shared],
                                "document \(seed) after \(offset + 1) bytes: \(block.id)'s settled inlines changed")
                        compared += 1
                    }
                    lastSettled[block.id] = settled
                }
            }
        }
        #expect(compared > 1_000, "only \(compared) versions compared")
    }

    @Test("Inline constructs that may reach across a line are not settled",
          arguments: [
              "a *b\nc* d\n", "`a\nb` c\n", "[a\nb](/u)\n", "see [foo]\nlater\n", "a <b\nc=\"d\">\n",
              "~~a\nb~~\n", "snake_case\nx\n", "[a](/u)(\nb)\n", "a ] b\nc\n",
          ])
    func openersAreNotSettled(_ text: String) throws {
        let source = Array(text.utf8)
        let end = try #require(source.firstIndex(of: 0x0A)) + 1
        #expect(ParagraphLines.settledLines(source, from: 0, to: end, opener: [], column: 0, definitions: []) == nil)
    }

    @Test("An escaped delimiter stays in the text as the character: it is not settled (conservative)")
    func escapedDelimiterIsNotSettled() {
        let source = Array("a \\* b\nc\n".utf8)
        #expect(ParagraphLines.settledLines(source, from: 0, to: 7, opener: [], column: 0, definitions: []) == nil)
    }

    @Test("The generated paragraphs do settle: fewer bytes are parsed than with every paragraph whole")
    func generatedParagraphsSettle() {
        func bytesParsed(settleStep: Int) -> Int {
            (0..<20 as Range<UInt64>).reduce(0) { total, index in
                let bytes = Self.paragraphDocument(seed: 0xC07_0000 + index)
                var stream = MarkdownStream()
                stream.paragraphSettleStep = settleStep
                for byte in bytes {
                    stream.append([byte])
                    stream.advance()
                }
                stream.finish()
                return total + stream.bytesParsed
            }
        }
        let settled = bytesParsed(settleStep: 1), whole = bytesParsed(settleStep: .max)
        // A fifth fewer at least (a quarter fewer on these documents: 470 K against 627 K).
        #expect(settled * 5 < whole * 4, "\(settled) bytes parsed settled, \(whole) whole")
    }

    @Test("Closed constructs, entities and breaks are settled, with the break that ends the line",
          arguments: [
              ("a *b* `c` [d](/u) <http://x.y> &amp; www.x.com e\nf\n", Inline.softBreak),
              ("**bold** and ~~gone~~ and ![i](/i)  \nnext\n", .hardBreak),
              ("ends with a backslash\\\nnext\n", .hardBreak),
          ])
    func closedConstructsAreSettled(_ text: String, _ lineBreak: Inline) throws {
        let source = Array(text.utf8)
        let end = try #require(source.firstIndex(of: 0x0A)) + 1
        let settled = try #require(ParagraphLines.settledLines(source, from: 0, to: end, opener: [], column: 0, definitions: []))
        #expect(settled.lineBreak == lineBreak)
        // Put together with the next line, the paragraph is the one cmark parses whole.
        let rest = Oracle.parse(ResumeContext.paragraphStandIn(column: 0) + Array(source[end...]))
        guard case .paragraph(let parsed)? = rest.first?.kind, case .paragraph(let whole)? = Oracle.parse(source).first?.kind else {
            Issue.record("not paragraphs")
            return
        }
        #expect(settled.inlines + [settled.lineBreak] + parsed.dropFirst(2) == whole)
    }

    @Test("Lines settle inside a list item too, under an item opener and an indented stand-in")
    func settledInsideItem() throws {
        let source = Array("- first line\n  second *b* line\n  third\n".utf8)
        let start = 2 + 11 + 1  // the second line
        let end = source.count - 8
        let opener = try #require(ResumeContext.opener(column: 2))
        let settled = try #require(ParagraphLines.settledLines(source, from: start, to: end, opener: opener, column: 2,
                                                              definitions: []))
        #expect(settled.inlines == [.text("second "), .emphasis([.text("b")]), .text(" line")])
    }

    @Test("A long wrapped paragraph is parsed line by line, not whole at every frame")
    func longParagraphParsedByLine() {
        let bytes = Corpus.bytes("stream-long-paragraph.md")
        func bytesParsed(settleStep: Int) -> Int {
            DeferredParseTests.streamed(bytes, size: 16) { $0.paragraphSettleStep = settleStep }.bytesParsed
        }
        let settled = bytesParsed(settleStep: ParagraphLines.step)
        let whole = bytesParsed(settleStep: .max)
        // Whole: the paragraph again at every frame that parses (~70× its size); settled: each
        // 16-byte frame parses the line being written and the one before it, and the lines not
        // settled yet (under 192 bytes), about 15× the paragraph's size in all.
        #expect(whole > 40 * bytes.count)
        #expect(settled < 16 * bytes.count, "\(settled) bytes parsed for \(bytes.count)")
    }
}
