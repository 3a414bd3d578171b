/// A code block: code never reflowed, tabs expanded to 4-column stops, long lines wrapped.
///
/// In colour, the block is a band of background across the whole width, the language on its
/// top line, and each line of code starts at the band's first column with nothing but the
/// code on its row: a selection in the terminal copies the code itself. A line too long for
/// the band goes on on the next row, with no mark inserted into its characters. Code in a
/// language Source-highlight knows is coloured by its syntax (``CodeHighlighting``).
///
/// Without colour there is no band: a gutter with the language on its top corner, and a
/// continuation mark at the end of a wrapped row.
/// ```
/// ╭─ swift
/// │ let answer = 42
/// ╰─
/// ```
/// Nothing depends on the longest line, so each line can be shown as soon as it arrives.
enum CodeBlockLayout {
    /// Columns per tab stop.
    static let tabWidth = 4
    /// Marks the end of a code line that continues on the next screen line.
    static let continuation = "↩"

    /// Lays out code block `id` as settled as `settlement` says: closed (with its bottom line)
    /// when ``Settlement/settled``; else open, its top line and complete lines settled (none
    /// when ``Settlement/unsettled``).
    static func layout(_ code: CodeBlock, id: BlockID, in context: LayoutContext, settlement: Settlement) -> LaidOutLines {
        var lines = [topLine(code, in: context)]
        let complete = settlement.settledChildren
        var settled = lines.count
        let codeLines = Settlement.codeLines(code.literal)
        let highlighting = CodeHighlighting(code, id: id, in: context)
        for (index, rawLine) in codeLines.enumerated() {
            let tokens = highlighting?.tokens(ofLine: index, text: rawLine, complete: index < complete) { codeLines[$0] } ?? []
            lines += self.lines(forCodeLine: rawLine, tokens: tokens, in: context)
            if index < complete { settled = lines.count }
        }
        switch settlement {
        case .settled:
            lines.append(bottomLine(in: context))
            return LaidOutLines(closed: lines)
        case .unsettled:
            return LaidOutLines(lines: lines, stableCount: 0)
        case .lines, .children:
            return LaidOutLines(lines: lines, stableCount: settled)
        }
    }

    /// The top corner, with the language label.
    static func topLine(_ code: CodeBlock, in context: LayoutContext) -> StyledLine {
        let theme = context.theme
        var top = StyledLine([Span(isBanded(context) ? "" : "╭─", gutterStyle(context))])
        if let language = code.language {
            let label = fitted(ControlCharacters.visible(language), columns: context.width - top.width - 1)
            if !label.isEmpty {
                top.append(Span((top.width > 0 ? " " : "") + label, context.isPlain ? .plain : theme.codeLabel))
            }
        }
        return padded(top, to: context.width, band: band(context), context: context)
    }

    /// `label` cut to `columns` (its end replaced by `…`) when it is wider.
    static func fitted(_ label: String, columns: Int) -> String {
        guard DisplayWidth.of(label) > columns else { return label }
        var result = ""
        var used = 0
        for character in label {
            let width = DisplayWidth.of(character)
            if used + width > columns - 1 { break }
            result.append(character)
            used += width
        }
        return columns >= 1 ? result + "…" : ""
    }

    /// The bottom corner, drawn once the block is closed; in colour the band runs under it too,
    /// so the block ends square instead of with a sliver of background under the corner.
    static func bottomLine(in context: LayoutContext) -> StyledLine {
        padded(StyledLine([Span(isBanded(context) ? "" : "╰─", gutterStyle(context))]), to: context.width,
               band: band(context), context: context)
    }

    /// The screen lines of one line of code, coloured by `tokens`: in colour, alone on the band;
    /// else behind the gutter, wrapped with a continuation mark.
    static func lines(forCodeLine rawLine: Substring, tokens: [CodeToken] = [], in context: LayoutContext) -> [StyledLine] {
        let band = band(context)
        if isBanded(context) { return bandedLines(spans(of: rawLine, tokens: tokens, band: band, context: context), in: context) }
        let gutterStyle = gutterStyle(context)
        let gutter = Span("│ ", gutterStyle)
        let contentWidth = max(2, context.width - 3)  // gutter, then room for the continuation mark
        var lines: [StyledLine] = []
        for piece in wrapCodeLine(spans(of: rawLine, tokens: tokens, band: band, context: context), width: contentWidth) {
            var line = StyledLine([gutter])
            // A piece cut after a joiner (an emoji sequence that the next scalar did not
            // continue) would join the mark, itself an emoji by Unicode's rules, into its
            // cluster.
            for span in joinerFree(piece) { line.append(span) }
            if piece.spans.allSatisfy({ $0.text.isEmpty }), context.isPlain { line = StyledLine([Span("│", gutterStyle)]) }
            if piece.continues { line.append(Span(continuation, gutterStyle)) }
            lines.append(padded(line, to: context.width, band: band, context: context))
        }
        return lines
    }

