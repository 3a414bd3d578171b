@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

/// What of each open block the engine says can no longer change.
@Suite struct SettlementTests {
    /// The settlement of every open top-level block after `text` arrived in one piece.
    static func settlements(_ text: String) -> [Settlement] {
        var stream = MarkdownStream()
        stream.append(Array(text.utf8))
        stream.advance()
        return (0..<stream.tail.count).map(stream.settlement(ofOpen:))
    }

    @Test("Leaf blocks: a paragraph never, a heading once its line is complete, code and HTML line by line", arguments: [
        ("Some text", [Settlement.unsettled]),
        ("Some text\n", [.unsettled]),                               // `===` may still make it a heading
        ("# Title\n", [.settled]),
        ("# Tit", [.unsettled]),                                      // its rule waits for the line's end
        ("Intro\n\n***\n", [.settled]),                               // the paragraph before is final
        ("```swift\nlet a = 1\nlet b", [.lines(complete: 1)]),       // a fence the engine grows
        ("```swift\nlet a = 1\nlet b = 2\n", [.lines(complete: 2)]),
        ("```\n", [.lines(complete: 0)]),
        ("    code one\n    code t", [.lines(complete: 1)]),         // an indented code block
        ("<div>\n<p>x</p>\n<p>y", [.lines(complete: 2)]),
        ("<div>\n<p>x</p>\n", [.lines(complete: 2)]),
    ])
    func leaves(text: String, expected: [Settlement]) {
        #expect(Self.settlements(text) == expected, "\(StreamCheck.quote(Array(text.utf8)))")
    }

    @Test("Containers: settled up to the last child begun on a complete line, which is as settled as its own rule", arguments: [
        ("- one\n- two\n- thr", [Settlement.children(anchor: 1, inner: .children(anchor: 0, inner: .unsettled))]),
        ("- one\n- two\n", [.children(anchor: 1, inner: .children(anchor: 0, inner: .unsettled))]),
        ("- a\n\n  ```\n  code\n", [.children(anchor: 0, inner: .children(anchor: 1, inner: .lines(complete: 1)))]),
        ("- a\n\n  ```\n  code\n  mo", [.children(anchor: 0, inner: .children(anchor: 1, inner: .lines(complete: 1)))]),
        ("- # Step\n- Ne", [.children(anchor: 0, inner: .children(anchor: 0, inner: .settled))]),
        ("> quote\n> more", [.children(anchor: 0, inner: .unsettled)]),
        ("> # Head\n>\n> te", [.children(anchor: 0, inner: .settled)]),
        // Rows are children, the header first: the last complete row is the anchor.
        ("| a | b |\n|---|---|\n| 1 | 2 |\n| 3 |", [.children(anchor: 1, inner: .settled)]),
        ("| a | b |\n|---|---|\n| 1 | 2 |\n", [.children(anchor: 1, inner: .settled)]),
        ("| a | b |\n|---|---|\n| 3 |", [.children(anchor: 0, inner: .settled)]),
    ])
    func containers(text: String, expected: [Settlement]) {
        #expect(Self.settlements(text) == expected, "\(StreamCheck.quote(Array(text.utf8)))")
    }

    @Test("A block begun on the line being written may still turn into another; a quote stays a quote", arguments: [
        ("Intro\n\n- ite", [Settlement.unsettled]),
        ("Intro\n\n1. ite", [.unsettled]),
        ("Intro\n\n## Hea", [.unsettled]),
        ("Intro\n\n> quo", [.children(anchor: 0, inner: .unsettled)]),
        ("Intro\n\n> - ite", [.children(anchor: 0, inner: .unsettled)]),
        (">", []),                      // a quote without a child yet is held back until its content starts
    ])
    func begunOnTheIncompleteLine(text: String, expected: [Settlement]) {
        #expect(Self.settlements(text) == expected, "\(StreamCheck.quote(Array(text.utf8)))")
    }

