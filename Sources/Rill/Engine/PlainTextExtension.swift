/// Shows a paragraph (or the last cell of a table row) whose incomplete last line grew by plain
/// words without parsing it again.
///
/// Most frames of a model's answer add a few words to the paragraph being written. When the
/// bytes since the last frame are only letters, digits, spaces, non-ASCII text and punctuation
/// that means nothing inline on its own (`. , ! ? ; - ( / = # + % $ ^`; a `)` only in a
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
/// The engine checks the result against full parses in its tests (every frame, every Corpus
/// document, several chunk sizes).
enum PlainTextExtension {
    /// A view that can be extended: the text's length when it was made, and where its incomplete
    /// last line starts.
    struct Mark: Sendable, Equatable {
        var end: Int
        var lineStart: Int
        /// Whether the paragraph holds a `]`, after which a `)` may close a link.
        var holdsBracket: Bool
        /// Whether a quote may close a link reference definition's title: the paragraph starts
        /// like a definition (`[`) or like a title on the line after one (`'`, `"`, `(`).
        var mayHoldTitle: Bool

        /// Whether `byte` added to the paragraph is only text.
        func allows(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: ")"): !holdsBracket
            case UInt8(ascii: "'"), UInt8(ascii: "\""): !mayHoldTitle
            default: PlainTextExtension.isPlain(byte)
            }
        }
    }

    /// The mark of `tail`, the view of a full parse of `source`, when it ends in a paragraph
    /// reaching the incomplete line that starts at `lineStart` with plain text at its end.
    ///
    /// The last cell of a table row being written counts as such a paragraph when the row's
    /// line starts with `|` (no block starts so) and the cell reaches the end of the text (a
    /// cell past the header's count is dropped by cmark, and text after a closing `|` starts a
    /// new cell).
    static func mark(_ tail: OpenTail, source: [UInt8], lineStart: Int) -> Mark? {
        let contentEnd = source.endTrimmingSpaces(source.count, notBefore: lineStart)
        guard contentEnd > lineStart, let leaf = lastLeaf(tail), leaf.range.upperBound > lineStart else { return nil }
        switch leaf.kind {
        case .paragraph(let inlines):
            guard case .text(let literal)? = inlines.last, hasSpaceAfterWord(literal) else { return nil }
        case .tableCell(let inlines):
            guard case .text? = inlines.last, leaf.range.upperBound >= contentEnd,
                  TailStabilizer.content(of: source[lineStart..<contentEnd]).first == UInt8(ascii: "|") else { return nil }
        default:
            return nil
        }
        let text = source[leaf.range.clamped(to: 0..<source.count)]
        let mayHoldTitle = TailStabilizer.content(of: text).first.map { "['\"(".utf8.contains($0) } ?? false
        return Mark(end: source.count, lineStart: lineStart, holdsBracket: text.contains(UInt8(ascii: "]")),
                    mayHoldTitle: mayHoldTitle)
    }

    /// `tail` with the text added since `mark` appended to its last paragraph, or nil when those
    /// bytes may mean more than text (then the caller parses).
    ///
    /// - Complexity: O(bytes added + the incomplete line + depth of the last block).
    static func extended(_ tail: OpenTail, mark: Mark, source: [UInt8]) -> OpenTail? {
        guard mark.end < source.count, mark.end > mark.lineStart else { return nil }
        let added = source[mark.end...]
        guard added.allSatisfy({ mark.allows($0) || $0 == 0x20 }) else { return nil }
        var wordStart = mark.end
        if added[added.startIndex] != 0x20 {
            // Joining the last frame's last word: all of that word must be plain too.
            while wordStart > mark.lineStart, source[wordStart - 1] != 0x20, source[wordStart - 1] != 0x09 {
                guard mark.allows(source[wordStart - 1]) else { return nil }
                wordStart -= 1
            }
        }
        // The one autolink plain bytes can make: `www.` (any case).
        guard !containsWWW(source[wordStart...]) else { return nil }
        let oldContentEnd = source.endTrimmingSpaces(mark.end, notBefore: mark.lineStart)
        let newContentEnd = source.endTrimmingSpaces(source.count, notBefore: mark.lineStart)
        guard oldContentEnd > mark.lineStart else { return nil }
        let text = String(decoding: source[oldContentEnd..<newContentEnd], as: UTF8.self)

        // A range that reached the old text's end now reaches the new one's (the same way: to
        // the text, or past trailing spaces to the end of the input).
        func moved(_ range: Range<Int>) -> Range<Int> {
            guard range.upperBound >= oldContentEnd else { return range }
            return range.lowerBound..<(range.upperBound >= mark.end ? source.count : newContentEnd)
        }
        func extend(_ block: inout Block) -> Bool {
            block.range = moved(block.range)
            guard let last = block.children.indices.last else {
                guard var inlines = block.kind.inlines, case .text(let literal)? = inlines.last else { return false }
                inlines[inlines.count - 1] = .text(literal + text)
                switch block.kind {
                case .paragraph: block.kind = .paragraph(inlines)
                case .tableCell: block.kind = .tableCell(inlines)
                default: return false
                }
                return true
            }
            return extend(&block.children[last])
        }

        var result = tail
        if !result.trailing.isEmpty {
            return extend(&result.trailing[result.trailing.count - 1]) ? result : nil
        }
        if var growing = result.growing {
            guard case .children(let final, var open) = growing.content, !open.isEmpty,
                  extend(&open[open.count - 1]) else { return nil }
            growing.head.range = moved(growing.head.range)
            growing.content = .children(final: final, open: open)
            result.growing = growing
            return result
        }
        guard !result.leading.isEmpty, extend(&result.leading[result.leading.count - 1]) else { return nil }
        return result
    }

    /// Whether `text` (the paragraph's last text, on its last line) holds a space or tab after
    /// something else: the line's first word is complete, so the line is no longer read as the
    /// start of something (`1.` + ` item` starts a list, `[x]` + ` done` a task, in an item).
    private static func hasSpaceAfterWord(_ text: String) -> Bool {
        var sawWord = false
        var rest = text.utf8[...]
        if rest.first == UInt8(ascii: "[") {
            // A task marker holds a space (`[ ]`): the word is the bracket, up to its `]`.
            guard let close = rest.firstIndex(of: UInt8(ascii: "]")) else { return false }
            rest = rest[rest.index(after: close)...]
            sawWord = true
        }
        for byte in rest {
            if byte == 0x20 || byte == 0x09 {
                if sawWord { return true }
            } else {
                sawWord = true
            }
        }
        return false
    }

    /// The last open block followed down to its last descendant.
    private static func lastLeaf(_ tail: OpenTail) -> Block? {
        var block: Block?
        if let last = tail.trailing.last {
            block = last
        } else if let growing = tail.growing {
            guard case .children(_, let open) = growing.content else { return nil }
            block = open.last
        } else {
            block = tail.leading.last
        }
        while let children = block?.children, let last = children.last { block = last }
        return block
    }

    /// ASCII letters and digits, the bytes of non-ASCII characters, and punctuation that means
    /// nothing inline on its own: `. , ! ? ; - ( / = # + % $ ^` (no delimiter, bracket, colon,
    /// pipe, `@`, `&`, `<` or backslash; `)` and quotes are judged by ``Mark/allows(_:)``).
    fileprivate static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x80...0xFF: true
        case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "!"), UInt8(ascii: "?"),
             UInt8(ascii: ";"), UInt8(ascii: "-"), UInt8(ascii: "("), UInt8(ascii: "/"),
             UInt8(ascii: "="), UInt8(ascii: "#"), UInt8(ascii: "+"), UInt8(ascii: "%"), UInt8(ascii: "$"),
             UInt8(ascii: "^"): true
        default: false
        }
    }

    /// Whether `bytes` hold `www.` in any case.
    private static func containsWWW(_ bytes: ArraySlice<UInt8>) -> Bool {
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

}
