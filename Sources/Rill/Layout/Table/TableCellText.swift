/// One cell's content as styled spans, with the measures column sizing needs.
struct TableCellText: Sendable {
    /// The cell's spans (control characters already replaced by placeholders).
    let spans: [Span]
    /// The style of the cell's padding: the style its text starts from.
    let base: TextStyle
    /// Columns of the widest hard line: at this width the cell needs no wrapping.
    let naturalWidth: Int
    /// Columns of the widest run the wrapper cannot break (a word, or one wide character).
    let longestWord: Int
    /// Lines the cell holds before any wrapping (1 plus its hard breaks).
    let hardLineCount: Int

    /// Styles `inlines` over `base` and measures the result.
    ///
    /// - Complexity: O(n) in the cell's grapheme clusters.
    init(_ inlines: [Inline], base: TextStyle, in context: LayoutContext) {
        self.init(spans: InlineStyler.spans(inlines, base: base, in: context), base: base)
    }

    /// Measures already styled spans.
    init(spans: [Span], base: TextStyle) {
        self.spans = spans
        self.base = base
        var natural = 0, longest = 0, lines = 1
        var line = 0, word = 0, previousWasWide = false
        for span in spans {
            // Printable ASCII, a column a byte with no wide character nor line break: measured by bytes.
            if span.text.isPrintableASCII {
                span.text.withUTF8Bytes { bytes in
                    for byte in bytes {
                        if byte == 0x20 {
                            word = 0
                        } else {
                            // The wrapper may break after a wide character that ended the last span.
                            if previousWasWide { word = 0 }
                            word += 1
                        }
                        previousWasWide = false
                        line += 1
                        longest = max(longest, word)
                    }
                }
                natural = max(natural, line)
                continue
            }
            for character in span.text {
                if character == "\n" || character == "\r\n" {
                    lines += 1
                    line = 0
                    word = 0
                    previousWasWide = false
                    continue
                }
                if character == " " {
                    word = 0
                    line += 1
                    previousWasWide = false
                } else {
                    let columns = DisplayWidth.of(character)
                    // The wrapper may break on either side of a wide character.
                    if columns == 2 || previousWasWide { word = 0 }
                    word += columns
                    line += columns
                    previousWasWide = columns == 2
                }
                natural = max(natural, line)
                longest = max(longest, word)
            }
        }
        naturalWidth = natural
        longestWord = longest
        hardLineCount = lines
    }

    /// Whether the cell shows nothing at all.
    var isEmpty: Bool { spans.allSatisfy { $0.text.isEmpty } }

    /// Whether the cell takes more than one line in a column `width` wide.
    func wraps(at width: Int) -> Bool {
        hardLineCount > 1 || naturalWidth > width
    }
}
