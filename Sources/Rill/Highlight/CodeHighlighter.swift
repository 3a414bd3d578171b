/// Highlights code line by line, as Rill's code blocks are: for a consumer that draws code its
/// own way (a SwiftUI view), or measures it.
///
/// ```swift
/// var highlighter = CodeHighlighter(language: "py")!
/// for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
///     let tokens = highlighter.highlight(line)   // complete lines, in order
/// }
/// let preview = highlighter.preview(openLine)    // the line still being written
/// ```
public struct CodeHighlighter: Sendable {
    private let language: CodeLanguage
    private var state: HighlightState

    /// A highlighter for the language an info string's first word names (`python`, `py`, `ts`,
    /// `c++`, `patch`…), at the start of a block; nil when Source-highlight has no definition
    /// for it. The first highlighter of a language loads its definition (0.2–8 ms).
    public init?(language word: String) {
        guard let language = CodeLanguage.named(word) else { return nil }
        self.language = language
        self.state = language.initial
    }

    /// The `.lang` file of the language's definition (`python.lang`).
    public var definition: String { language.file }

    /// Longest line highlighted, in UTF-8 bytes: a longer line gets no tokens (see the README).
    public static var maxLineBytes: Int { LineHighlighter.maxLineBytes }

    /// The tokens of the next complete line (without its line ending); what follows starts
    /// where this line leaves off (inside a comment it opened, for instance).
    ///
    /// - Complexity: up to (rules × tokens × length) for a line within ``maxLineBytes``.
    public mutating func highlight(_ line: Substring) -> [CodeToken] {
        let result = LineHighlighter.highlight(line, in: language, from: state)
        state = result.end
        return result.tokens
    }

    /// The tokens `line` would have as the next line, without moving on: for a line still being
    /// written, whose colours may change as it grows.
    public func preview(_ line: Substring) -> [CodeToken] {
        LineHighlighter.highlight(line, in: language, from: state).tokens
    }
}