    /// The rows of a code line on the band: the code alone, cut a column short of the band's
    /// edge, so that a row that continues on the next ends on a cell of band.
    private static func bandedLines(_ spans: [Span], in context: LayoutContext) -> [StyledLine] {
        let band = band(context)
        return wrapCodeLine(spans, width: max(1, context.width - 1)).map { piece in
            padded(StyledLine(joinerFree(piece)), to: context.width, band: band, context: context)
        }
    }

    /// The spans of a wrapped piece, without the joiners it ends with when it continues: a
    /// joiner at the end of a row joins nothing, and would join what is drawn after it.
    private static func joinerFree(_ piece: (spans: [Span], continues: Bool)) -> [Span] {
        var spans = piece.spans
        if piece.continues, var last = spans.popLast() {
            var text = last.text
            while text.unicodeScalars.last == "\u{200D}" { text.unicodeScalars.removeLast() }
            if text.utf8.count != last.text.utf8.count { last.text = text }
            spans.append(last)
        }
        return spans
    }

    /// Whether code is drawn on a band of background, without gutter nor marks (colour).
    private static func isBanded(_ context: LayoutContext) -> Bool {
        !context.isPlain && band(context).background != nil
    }

    private static func band(_ context: LayoutContext) -> TextStyle {
        context.isPlain ? TextStyle.plain : context.theme.codeBlock
    }

    private static func gutterStyle(_ context: LayoutContext) -> TextStyle {
        context.isPlain ? TextStyle.plain : context.theme.codeBlock.merged(with: context.theme.codeContinuation)
    }

    /// Expands tabs to the next multiple of ``tabWidth`` columns.
    static func expandTabs(_ line: String) -> String {
        guard line.utf8.contains(0x09) else { return line }
        var column = 0
        return expandTabs(line, column: &column)
    }

    /// Expands tabs in `text`, which starts at `column` (moved to where it ends; only counted
    /// when the text holds a tab).
    private static func expandTabs(_ text: String, column: inout Int) -> String {
        guard text.utf8.contains(0x09) else {
            column += DisplayWidth.of(text)
            return text
        }
        var result = ""
        for character in text {
            if character == "\t" {
                let spaces = tabWidth - column % tabWidth
                result += String.spaces(spaces)
                column += spaces
            } else {
                result.append(character)
                column += DisplayWidth.of(character)
            }
        }
        return result
    }

    /// The spans of a code line: tabs expanded, control characters shown as placeholders, and
    /// each token in its element's colour over the band.
    private static func spans(of rawLine: Substring, tokens: [CodeToken], band: TextStyle,
                              context: LayoutContext) -> [Span] {
        let placeholder = context.theme.placeholder
        guard !tokens.isEmpty else {
            return ControlCharacters.spans(expandTabs(String(rawLine)), style: band, placeholderStyle: band.merged(with: placeholder))
        }
        let syntax = context.theme.syntax
        let hasTab = rawLine.utf8.contains(0x09)
        var column = 0
        var spans: [Span] = []
        for run in TokenRuns.runs(rawLine, tokens: tokens) {
            let style = run.element.map { band.merged(with: syntax.style(for: $0)) } ?? band
            let text = hasTab ? expandTabs(String(run.text), column: &column) : String(run.text)
            spans += ControlCharacters.spans(text, style: style, placeholderStyle: style.merged(with: placeholder))
        }
        return spans
    }

    /// Splits one code line's spans into screen-width pieces at cluster boundaries, never at spaces.
    private static func wrapCodeLine(_ spans: [Span], width: Int) -> [(spans: [Span], continues: Bool)] {
        if spans.reduce(0, { $0 + $1.width }) <= width { return [(spans, false)] }  // the usual line: it fits
        var pieces: [(spans: [Span], continues: Bool)] = []
        var current = StyledLine()
        var used = 0
        for span in spans {
            var run = ""
            for character in span.text {
                let columns = DisplayWidth.of(character)
                if used + columns > width, used > 0 {
                    current.append(Span(run, span.style))
                    pieces.append((current.spans, true))
                    current = StyledLine()
                    run = ""
                    used = 0
                }
                run.append(columns > width ? "…" : character)
                used += min(columns, width)
            }
            current.append(Span(run, span.style))
        }
        pieces.append((current.spans, false))
        return pieces
    }

    /// Extends a line with background-coloured spaces to the full width (colour only).
    private static func padded(_ line: StyledLine, to width: Int, band: TextStyle, context: LayoutContext) -> StyledLine {
        guard !context.isPlain, band.background != nil else { return line }
        var line = line
        let missing = width - line.width
        if missing > 0 { line.append(Span.spaces(missing, band)) }
        return line
    }
}
