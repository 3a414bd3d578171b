@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

/// Which final blocks a late definition sends back to the parser.
@Suite struct DefinitionLabelsTests {
    static func labels(_ segment: String) -> DefinitionLabels {
        var labels = DefinitionLabels()
        labels.collect(from: Array(segment.utf8)[...])
        return labels
    }

    static func referenced(_ labels: DefinitionLabels, _ text: String) -> Bool {
        labels.mayBeReferenced(in: Array(text.utf8)[...])
    }
}

extension DefinitionLabelsTests {
    @Test("A plain label matches its references in any ASCII case and form, and nothing else")
    func plainLabel() {
        let labels = Self.labels("[Rust-Book]: https://doc.rust-lang.org/book/\n")
        #expect(!labels.isUnbounded)
        for text in ["See [the book][rust-book].", "[RUST-BOOK]", "[rust-book][]", "[ rust-book ]", "> [\n> rust-book]"] {
            #expect(Self.referenced(labels, text), "\(text)")
        }
        for text in ["See [the book][guide].", "rust-book without brackets", "[rust-books]", "no brackets at all"] {
            #expect(!Self.referenced(labels, text), "\(text)")
        }
    }

    /// The reference the tokens are checked against: `label` (lowercased) occurs in `text`,
    /// lowercased, with `[` before it and `]` after it, only whitespace or `>` in between.
    static func scanFinds(_ label: String, in text: String) -> Bool {
        let label = Array(label.lowercased().utf8), text = Array(text.utf8).map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        func isGap(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x3E }
        guard !label.isEmpty, label.count <= text.count else { return false }
        for index in 0...(text.count - label.count) where text[index..<(index + label.count)].elementsEqual(label) {
            var before = index - 1
            while before >= 0, isGap(text[before]) { before -= 1 }
            var after = index + label.count
            while after < text.count, isGap(text[after]) { after += 1 }
            if before >= 0, text[before] == UInt8(ascii: "["), after < text.count, text[after] == 0x5D { return true }
        }
        return false
    }

    @Test("A block's bracketed tokens answer as a scan of its text does, for random texts and labels")
    func tokensAnswerAsText() {
        var random = SplitMix64(seed: 5)
        let pieces = ["[", "]", "a", "B", "a-b", " ", "\n", ">", "x]", "[ab", "]:", "A>b", "\t", "é", "[a]"]
        let candidates = ["a", "b", "ab", "a-b", "a>b", "x", "aab", "ba"]
        for _ in 0..<2_000 {
            let text = (0..<Int(random.next() % 12)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            let tokens = DefinitionLabels.bracketedTokens(in: Array(text.utf8)[...])
            for candidate in candidates {
                let labels = Self.labels("[\(candidate)]: /u")
                #expect(labels.mayBeReferenced(byTokens: tokens) == Self.scanFinds(candidate, in: text),
                        "\(candidate) in \(text.debugDescription)")
            }
        }
    }

    @Test("A label Rill does not read simply makes every block a candidate", arguments: [
        "[rust book]: /u", "[caf\u{E9}]: /u", "[a\\]b]: /u", "[&amp;]: /u", "no opening]: /u",
    ])
    func unboundedLabel(segment: String) {
        let labels = Self.labels(segment)
        #expect(labels.isUnbounded)
        #expect(Self.referenced(labels, "anything at all"))
    }

    @Test("Many late definitions re-parse only the blocks that use them")
    func lateDefinitionsStayLinear() {
        // 200 paragraphs that may reference something (they hold `]`), then 50 definitions,
        // each in its own segment; only the last paragraph uses one of them.
        var text = ""
        for index in 0..<200 { text += "Paragraph \(index) mentions [item \(index)] in passing.\n\n" }
        text += "This one uses [d49].\n\n"
        for index in 0..<50 { text += "[d\(index)]: https://example.com/\(index)\n\nBetween \(index).\n\n" }
        let bytes = Array(text.utf8)
        var stream = MarkdownStream()
        for piece in Chunkings.fixed(bytes.count, size: 64) {
            stream.append(bytes[piece])
            stream.advance()
        }
        stream.finish()
        #expect(BlockTree.differences(stream.blocks, Oracle.parse(bytes)).isEmpty)
        // Re-parsing the 200 paragraphs at every definition would parse 50 × 200 paragraphs
        // (≈ 50 × 9 KB) again; the open tail and the one user of `d49` cost far less.
        #expect(stream.bytesParsed < 12 * bytes.count, "parsed \(stream.bytesParsed) bytes of a \(bytes.count)-byte document")
    }
}
