/// Whether the incomplete last line is shown or held back, decided from its text: a line that
/// begins like a block marker and holds no letter yet may still become something else with
/// the next character (`#` before `#b`, `***` before `***b*`, `-` under a paragraph), and is
/// then held back (the open blocks are shown as if it had not arrived) until it is decided.
///
/// What a line may still become, by what its content (after indentation and `>` markers)
/// starts with:
///
/// | line | decided? | why |
/// |:--|:--|:--|
/// | `>` alone | hold | an empty quote, until its content starts |
/// | a letter or non-ASCII anywhere | show | a marker followed by a word is decided |
/// | `1`, `12` (up to 9 digits) | hold | `1.` makes a list, `12a` is text |
/// | `1.`, `1)`, `1. ` | hold | an empty item, until its content starts |
/// | `1. ` and content | as the content | the content is a new line of its own (`1. -`); a bare number there shows |
/// | `1.5`, 10 digits | show | text |
/// | `-`, `*`, `+`, `- `, `* *`, `---`, `***` (the bullet and spaces only) | hold | a list item, thematic break or setext underline |
/// | `- ` and content | as the content | as for `1. `: `- 5` shows, `- 1.` and `- -` hold |
/// | `___`, `_ _ _` (three or more `_` and spaces only) | hold | a thematic break, or text |
/// | `#` to `######` alone | hold | an empty heading, or text (`#b`) |
/// | `# ` and more, `#1`, `#######` | show | a heading, or text |
/// | `===` (`=` and spaces only) under a paragraph | hold | a setext underline, or text |
/// | `|`, `-`, `:` and spaces only, under a paragraph, not after a table row | hold | a table's delimiter row, or text |
/// | `|` and spaces only, after a table row | hold | the next row, or a paragraph that ends the table |
/// | `| 1 |`, `1 |` (ending with `|`) after a table row | hold | a cell after it adds to the row |
/// | `- [ ] ` (an item's empty task box) | hold | an empty task item, until its text starts |
/// | `| 1`, `|-` after a table row | show | a row |
/// | `` ``` ``, `~~~` (and spaces) | hold | a fence, unless the info string then holds a backtick |
/// | `` ` ``, ``` `` ```, `~`, `<`, anything else | show | text |
///
/// "Under a paragraph" is a guess on the safe side: any line that is not blank above (see
/// ``context(lineStart:source:blocks:)``).
///
/// Lines inside a fenced code block are not judged here (a closing fence's first backticks
/// are held by the engine), nor lines that may be link reference definitions
/// (``TailStabilizer/mayBeDefinition(_:)``).
enum LineHold {
    /// What to do with the incomplete line.
    enum Decision: Equatable, Sendable {
        case show
        case hold
    }

    /// What is above the incomplete line that its reading depends on.
    struct Context: Equatable, Sendable {
        /// The line above is a table's delimiter row or body row: a line starting with `|` is
        /// the next row.
        var afterTableRow = false
        /// The line above may be a paragraph's line that this one continues, underlines or
        /// turns into a table's header.
        var mayContinueParagraph = false
    }

    /// The decision for the incomplete `line` (its text from its start to the end of input);
    /// `context` is asked for only when the line begins like a marker and holds no letter.
    ///
    /// - Complexity: O(n) in the line's length, plus `context`'s cost when it is asked for.
    static func decision(for line: ArraySlice<UInt8>, context: @autoclosure () -> Context) -> Decision {
        let content = TailStabilizer.content(of: line)
        guard let first = content.first else {
            return line.contains(UInt8(ascii: ">")) ? .hold : .show
        }
        guard markerBytes.contains(first), !line.contains(where: isWordByte) else { return .show }
        return markerDecision(content, context: context())
    }

    /// Bytes a block marker can begin with.
    private static let markerBytes: Set<UInt8> = Set("#|-*_+=`~<:0123456789".utf8)

