import CUTF8Proc

/// Terminal display width of text, in columns, measured per grapheme cluster with utf8proc.
///
/// | cluster                                   | columns |
/// |-------------------------------------------|---------|
/// | an emoji holding U+FE0F (emoji presentation) | 2    |
/// | a regional-indicator pair (a flag)        | 2       |
/// | an emoji holding U+FE0E (text presentation) | 1     |
/// | starts with an emoji (ZWJ sequences, skin tones, tag flags) | widest scalar |
/// | anything else                             | sum of its scalars |
///
/// A presentation selector after a character that is no emoji (a space, a letter, nothing)
/// changes nothing: terminals draw the character as it is.
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
        guard let first = character.unicodeScalars.first else { return 0 }
        let emojiBase = first.properties.isEmoji
        var widest = 0
        var sum = 0
        var regionalIndicators = 0
        for scalar in character.unicodeScalars {
            switch scalar.value {
            case 0xFE0F where emojiBase: return 2
            case 0xFE0E where emojiBase: return 1
            case 0x1F1E6...0x1F1FF: regionalIndicators += 1
            default: break
            }
            let columns = of(scalar)
            widest = max(widest, columns)
            sum += columns
        }
        if regionalIndicators >= 2 { return 2 }
        return first.value >= 0x80 && emojiBase ? widest : sum
    }

    /// Columns of one scalar drawn on its own.
    static func of(_ scalar: Unicode.Scalar) -> Int {
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
    /// - Complexity: O(n); printable ASCII takes a fast path of one column per byte, and text
    ///   whose every scalar stands alone (see ``standsAlone(_:)``) one of a table lookup per scalar.
    public static func of<S: StringProtocol>(_ text: S) -> Int {
        let isPrintableASCII = text.utf8.withContiguousStorageIfAvailable(String.isPrintableASCII)
            ?? text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        if isPrintableASCII { return text.utf8.count }
        var sum = 0
        for scalar in text.unicodeScalars {
            if scalar.value < 0x80 {
                sum += scalar.value >= 0x20 && scalar.value != 0x7F ? 1 : 0
            } else if standsAlone(scalar) {
                sum += of(scalar)
            } else {
                sum = -1
                break
            }
        }
        if sum >= 0 { return sum }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// Whether `scalar` is a cluster of its own next to another such scalar: ASCII, or one that
    /// ``standsAlone(_:)``. Text joined where both sides are such scalars measures as the sum of
    /// its parts.
    @inline(__always)
    static func endsCluster(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII || standsAlone(scalar)
    }

    /// Whether `scalar` is a grapheme cluster of its own whatever surrounds it, provided its
    /// neighbours are ASCII or stand alone too, and its width is its ``of(_:)-(Unicode.Scalar)``:
    /// no mark, joiner, selector, jamo, regional indicator or emoji modifier is among these
    /// ranges (Latin, general punctuation, arrows, box drawing, CJK, kana, Hangul syllables,
    /// fullwidth forms), nor anything drawn as an emoji by default. Text made of them is
    /// measured a scalar at a time instead of by grapheme breaking.
    @inline(__always)
    static func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xA0...0x2FF,  // Latin-1, Latin Extended, IPA, spacing modifier letters (marks start at U+0300)
             0x2010...0x2027, 0x2030...0x205E,  // dashes, quotes, bullets, primes (not the joiners and formats)
             0x2190...0x21FF, 0x2500...0x259F,  // arrows, box drawing, blocks
             0x3000...0x3029, 0x3030...0x3098, 0x309B...0x30FF,  // CJK punctuation, kana (not the combining marks)
             0x4E00...0x9FFF, 0xAC00...0xD7A3,  // CJK ideographs, Hangul syllables
             0xFF01...0xFF9D:  // fullwidth forms, halfwidth katakana (not the sound marks)
            true
        default:
            false
        }
    }
}

extension String {
    /// Whether UTF-8 offset `offset` is a boundary where the text before it and the text after it
    /// can be measured apart (their widths add up to the whole's): a scalar ends the text before
    /// and one starts the text after, and each ends its cluster (``DisplayWidth/endsCluster(_:)``).
    /// A carriage return before a line feed passes: one cluster, but of no width either way.
    ///
    /// - Complexity: O(1) for a native string; ASCII on both sides is told from the two bytes.
    func measuresApart(atUTF8Offset offset: Int) -> Bool {
        let sides = withUTF8Bytes { bytes in
            offset > 0 && offset < bytes.count ? (before: bytes[offset - 1], after: bytes[offset]) : nil
        }
        guard let sides else { return false }
        if sides.before < 0x80, sides.after < 0x80 { return true }
        // A byte within a scalar's encoding is no boundary.
        guard sides.after & 0xC0 != 0x80 else { return false }
        let index = utf8.index(utf8.startIndex, offsetBy: offset)
        guard let before = unicodeScalars[..<index].last, let after = unicodeScalars[index...].first else { return false }
        return DisplayWidth.endsCluster(before) && DisplayWidth.endsCluster(after)
    }
}
