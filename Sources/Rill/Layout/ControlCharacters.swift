/// Makes text from the input safe to print: no control character reaches the terminal.
///
/// C0 controls become their Unicode control pictures (ESC → `␛`, BEL → `␇`), DEL becomes `␡`,
/// and a C1 control becomes `␛` plus its 7-bit equivalent (CSI U+009B → `␛[`), so a reader sees
/// exactly what the model tried to send. Tabs and line feeds have a layout meaning, so callers
/// deal with them first (code blocks expand tabs, paragraphs split lines); ``spans(_:style:placeholderStyle:tab:)``
/// turns a remaining tab into its `tab` text and shows a remaining line feed as `␊`, and
/// ``visible(_:)`` shows both as placeholders.
enum ControlCharacters {
    /// Whether `scalar` is a C0 or C1 control or DEL.
    @inline(__always)
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
    }

    /// The visible stand-in for a control character.
    static func placeholder(for scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x00..<0x20: String(Unicode.Scalar(0x2400 + scalar.value)!)
        case 0x7F: "\u{2421}"
        default: "\u{241B}" + String(Unicode.Scalar(UInt8(scalar.value - 0x40)))
        }
    }

    /// Whether `text` holds any control character (tabs and line feeds included).
    ///
    /// - Complexity: O(n) in UTF-8 bytes, about one instruction per byte: eight bytes are
    ///   tested at a time for a byte that may start a control (C0 and DEL are single bytes, and
    ///   a C1 control, U+0080–U+009F, is `C2` followed by `80`–`9F`), and only from a word
    ///   holding one on are bytes read one at a time. Every line written and every cell of a
    ///   table is asked this.
    static func contains(in text: String) -> Bool {
        text.withUTF8Bytes(contains(in:))
    }

    /// Whether the UTF-8 `bytes` hold any control character, as ``contains(in:)-(String)`` asks
    /// of a text: a part of one read where it is stored, from a scalar's first byte on.
    static func contains(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Words with no byte below 0x20, no DEL and no `C2` lead byte are skipped whole.
        var index = WordBytes.firstFlaggedWord(in: bytes) { word in
            WordBytes.below(0x20, in: word) | WordBytes.equal(to: 0x7F, in: word) | WordBytes.equal(to: 0xC2, in: word)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 || byte == 0x7F { return true }
            if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] < 0xA0 { return true }
            index += 1
        }
        return false
    }

    /// Splits `text` into spans: runs of ordinary text in `style`, and placeholders for control
    /// characters in `placeholderStyle`. Tabs become `tab` (a space by default; code blocks
    /// expand them themselves before calling this).
    static func spans(_ text: String, style: TextStyle, placeholderStyle: TextStyle,
                             tab: String = " ") -> [Span] {
        guard contains(in: text) else { return [Span(text, style)] }
        var spans: [Span] = []
        var run = ""
        for scalar in text.unicodeScalars {
            if scalar == "\t" {
                run += tab
            } else if isControl(scalar) {
                if !run.isEmpty { spans.append(Span(run, style)); run = "" }
                spans.append(Span(placeholder(for: scalar), style.merged(with: placeholderStyle)))
            } else {
                run.unicodeScalars.append(scalar)
            }
        }
        if !run.isEmpty { spans.append(Span(run, style)) }
        return spans
    }

    /// `text` with every control character replaced by its placeholder (for one-line labels).
    static func visible(_ text: String) -> String {
        guard contains(in: text) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) { result += placeholder(for: scalar) } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// A hyperlink target reduced to printable characters, safe inside an OSC 8 sequence.
    static func hyperlinkTarget(_ destination: String) -> String {
        String(String.UnicodeScalarView(destination.unicodeScalars.filter { !isControl($0) && $0 != " " }))
    }
}
