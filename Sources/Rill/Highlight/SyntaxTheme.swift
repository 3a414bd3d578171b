/// The colours of highlighted code: one style per ``CodeElement``, laid over the code band
/// (``Theme/codeBlock``), whose background it keeps. An element without a colour of its own
/// (operators and brackets) stays in the band's text colour.
public struct SyntaxTheme: Hashable, Sendable {
    public var keyword: TextStyle
    public var type: TextStyle
    public var string: TextStyle
    /// Escapes inside strings (`\n`).
    public var escape: TextStyle
    public var regexp: TextStyle
    public var comment: TextStyle
    /// `TODO`, `FIXME` in comments.
    public var todo: TextStyle
    public var number: TextStyle
    public var function: TextStyle
    /// Preprocessor lines and imports.
    public var preproc: TextStyle
    /// Operators, punctuation and brackets.
    public var symbol: TextStyle
    public var variable: TextStyle
    /// Keys, attributes and properties (a JSON key, an XML attribute, a CSS property).
    public var attribute: TextStyle
    public var label: TextStyle
    /// A diff's removed lines.
    public var deleted: TextStyle
    /// A diff's added lines.
    public var inserted: TextStyle
    /// A diff's `@@` lines.
    public var hunk: TextStyle
    public var url: TextStyle

    /// The style of `element`.
    public func style(for element: CodeElement) -> TextStyle {
        switch element {
        case .keyword: keyword
        case .type: type
        case .string: string
        case .escape: escape
        case .regexp: regexp
        case .comment: comment
        case .todo: todo
        case .number: number
        case .function: function
        case .preproc: preproc
        case .symbol: symbol
        case .variable: variable
        case .attribute: attribute
        case .label: label
        case .deleted: deleted
        case .inserted: inserted
        case .hunk: hunk
        case .url: url
        }
    }

    /// For the dark band (grey 235 behind grey 252).
    public static let dark = SyntaxTheme(
        keyword: TextStyle(foreground: TerminalColor(176)),
        type: TextStyle(foreground: TerminalColor(116)),
        string: TextStyle(foreground: TerminalColor(150)),
        escape: TextStyle(foreground: TerminalColor(216)),
        regexp: TextStyle(foreground: TerminalColor(174)),
        comment: TextStyle(foreground: TerminalColor(245), italic: true),
        todo: TextStyle(foreground: TerminalColor(221), bold: true),
        number: TextStyle(foreground: TerminalColor(215)),
        function: TextStyle(foreground: TerminalColor(111)),
        preproc: TextStyle(foreground: TerminalColor(211)),
        symbol: .plain,
        variable: TextStyle(foreground: TerminalColor(180)),
        attribute: TextStyle(foreground: TerminalColor(110)),
        label: TextStyle(foreground: TerminalColor(180)),
        deleted: TextStyle(foreground: TerminalColor(210)),
        inserted: TextStyle(foreground: TerminalColor(114)),
        hunk: TextStyle(foreground: TerminalColor(75)),
        url: TextStyle(foreground: TerminalColor(75), underlined: true)
    )

    /// For the light band (grey 254 behind grey 235).
    public static let light = SyntaxTheme(
        keyword: TextStyle(foreground: TerminalColor(90)),
        type: TextStyle(foreground: TerminalColor(30)),
        string: TextStyle(foreground: TerminalColor(28)),
        escape: TextStyle(foreground: TerminalColor(166)),
        regexp: TextStyle(foreground: TerminalColor(131)),
        comment: TextStyle(foreground: TerminalColor(243), italic: true),
        todo: TextStyle(foreground: TerminalColor(136), bold: true),
        number: TextStyle(foreground: TerminalColor(130)),
        function: TextStyle(foreground: TerminalColor(25)),
        preproc: TextStyle(foreground: TerminalColor(125)),
        symbol: .plain,
        variable: TextStyle(foreground: TerminalColor(94)),
        attribute: TextStyle(foreground: TerminalColor(24)),
        label: TextStyle(foreground: TerminalColor(94)),
        deleted: TextStyle(foreground: TerminalColor(124)),
        inserted: TextStyle(foreground: TerminalColor(28)),
        hunk: TextStyle(foreground: TerminalColor(25)),
        url: TextStyle(foreground: TerminalColor(25), underlined: true)
    )

    /// No styles: code stays in the band's colour.
    public static let plain = SyntaxTheme(
        keyword: .plain, type: .plain, string: .plain, escape: .plain, regexp: .plain, comment: .plain,
        todo: .plain, number: .plain, function: .plain, preproc: .plain, symbol: .plain, variable: .plain,
        attribute: .plain, label: .plain, deleted: .plain, inserted: .plain, hunk: .plain, url: .plain
    )
}
