import Rill
import RillTestSupport
import Testing

extension RillTests.Layout {
    /// No line of any Corpus document is wider than the width it was laid out for, measured on
    /// the styled lines and again on the bytes the encoder writes, escape sequences stripped.
    @Suite struct CorpusWidthTests {}
}

extension RillTests.Layout.CorpusWidthTests {
    static let widths = [20, 40, 60, 80, 120, 200]

    /// A way to render: the context's theme and the encoder that goes with it.
    struct Look: Sendable, CustomStringConvertible {
        let description: String
        let context: @Sendable (Int) -> LayoutContext
        let encoder: ANSIEncoder
    }

    static let looks = [
        Look(description: "plain", context: { LayoutContext(width: $0, theme: .plain, isPlain: true) },
             encoder: ANSIEncoder(depth: .none)),
        Look(description: "colour", context: { LayoutContext(width: $0, theme: .dark) },
             encoder: ANSIEncoder(depth: .palette)),
        Look(description: "colour with hyperlinks", context: { LayoutContext(width: $0, theme: .light, hyperlinks: true) },
             encoder: ANSIEncoder(depth: .basic, hyperlinks: true)),
    ]

    @Test("Every line fits the width", arguments: Corpus.documentNames, looks)
    func everyLineFits(_ name: String, _ look: Look) {
        let blocks = MarkdownStream.parse(Corpus.bytes(name))
        #expect(!blocks.isEmpty, "\(name) is empty or missing")
        for width in Self.widths {
            var reported = 0
            for (number, line) in DocumentLayout.lines(for: blocks, in: look.context(width)).enumerated() {
                let encoded = EscapeSequences.strip(look.encoder.encode(line))
                let encodedWidth = DisplayWidth.of(encoded)
                guard line.width > width || encodedWidth != line.width else { continue }
                // One report per document and width is enough to find the culprit.
                reported += 1
                if reported > 1 { continue }
                Issue.record("""
                    \(name) at \(width) (\(look)), line \(number + 1): \(line.width) columns laid out, \
                    \(encodedWidth) encoded: \(line.plainText)
                    """)
            }
        }
    }
}
