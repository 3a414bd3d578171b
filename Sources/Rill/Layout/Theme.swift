/// The styles of every element Rill draws.
public struct Theme: Hashable, Sendable {
    /// Body text.
    public var text = TextStyle.plain
    /// Heading text, levels 1–6.
    public var headings: [TextStyle]
    /// The rule drawn under level-1 and level-2 headings.
    public var headingRule: TextStyle
    /// The marker drawn before level 3–6 headings.
    public var headingMarker: TextStyle
    public var emphasis = TextStyle(italic: true)
    public var strong = TextStyle(bold: true)
    public var strikethrough = TextStyle(struck: true)
    public var inlineCode: TextStyle
    /// Link text.
    public var link: TextStyle
    /// A link's target shown after its text (when hyperlinks are off).
    public var linkTarget: TextStyle
    /// Image marker and alt text.
    public var image: TextStyle
    /// Inline HTML and HTML blocks.
    public var html: TextStyle
    /// Math spans and display math.
    public var math = TextStyle(foreground: TerminalColor(151), italic: true)
    /// Footnote references and the markers of footnote definitions.
    public var footnote = TextStyle(foreground: TerminalColor(75))
    /// A key in `<kbd>`, drawn as a key cap.
    public var keyboard = TextStyle(inverse: true)
    /// Code block text; its background is the band drawn across the width.
    public var codeBlock: TextStyle
    /// The language label of a code block.
    public var codeLabel: TextStyle
    /// The mark at the end of a code line that continues on the next.
    public var codeContinuation: TextStyle
    public var quoteGutter: TextStyle
    public var bullet: TextStyle
    public var number: TextStyle
    public var taskChecked: TextStyle
    public var taskUnchecked: TextStyle
    public var tableBorder: TextStyle
    public var tableHeader: TextStyle
    /// Thematic break.
    public var rule: TextStyle
    /// Visible stand-ins for control characters from the input.
    public var placeholder: TextStyle
    /// Highlighted code, over the code band.
    public var syntax = SyntaxTheme.plain

    /// Colours for a dark terminal background (the default).
    public static let dark = Theme(
        headings: [
            TextStyle(foreground: TerminalColor(213), bold: true),
            TextStyle(foreground: TerminalColor(81), bold: true),
            TextStyle(foreground: TerminalColor(114), bold: true),
            TextStyle(foreground: TerminalColor(221), bold: true),
            TextStyle(foreground: TerminalColor(180), bold: true),
            TextStyle(foreground: TerminalColor(250), italic: true),
        ],
        headingRule: TextStyle(foreground: TerminalColor(60)),
        headingMarker: TextStyle(foreground: TerminalColor(60)),
        inlineCode: TextStyle(foreground: TerminalColor(216), background: TerminalColor(236)),
        link: TextStyle(foreground: TerminalColor(75), underlined: true),
        linkTarget: TextStyle(foreground: TerminalColor(244), dim: true),
        image: TextStyle(foreground: TerminalColor(176)),
        html: TextStyle(foreground: TerminalColor(244), dim: true),
        codeBlock: TextStyle(foreground: TerminalColor(252), background: TerminalColor(235)),
        codeLabel: TextStyle(foreground: TerminalColor(244), background: TerminalColor(235), italic: true),
        codeContinuation: TextStyle(foreground: TerminalColor(240), background: TerminalColor(235)),
        quoteGutter: TextStyle(foreground: TerminalColor(242)),
        bullet: TextStyle(foreground: TerminalColor(81)),
        number: TextStyle(foreground: TerminalColor(81)),
        taskChecked: TextStyle(foreground: TerminalColor(114)),
        taskUnchecked: TextStyle(foreground: TerminalColor(244)),
        tableBorder: TextStyle(foreground: TerminalColor(240)),
        tableHeader: TextStyle(bold: true),
        rule: TextStyle(foreground: TerminalColor(240)),
        placeholder: TextStyle(foreground: TerminalColor(203), inverse: false),
        syntax: .dark
    )

    /// Colours for a light terminal background.
    public static let light = Theme(
        headings: [
            TextStyle(foreground: TerminalColor(125), bold: true),
            TextStyle(foreground: TerminalColor(25), bold: true),
            TextStyle(foreground: TerminalColor(28), bold: true),
            TextStyle(foreground: TerminalColor(130), bold: true),
            TextStyle(foreground: TerminalColor(94), bold: true),
            TextStyle(foreground: TerminalColor(240), italic: true),
        ],
        headingRule: TextStyle(foreground: TerminalColor(250)),
        headingMarker: TextStyle(foreground: TerminalColor(250)),
        inlineCode: TextStyle(foreground: TerminalColor(124), background: TerminalColor(255)),
        link: TextStyle(foreground: TerminalColor(26), underlined: true),
        linkTarget: TextStyle(foreground: TerminalColor(244)),
        image: TextStyle(foreground: TerminalColor(90)),
        html: TextStyle(foreground: TerminalColor(244)),
        math: TextStyle(foreground: TerminalColor(22), italic: true),
        footnote: TextStyle(foreground: TerminalColor(26)),
        codeBlock: TextStyle(foreground: TerminalColor(235), background: TerminalColor(254)),
        codeLabel: TextStyle(foreground: TerminalColor(242), background: TerminalColor(254), italic: true),
        codeContinuation: TextStyle(foreground: TerminalColor(248), background: TerminalColor(254)),
        quoteGutter: TextStyle(foreground: TerminalColor(248)),
        bullet: TextStyle(foreground: TerminalColor(25)),
        number: TextStyle(foreground: TerminalColor(25)),
        taskChecked: TextStyle(foreground: TerminalColor(28)),
        taskUnchecked: TextStyle(foreground: TerminalColor(244)),
        tableBorder: TextStyle(foreground: TerminalColor(248)),
        tableHeader: TextStyle(bold: true),
        rule: TextStyle(foreground: TerminalColor(248)),
        placeholder: TextStyle(foreground: TerminalColor(160)),
        syntax: .light
    )

    /// No styles at all: for `--color never` and plain output, where layout alone must carry
    /// the structure.
    public static let plain = Theme(
        headings: Array(repeating: .plain, count: 6),
        headingRule: .plain, headingMarker: .plain, emphasis: .plain, strong: .plain, strikethrough: .plain,
        inlineCode: .plain, link: .plain, linkTarget: .plain, image: .plain, html: .plain,
        math: .plain, footnote: .plain, keyboard: .plain, codeBlock: .plain, codeLabel: .plain, codeContinuation: .plain, quoteGutter: .plain,
        bullet: .plain, number: .plain, taskChecked: .plain, taskUnchecked: .plain,
        tableBorder: .plain, tableHeader: .plain, rule: .plain, placeholder: .plain
    )

    /// Style of a heading of `level` (clamped to 1–6).
    public func heading(_ level: Int) -> TextStyle {
        headings[min(max(level, 1), 6) - 1]
    }
}
