import Rill

/// The rule every frame of a stream obeys while a block is being written: what is shown for a
/// prefix of the text is that prefix as cmark reads it, with only delimiter characters (`*`,
/// `_`, `` ` ``, `~`) left out where they are anticipated, or the prefix without its incomplete
/// last line (held back); never a character the writer did not write.
///
/// Written apart from the engine's own preview code, as plainly as possible, so that it can
/// judge it. For a frame it compares what is shown with a one-shot parse of the text so far
/// (the truth) and, failing that, with a one-shot parse of the text without its incomplete line:
/// - the block structure must be the same: kinds, nesting, child counts, heading levels, list
///   kinds and numbers, task boxes, table alignments and header rows;
/// - in each leaf with inlines (paragraph, heading, table cell) the visible text (text, code
///   span content, link and image text, autolink text, inline HTML, a soft break as a space or
///   a line break, a hard break) must be the truth's with only delimiter characters deleted;
/// - code blocks and HTML blocks must be equal.
///
/// Final blocks may show what a parse without a later link definition shows, as
/// ``StreamCheck`` allows them (see ``Oracle/mayChangeByLateDefinition(_:in:)`` and
/// ``StreamCheck/differsInFinalChildrenOnlyByLateDefinition(_:_:in:)``).
public enum PreviewRule {
    /// The characters that may be left out of what is shown: the inline delimiters.
    public static let delimiters: Set<Unicode.Scalar> = ["*", "_", "`", "~"]

    /// Why the frame of `stream` breaks the rule, or nil when it obeys it.
    public static func violation(in stream: MarkdownStream) -> String? {
        violation(shown: stream.blocks, finalCount: stream.finalBlocks.count, source: stream.source,
                  incompleteLineStart: stream.incompleteLineStart)
    }

    /// Why `shown` (top-level blocks, the first `finalCount` of them final) breaks the rule for
    /// the text `source`, whose incomplete last line starts at `incompleteLineStart`; nil when
    /// it obeys it.
    public static func violation(shown: [Block], finalCount: Int, source: [UInt8], incompleteLineStart: Int?) -> String? {
        let truth = Oracle.parse(source)
        guard let problem = mismatch(shown, truth, finalCount: finalCount, source: source) else { return nil }
        if let lineStart = incompleteLineStart, lineStart < source.count {
            let held = Oracle.parse(source[..<lineStart])
            guard let heldProblem = mismatch(shown, held, finalCount: finalCount, source: source) else { return nil }
            return "against the text so far: \(problem); against it without its incomplete line: \(heldProblem)"
        }
        return "against the text so far: \(problem)"
    }

    /// The first way `shown` fails to obey the rule against the parse `expected`, or nil.
    static func mismatch(_ shown: [Block], _ expected: [Block], finalCount: Int, source: [UInt8]) -> String? {
        guard shown.count == expected.count else {
            return "\(shown.count) top-level blocks shown (\(shown.map(\.kind.name))), \(expected.count) read "
                + "(\(expected.map(\.kind.name)))"
        }
        for (index, (a, e)) in zip(shown, expected).enumerated() {
            guard let problem = blockMismatch(a, e, path: "[\(index)]") else { continue }
            if index < finalCount, a.range == e.range, a.kind.name == e.kind.name,
               Oracle.mayChangeByLateDefinition(e, in: source) { continue }
            if index == finalCount, childrenDifferOnlyByLateDefinition(a, e, source: source) { continue }
            return problem
        }
        return nil
    }

    /// Whether the first open block `shown`, a container the stream grows child by child,
    /// breaks the rule against `expected` only in children before its last that show what a
    /// parse of the text before that last child shows (children final before a definition
    /// that resolves them arrived).
    static func childrenDifferOnlyByLateDefinition(_ shown: Block, _ expected: Block, source: [UInt8]) -> Bool {
        guard structure(shown.kind) == structure(expected.kind), shown.children.count == expected.children.count,
              let last = expected.children.last, last.range.lowerBound <= source.count else { return false }
        let before = Oracle.parse(source[..<last.range.lowerBound])
        let earlier = before.last { $0.id == expected.id }
        for (index, (a, e)) in zip(shown.children, expected.children).enumerated()
        where blockMismatch(a, e, path: "") != nil {
            guard index < shown.children.count - 1, let earlier, index < earlier.children.count,
                  BlockTree.identical([a], [earlier.children[index]]) else { return false }
        }
        return true
    }

    /// The first way the block `shown` fails to obey the rule against `expected`, or nil.
    static func blockMismatch(_ shown: Block, _ expected: Block, path: String) -> String? {
        let here = "\(path) \(expected.kind.name) at \(expected.range.lowerBound)"
        guard structure(shown.kind) == structure(expected.kind) else {
            return "\(here): shown as \(structure(shown.kind)), read as \(structure(expected.kind))"
        }
        switch (shown.kind, expected.kind) {
        case (.codeBlock(let a), .codeBlock(let e)):
            guard a == e else { return "\(here): code \(quote(a.literal)), read \(quote(e.literal))" }
        case (.htmlBlock(let a), .htmlBlock(let e)):
            guard a == e else { return "\(here): HTML \(quote(a)), read \(quote(e))" }
        default:
            if let a = shown.kind.inlines, let e = expected.kind.inlines {
                let shownText = visibleText(a)
                let readText = visibleText(e)
                guard isDelimiterDeletion(of: readText, giving: shownText) else {
                    return "\(here): shows \(quote(shownText)), which is not \(quote(readText)) less delimiters"
                }
            }
        }
        guard shown.children.count == expected.children.count else {
            return "\(here): \(shown.children.count) children shown, \(expected.children.count) read"
        }
        for (index, (a, e)) in zip(shown.children, expected.children).enumerated() {
            if let problem = blockMismatch(a, e, path: "\(path).children[\(index)]") { return problem }
        }
        return nil
    }

