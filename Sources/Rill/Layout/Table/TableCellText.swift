/// One cell's content as styled spans, with the measures column sizing needs.
struct TableCellText: Sendable {
    /// The cell's spans (control characters already replaced by placeholders).
    let spans: [Span]
    /// The style of the cell's padding: the style its text starts from.
    let base: TextStyle
    /// Columns of the widest hard line: at this width the cell needs no wrapping.
    let naturalWidth: Int
    /// Columns of the widest run the wrapper cannot break (a word, or one wide character; a
    /// hyphen between letters or digits ends a run, as the wrapper may break after it).
    let longestWord: Int
    /// Lines the cell holds before any wrapping (1 plus its hard breaks).
    let hardLineCount: Int

    /// Styles `inlines` over `base` and measures the result. A `<br>` in the cell is a line
    /// break (see ``TableCellBreaks``).
    ///
    /// - Complexity: O(n) in the cell's grapheme clusters.
    init(_ inlines: [Inline], base: TextStyle, in context: LayoutContext) {
        self.init(spans: InlineStyler.spans(TableCellBreaks.replacing(inlines), base: base, in: context), base: base)
    }

    /// Measures already styled spans.
    init(spans: [Span], base: TextStyle) {
        self.spans = spans
        self.base = base
        var natural = 0, longest = 0, lines = 1
        var line = 0, word = 0, previousWasWide = false
        // Whether the last character is a hyphen after a letter or digit, and whether the last
        // one is a letter or digit: a letter or digit next ends the word at the hyphen.
        var afterWordHyphen = false, afterWordCharacter = false
        // One character of `columns` on the current line: a space ends a word, and the wrapper
        // may break on either side of a wide character and after a hyphen inside a word.
        func advance(columns: Int, isSpace: Bool, isWordCharacter: Bool, isHyphen: Bool) {
            if isSpace {
                word = 0
            } else {
                if columns == 2 || previousWasWide || (afterWordHyphen && isWordCharacter) { word = 0 }
                word += columns
            }
            afterWordHyphen = isHyphen && afterWordCharacter
            afterWordCharacter = isWordCharacter
            previousWasWide = !isSpace && columns == 2
            line += columns
            natural = max(natural, line)
            longest = max(longest, word)
        }
        for span in spans {
            // Printable ASCII, a column a byte with no wide character nor line break: read by bytes.
            if span.text.isPrintableASCII {
                span.text.withUTF8Bytes { bytes in
                    for byte in bytes {
                        let isAlphanumeric = (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                        advance(columns: 1, isSpace: byte == 0x20, isWordCharacter: isAlphanumeric,
                                isHyphen: byte == UInt8(ascii: "-"))
                    }
                }
                continue
            }
            for character in span.text {
                if character == "\n" || character == "\r\n" {
                    lines += 1
                    line = 0
                    word = 0
                    previousWasWide = false
                    afterWordHyphen = false
                    afterWordCharacter = false
                    continue
                }
                let isSpace = character == " "
                advance(columns: isSpace ? 1 : DisplayWidth.of(character), isSpace: isSpace,
                        isWordCharacter: TextWrapper.State.isWordCharacter(character), isHyphen: character == "-")
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
