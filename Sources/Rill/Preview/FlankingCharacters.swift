/// The character classes cmark-gfm judges a delimiter run's flanking by, and the character on
/// each side of a run in UTF-8 text.
///
/// cmark-gfm 0.29 counts as whitespace a tab, line feed, form feed, carriage return and the
/// Unicode space separators (Zs); as punctuation every ASCII punctuation character (symbols
/// such as `$`, `+`, `<` and `|` included) and the Unicode punctuation categories (P*). The
/// start and the end of the text count as a line ending, that is, whitespace.
enum FlankingCharacters {
    /// Whether cmark-gfm takes `scalar` for whitespace around a delimiter run.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0C, 0x0D, 0x20: true
        case 0..<0x80: false
        default: scalar.properties.generalCategory == .spaceSeparator
        }
    }

    /// Whether cmark-gfm takes `scalar` for punctuation around a delimiter run.
    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return isASCIIPunctuation(UInt8(scalar.value)) }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }

    /// Whether `byte` is an ASCII punctuation character (what a backslash can escape).
    static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: true
        default: false
        }
    }

    /// The character that ends just before `index` in `text`; a line feed at the start.
    static func scalar(before index: Int, in text: [UInt8]) -> Unicode.Scalar {
        guard index > 0 else { return "\n" }
        if text[index - 1] < 0x80 { return Unicode.Scalar(text[index - 1]) }
        var start = index - 1
        while start > 0, index - start < 4, text[start] & 0xC0 == 0x80 { start -= 1 }
        return decode(text, from: start, to: index)
    }

    /// The character that starts at `index` in `text`; a line feed at the end.
    static func scalar(at index: Int, in text: [UInt8]) -> Unicode.Scalar {
        guard index < text.count else { return "\n" }
        if text[index] < 0x80 { return Unicode.Scalar(text[index]) }
        var end = index + 1
        while end < text.count, end - index < 4, text[end] & 0xC0 == 0x80 { end += 1 }
        return decode(text, from: index, to: end)
    }

    /// The one scalar `text[start..<end]` encodes (a lead byte and its continuation bytes);
    /// a line feed, like cmark, when it is not one.
    private static func decode(_ text: [UInt8], from start: Int, to end: Int) -> Unicode.Scalar {
        let lead = text[start]
        let count = end - start
        let expected = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
        guard expected == count else { return "\n" }
        var value = UInt32(lead) & (count == 2 ? 0x1F : count == 3 ? 0x0F : 0x07)
        for byte in text[(start + 1)..<end] { value = value << 6 | UInt32(byte & 0x3F) }
        return Unicode.Scalar(value) ?? "\n"
    }
}