    /// The decision for `content`, a line's content starting with a marker byte and holding no
    /// letter.
    private static func markerDecision(_ content: ArraySlice<UInt8>, context: Context) -> Decision {
        guard let first = content.first else { return .hold }
        // After a table row, a row whose last cell a `|` just closed: a cell after it adds to it.
        if context.afterTableRow, endsWithPipe(content) { return .hold }
        if context.mayContinueParagraph, !context.afterTableRow,
           content.allSatisfy({ "|-:".utf8.contains($0) || isSpace($0) }) {
            return .hold  // a delimiter row, or a setext underline
        }
        switch first {
        case UInt8(ascii: "#"):
            let hashes = content.prefix { $0 == first }.count
            return hashes <= 6 && hashes == content.count ? .hold : .show
        case UInt8(ascii: "="):
            return context.mayContinueParagraph && content.allSatisfy({ $0 == first || isSpace($0) }) ? .hold : .show
        case UInt8(ascii: "_"):
            let onlyRule = content.allSatisfy { $0 == first || isSpace($0) }
            return onlyRule && content.filter({ $0 == first }).count >= 3 ? .hold : .show
        case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"):
            if content.allSatisfy({ $0 == first || isSpace($0) }) {
                // `++` is text; anything else of the bullet and spaces may be an item or a rule.
                return first == UInt8(ascii: "+") && content.count > 1 && !isSpace(content[content.index(after: content.startIndex)])
                    ? .show : .hold
            }
            let afterBullet = content.dropFirst()
            guard let space = afterBullet.first, isSpace(space) else { return .show }  // `-5`, `**b`: text
            return itemContentDecision(afterBullet)
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            let digits = content.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            let rest = content.dropFirst(digits)
            guard digits <= 9 else { return .show }
            guard let delimiter = rest.first else { return .hold }
            guard delimiter == UInt8(ascii: ".") || delimiter == UInt8(ascii: ")") else { return .show }
            let afterDelimiter = rest.dropFirst()
            guard let space = afterDelimiter.first else { return .hold }
            return isSpace(space) ? itemContentDecision(afterDelimiter) : .show
        case UInt8(ascii: "|"):
            guard context.afterTableRow else { return .show }
            // A row with no cell yet: a lone `|` ends the table.
            return content.dropFirst().allSatisfy(isSpace) ? .hold : .show
        case UInt8(ascii: "`"), UInt8(ascii: "~"):
            return content.prefix { $0 == first }.count >= 3 ? .hold : .show
        default:
            return .show
        }
    }

    /// The decision for what follows a list marker and its space: held while empty, shown for
    /// a number (`- 5`), else as a line of its own.
    private static func itemContentDecision(_ rest: ArraySlice<UInt8>) -> Decision {
        let inner = rest.drop(while: isSpace)
        if inner.isEmpty || isEmptyTaskBox(inner) { return .hold }
        if inner.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) { return .show }
        return decision(for: inner, context: Context())
    }

    /// The context of the incomplete line starting at `lineStart` in `source`, from the line
    /// above it and `blocks`: the open blocks as the text including that line reads (a
    /// growing container as its head with its open children is enough).
    ///
    /// A paragraph may be continued whenever the line above is not blank and is not a table
    /// row: a guess on the safe side (a heading or a code fence above costs a held line).
    ///
    /// - Complexity: O(the line above + the depth of the last blocks).
    static func context(lineStart: Int, source: [UInt8], blocks: [Block]) -> Context {
        // The line above: back over its line ending to its start.
        var end = lineStart
        if end > 0, source[end - 1] == 0x0A { end -= 1 }
        if end > 0, source[end - 1] == 0x0D { end -= 1 }
        guard end < lineStart else { return Context() }
        var start = end
        while start > 0, source[start - 1] != 0x0A, source[start - 1] != 0x0D { start -= 1 }
        guard TailStabilizer.content(of: source[start..<end]).contains(where: { !isSpace($0) }) else { return Context() }
        let afterTableRow = tableReaches(start, in: blocks)
        return Context(afterTableRow: afterTableRow, mayContinueParagraph: !afterTableRow)
    }

    /// Whether a table among the last blocks (the last two at each level, down the last ones)
    /// started before the line at `lineStart` and reaches into it.
    private static func tableReaches(_ lineStart: Int, in blocks: [Block]) -> Bool {
        var level = blocks.suffix(2)
        while !level.isEmpty {
            for block in level {
                if case .table = block.kind, block.range.lowerBound < lineStart, block.range.upperBound > lineStart {
                    return true
                }
            }
            guard let last = level.last else { break }
            level = last.children.suffix(2)
        }
        return false
    }

    /// Whether `content` is a task box and spaces (`[ ] `): an empty task item, until its
    /// text starts.
    private static func isEmptyTaskBox(_ content: ArraySlice<UInt8>) -> Bool {
        let box = Array(content.prefix(4))
        return box.count == 4 && box[0] == UInt8(ascii: "[") && " xX".utf8.contains(box[1]) && box[2] == UInt8(ascii: "]")
            && content.dropFirst(3).allSatisfy(isSpace)
    }

    /// Whether `content` ends with an unescaped `|` and spaces.
    private static func endsWithPipe(_ content: ArraySlice<UInt8>) -> Bool {
        let trimmed = content.reversed().drop(while: isSpace)
        guard trimmed.first == UInt8(ascii: "|") else { return false }
        return trimmed.dropFirst().prefix { $0 == UInt8(ascii: "\\") }.count % 2 == 0
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// An ASCII letter or a byte of a non-ASCII character: a word has begun.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")) || byte >= 0x80
    }
}
