import CUTF8Proc

/// Terminal display width of text, in columns, measured per grapheme cluster with utf8proc.
///
/// | cluster                                   | columns |
/// |-------------------------------------------|---------|
/// | holds U+FE0F (emoji presentation)         | 2       |
/// | a regional-indicator pair (a flag)        | 2       |
/// | holds U+FE0E (text presentation)          | 1       |
/// | starts with an emoji (ZWJ sequences, skin tones, tag flags) | widest scalar |
/// | anything else                             | sum of its scalars |
///
/// A scalar's width is `utf8proc_charwidth` (0–2), except that spacing marks (category Mc)
/// count 1 and Hangul conjoining vowels and trailing consonants count 0, as glibc's `wcwidth`
/// and the terminals built on it have them. Summing matters for clusters of several spacing
/// characters (an Indic conjunct such as क्ष, a Thai vowel with its consonant, halfwidth ﾊﾟ):
/// Unicode 15.1 makes each one cluster, but terminals draw every character of it.
///
/// Swift alone gets Hangul and fullwidth forms wrong, and glibc's `wcswidth` gets emoji
/// sequences wrong; these rules agree with xterm-like terminals, tmux and the Linux console.
/// Rill moves the cursor by the same widths it lays text out with.
public enum DisplayWidth {
    /// Columns taken by one grapheme cluster.
    public static func of(_ character: Character) -> Int {
        if let ascii = character.asciiValue {
            return ascii >= 0x20 && ascii != 0x7F ? 1 : 0
        }
        var widest = 0
        var sum = 0
        var regionalIndicators = 0
        for scalar in character.unicodeScalars {
            switch scalar.value {
            case 0xFE0F: return 2
            case 0xFE0E: return 1
            case 0x1F1E6...0x1F1FF: regionalIndicators += 1
            default: break
            }
            let columns = of(scalar)
            widest = max(widest, columns)
            sum += columns
        }
        if regionalIndicators >= 2 { return 2 }
        guard let first = character.unicodeScalars.first else { return 0 }
        return first.value >= 0x80 && first.properties.isEmoji ? widest : sum
    }

    /// Columns of one scalar drawn on its own.
    private static func of(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0x1160...0x11FF, 0xD7B0...0xD7FF: return 0  // Hangul jamo vowels and trailing consonants
        default: break
        }
        let code = utf8proc_int32_t(bitPattern: scalar.value)
        let columns = Int(utf8proc_charwidth(code))
        if columns == 0, utf8proc_category(code) == UTF8PROC_CATEGORY_MC { return 1 }
        return columns
    }

    /// Columns taken by a string: the sum over its grapheme clusters.
    ///
    /// - Complexity: O(n); printable ASCII takes a fast path of one column per byte.
    public static func of<S: StringProtocol>(_ text: S) -> Int {
        var isPrintableASCII = true
        var count = 0
        for byte in text.utf8 {
            if byte < 0x20 || byte >= 0x7F { isPrintableASCII = false; break }
            count += 1
        }
        if isPrintableASCII { return count }
        var total = 0
        for character in text { total += of(character) }
        return total
    }
}
