/// Shows a paragraph (or the last cell of a table row) whose incomplete last line grew by plain
/// words without parsing it again.
///
/// Most frames of a model's answer add a few words to the paragraph being written. When the
/// bytes since the last frame are only letters, digits, spaces, non-ASCII text and punctuation
/// that means nothing inline on its own (`. , ! ? ; - ( / = # + % ^`; a `)` only in a
/// paragraph without `]`, and `'` or `"` only in one that cannot hold a definition's title: not
/// starting with `[`, `'`, `"` or `(`), added to the incomplete last line of a paragraph whose
/// last inline is plain text, cmark parses the paragraph to the same inlines with that text
/// longer, because such bytes
/// - start no block: the line's start decides that, and the last text must already hold a space
///   after a word (`1.` or `- [x]` followed by a space start a list item or a task), and the
///   line is checked again as the engine checks an incomplete line (bare number, marker,
///   definition);
/// - open or close no delimiter, code span, link, entity or escape, and end no line (a link's
///   destination and title need a `)` after a `]`; non-ASCII text next to a delimiter run changes
///   its flanking, but a word joined must be plain, and a space is ASCII);
/// - start no autolink: `http:` and `@` need bytes not allowed, and `www.` is looked for in
///   the words they make, including the word they join (the last frame's last word, when no
///   space comes between), which must hold only such bytes too;
/// - and spaces after a word read like the end of the text, which cmark takes as whitespace,
///   while trailing spaces are trimmed from a paragraph's last line.
/// The same holds inside emphasis, strong emphasis, strikethrough or a code span left open at
/// the end and shown closed (``AnticipatedClosers``): such bytes change no delimiter's flanking
/// (a run right before them would join their word, which must then be plain), so the closers
/// stay the same and the text goes into the innermost open one. And it holds for a one-line ATX
/// heading, whose line start is decided, when the bytes hold no `#` (a closing sequence).
///
/// A table row being written (its line starts with `|`, so no block starts there) may also get
/// `|`: cmark-gfm splits a row at unescaped pipes before it parses each cell's inlines, so a pipe
/// ends the cell being written and plain words after it are a new cell's text, until an empty
/// cell in the middle, a cell past the table's columns or any other byte asks for a parse.
///
/// The engine checks the result against full parses in its tests (every frame, every Corpus
/// document, several chunk sizes).
enum PlainTextExtension {
    /// ASCII letters and digits, the bytes of non-ASCII characters, and punctuation that means
    /// nothing inline on its own: `. , ! ? ; - ( / = # + % ^` (no delimiter, bracket, colon,
    /// pipe, `$` (math), `@`, `&`, `<` or backslash; `)` and quotes are judged by ``Mark/allows(_:)``).
    static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x80...0xFF: true
        case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "!"), UInt8(ascii: "?"),
             UInt8(ascii: ";"), UInt8(ascii: "-"), UInt8(ascii: "("), UInt8(ascii: "/"),
             UInt8(ascii: "="), UInt8(ascii: "#"), UInt8(ascii: "+"), UInt8(ascii: "%"),
             UInt8(ascii: "^"): true
        default: false
        }
    }

    /// Whether `bytes` hold `www.` in any case.
    static func containsWWW(_ bytes: ArraySlice<UInt8>) -> Bool {
        var run = 0
        for byte in bytes {
            if byte | 0x20 == UInt8(ascii: "w") {
                run += 1
            } else {
                if byte == UInt8(ascii: "."), run >= 3 { return true }
                run = 0
            }
        }
        return false
    }

    /// Whether `byte` is `*`, `_` or `~`, which may open or close emphasis or strikethrough.
    static func isEmphasisDelimiter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }

    /// Whether `byte` may end an escape, entity, raw HTML or an autolink (`>` after a `<`), or
    /// a link (`]`, or `)` after a `]`).
    static func mayEndInline(_ byte: UInt8, holdsBracket: Bool, holdsAngle: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: ")"): holdsBracket
        case UInt8(ascii: ">"): holdsAngle
        default: "\\&]".utf8.contains(byte)
        }
    }
}
