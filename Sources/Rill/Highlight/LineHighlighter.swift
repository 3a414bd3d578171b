import CSourceHighlight

/// One line of code, highlighted: its tokens, and the state the next line starts in.
struct HighlightedLine: Sendable {
    var tokens: [CodeToken]
    var end: HighlightState
}

/// Highlights one line of code from a state, through Source-highlight.
enum LineHighlighter {
    /// Longest line highlighted, in UTF-8 bytes. A longer line is drawn in the code band's one
    /// colour and leaves the state as it found it. Source-highlight tries every rule of the
    /// language again after each token, and some rules backtrack over the rest of the line, so
    /// a line costs up to the cube of its length: on lines of 256 bytes built to be slow, the
    /// worst of 24 languages took 46 ms (Scala's function rule, on `a+a+…`, 160–300 ms); on 512
    /// bytes, 0.5 s. No code line of the real answers checked was longer than 233 bytes.
    static let maxLineBytes = 256

    /// `line` highlighted from `start`. A line longer than ``maxLineBytes``, or one the library
    /// fails on (a regular expression over Boost's matching limits), has no tokens and ends in
    /// `start`.
    static func highlight(_ line: Substring, in language: CodeLanguage, from start: HighlightState) -> HighlightedLine {
        let count = line.utf8.count
        guard count <= maxLineBytes else { return HighlightedLine(tokens: [], end: start) }
        var text = line
        var tokens: [CodeToken] = []
        var made: OpaquePointer?
        let outcome = text.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: RillHighlightToken.self, capacity: max(1, count)) { buffer in
                var produced = 0
                let outcome = bytes.withMemoryRebound(to: CChar.self) { characters in
                    rill_highlight_line(language.pointer, start.pointer, characters.baseAddress, count,
                                        buffer.baseAddress, buffer.count, &produced, &made)
                }
                tokens.reserveCapacity(produced)
                for token in buffer.prefix(produced) {
                    guard let element = CodeElement(code: token.element) else { continue }
                    tokens.append(CodeToken(start: token.start, length: token.length, element: element))
                }
                return outcome
            }
        }
        // The same state again (most lines) is passed on as the same object.
        switch outcome {
        case RILL_HIGHLIGHT_SAME: return HighlightedLine(tokens: tokens, end: start)
        case RILL_HIGHLIGHT_INITIAL: return HighlightedLine(tokens: tokens, end: language.initial)
        case RILL_HIGHLIGHT_CHANGED:
            if let made { return HighlightedLine(tokens: tokens, end: HighlightState(made)) }
            return HighlightedLine(tokens: [], end: start)
        default: return HighlightedLine(tokens: [], end: start)
        }
    }
}
