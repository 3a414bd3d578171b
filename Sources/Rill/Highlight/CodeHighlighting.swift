/// The syntax colours of one code block's lines, for a layout of it: from the live view's
/// memo when the layout has one (``LayoutContext/memos``), else worked out afresh, line after
/// line.
///
/// There is none (the initializer fails) when no colour reaches the output, highlighting is
/// off, or the block names no language Source-highlight knows: such a block is drawn as
/// before, in the code band's one colour, and costs no highlighting work.
struct CodeHighlighting {
    private let lines: HighlightedLines

    /// The highlighting of `code`, the block `id`, laid out in `context`.
    init?(_ code: CodeBlock, id: BlockID, in context: LayoutContext) {
        guard context.highlightsCode, !context.isPlain, let language = CodeLanguage.of(code) else { return nil }
        lines = context.memos?.highlights.lines(for: id, in: language)
            ?? HighlightedLines(language: language, counts: HighlightCounts())
    }

    /// The tokens of line `index` (text `text`); `line` gives the text of an earlier line.
    func tokens(ofLine index: Int, text: Substring, complete: Bool, line: (Int) -> Substring) -> [CodeToken] {
        lines.tokens(ofLine: index, text: text, complete: complete, line: line)
    }

    /// The state line `index` starts in: the line's colours depend on it and its text only.
    func start(ofLine index: Int, line: (Int) -> Substring) -> HighlightState {
        lines.start(ofLine: index, line: line)
    }
}