    @Test("An open quote is unsettled as a whole while its one paragraph may become a link definition", arguments: [
        ("> [d]: /u \"title", true), ("> [d", true), ("> [d]", true), ("> [a\\]b]: x \"t", true),
        ("> [!NOTE] Read this first", false), ("> [link](x) text", false), ("> text [d]", false),
        ("> [d]: /u\n>\n> more", false),
    ])
    func quoteMayEmpty(text: String, mayEmpty: Bool) throws {
        let bytes = Array(text.utf8)
        let quote = try #require(Oracle.parse(bytes).first)
        let settlement = Settlement.of(quote, incompleteFrom: bytes.count, source: bytes)
        #expect((settlement == .unsettled) == mayEmpty, "\(settlement)")
    }

    @Test("A child's settlement, and how many children are settled", arguments: [
        (Settlement.settled, [Settlement.settled, .settled, .settled], Int.max, Int.max),
        (.unsettled, [.unsettled, .unsettled, .unsettled], 0, 0),
        (.lines(complete: 2), [.settled, .settled, .unsettled], 2, 2),
        (.children(anchor: 1, inner: .settled), [.settled, .settled, .unsettled], 1, 2),
        (.children(anchor: 1, inner: .lines(complete: 0)), [.settled, .lines(complete: 0), .unsettled], 1, 1),
    ])
    func children(settlement: Settlement, children: [Settlement], firstOpen: Int, settled: Int) {
        #expect((0..<3).map(settlement.child) == children)
        #expect(settlement.firstOpenChild == firstOpen)
        #expect(settlement.settledChildren == settled)
    }

    @Test("Lines are counted as code and HTML blocks split them", arguments: [
        "", "\n", "a", "a\n", "a\nb", "a\n\n", "\n\n", "a\r\n", "a\r\nb\r\n", "a\rb\n", "\r\n\n", "a\n\u{301}b\n",
    ])
    func lineCounts(literal: String) {
        #expect(Settlement.lineCount(literal, splitsCRLF: true) == Settlement.codeLines(literal).count)
        #expect(Settlement.lineCount(literal, splitsCRLF: false) == Settlement.htmlLines(literal).count)
    }

    @Test("A block the engine grows is as settled as the whole block would be")
    func growingEqualsWhole() {
        var compared = 0
        for name in ["stream-long-list.md", "stream-long-table.md", "stream-long-code.md", "stream-quote-then-list.md",
                     "answer-postgres-migration.md"] {
            let bytes = Corpus.bytes(name)
            var stream = MarkdownStream()
            for piece in Chunkings.fixed(bytes.count, size: 7) {
                stream.append(bytes[piece])
                stream.advance()
                guard let growing = stream.tail.growing else { continue }
                let whole = Settlement.of(growing.materialized(), incompleteFrom: stream.incompleteLineStart ?? .max,
                                          source: stream.source)
                #expect(stream.settlement(ofOpen: stream.tail.leading.count) == whole, "\(name) at \(stream.source.count)")
                compared += 1
            }
        }
        #expect(compared > 100)
    }
}

extension SettlementTests {
    @Test("The settlements a frame keeps are those made again, deferred frames and a quote's label included",
          arguments: ["> [" + String(repeating: "a", count: 50) + "\n> " + String(repeating: "a", count: 1_100) + "]: /u\n> b\n",
                      "a|b\n-|-\n" + String(repeating: "|", count: 600) + "\n- item\n  " + String(repeating: "<", count: 600) + "\n"])
    func keptSettlementsAreMadeAgain(text: String) {
        let bytes = Array(text.utf8)
        var stream = MarkdownStream()
        stream.reparseThreshold = 64
        var differing: [Int] = []
        for piece in Chunkings.fixed(bytes.count, size: 1) {
            stream.append(bytes[piece])
            stream.advance()
            let incomplete = stream.incompleteLineStart ?? .max
            for index in 0..<stream.tail.count {
                var readsText = false
                let made = stream.settlement(ofOpen: index, incompleteFrom: incomplete, readsText: &readsText)
                if stream.settlement(ofOpen: index) != made { differing.append(piece.upperBound) }
            }
        }
        #expect(stream.deferredFrames > 0)
        #expect(differing.count == 0, "after bytes \(differing.prefix(10))")
    }
}