    /// What of a block's kind is its structure: its name and the attributes that show as
    /// characters or shape (heading level, list kind, number and delimiter, task box, table
    /// alignments, header row); not its text.
    static func structure(_ kind: BlockKind) -> String {
        switch kind {
        case .heading(let level, _): "heading \(level)"
        case .list(let style): "list ordered: \(style.isOrdered) start: \(style.start) delimiter: \(style.delimiter)"
        case .item(let task): "item \(task.map(\.rawValue) ?? "-")"
        case .table(let alignments): "table \(alignments.map(\.rawValue))"
        case .tableRow(let isHeader): "table_row header: \(isHeader)"
        case .paragraph, .codeBlock, .htmlBlock, .thematicBreak, .blockQuote, .tableCell: kind.name
        }
    }

    /// The mark standing for a hard line break in ``visibleText(_:)`` (a private-use scalar).
    static let hardBreak: Unicode.Scalar = "\u{E000}"

    /// The text a reader sees in `inlines`: text, code span content, link and image text,
    /// autolink text, inline HTML as written; a soft break as `\n`, a hard break as
    /// ``hardBreak``.
    public static func visibleText(_ inlines: [Inline]) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        var stack: [ArraySlice<Inline>] = [inlines[...]]
        while var level = stack.popLast() {
            guard let inline = level.popFirst() else { continue }
            stack.append(level)
            switch inline {
            case .text(let text), .code(let text), .html(let text): out += text.unicodeScalars
            case .autolink(_, let text): out += text.unicodeScalars
            case .softBreak: out.append("\n")
            case .hardBreak: out.append(hardBreak)
            case .math, .footnoteReference: out += inline.plainText.unicodeScalars
            case .htmlElement(let element, let children):
                out += element.openingTag.unicodeScalars
                stack.append([.html(element.closingTag)][...])
                stack.append(children[...])
            case .emphasis(let children), .strong(let children), .strikethrough(let children),
                 .link(_, _, let children), .image(_, _, let children):
                stack.append(children[...])
            }
        }
        return out
    }

    /// Whether `shown` is `read` with only delimiter characters deleted (a soft break, `\n` in
    /// `read`, may be shown as a space: a code span turns a line ending into one).
    ///
    /// Every character of `read` that is not a delimiter must be shown, in order, so matching
    /// each shown character with the first character of `read` it can be is never wrong.
    public static func isDelimiterDeletion(of read: [Unicode.Scalar], giving shown: [Unicode.Scalar]) -> Bool {
        var next = shown.startIndex
        for scalar in read {
            if next < shown.endIndex, shown[next] == scalar || (scalar == "\n" && shown[next] == " ") {
                next += 1
            } else if !delimiters.contains(scalar) {
                return false
            }
        }
        return next == shown.endIndex
    }

    static func quote(_ scalars: [Unicode.Scalar]) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return quote(text)
    }

    static func quote(_ text: String) -> String {
        let short = text.count > 90 ? "…" + String(text.suffix(90)) : text
        return "\"" + StreamCheck.quote(Array(short.replacingOccurrences(of: "\u{E000}", with: "⏎").utf8)) + "\""
    }
}

/// A document streamed through a ``MarkdownStream`` with ``PreviewRule`` checked at chosen frames.
public struct PreviewSweep {
    /// Frames produced and frames checked.
    public private(set) var frames = 0
    public private(set) var checkedFrames = 0
    /// Checked frames that broke the rule, and the first few of them described.
    public private(set) var violatingFrames = 0
    public private(set) var examples: [String] = []

    /// Feeds `bytes` in `pieces` (consecutive ranges covering it) with a frame after each, and
    /// checks the rule after the pieces `check` selects (by index); keeps `examples` of them.
    public static func run(_ bytes: [UInt8], pieces: [Range<Int>], examples: Int = 3,
                           check: (_ pieceIndex: Int) -> Bool = { _ in true }) -> PreviewSweep {
        var sweep = PreviewSweep()
        var stream = MarkdownStream()
        for (index, piece) in pieces.enumerated() {
            stream.append(bytes[piece])
            stream.advance()
            sweep.frames += 1
            guard check(index) else { continue }
            sweep.checkedFrames += 1
            guard let problem = PreviewRule.violation(in: stream) else { continue }
            sweep.violatingFrames += 1
            if sweep.examples.count < examples {
                sweep.examples.append("frame \(stream.frameCount) after \(stream.source.count) bytes "
                                      + "(…\(StreamCheck.quote(stream.source.suffix(40)))): \(problem)")
            }
        }
        return sweep
    }
}
