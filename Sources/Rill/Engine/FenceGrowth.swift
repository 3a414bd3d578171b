/// An open fenced code block at the top level, extended line by line without parsing.
///
/// After the opening line (indent k ≤ 3, a run of n ≥ 3 backticks or tildes, an info string),
/// each complete line is either a closing line — at most 3 columns of indentation (a tab counts
/// to the next multiple of 4), at least n of the fence character, then only spaces and tabs —
/// which ends the block, or content: the line with up to k columns of leading indentation
/// removed (a tab straddling column k leaves its remaining columns as spaces), ended by `\n`.
/// This is exactly what cmark-gfm does, so the block equals a one-shot parse's.
struct FenceGrowth: Sendable {
    /// The code block as first parsed, without its literal.
    var block: Block
    let info: String
    let indent: Int
    let fence: UInt8
    let length: Int
    /// Offset of the opening line's first byte.
    let lineStart: Int
    /// Identity state before and after the block.
    let identityBefore: IdentityAssigner
    let identityAfter: IdentityAssigner
    /// Complete content lines, without line endings.
    private(set) var lines: [String] = []
    /// Offset of the first line not yet consumed.
    private(set) var scanned: Int
    /// End of the text of the last consumed line (the opening line before any content), and of
    /// the line before it; cmark ends the block before a last line that is empty.
    private var lastLineEnd: Int
    private var lineBeforeLastEnd: Int
    private var lastLineIsEmpty = false
    /// When a complete closing line was found: the block's end and the next line's start.
    private(set) var closing: (end: Int, next: Int)?

    /// Starts from a fenced code block parsed whole, if its opening line is a fence Rill can
    /// follow and the block is still open; consumes the complete lines already there.
    init?(block: Block, lineStart: Int, source: [UInt8], identityBefore: IdentityAssigner) {
        guard case .codeBlock(let code) = block.kind, code.isFenced else { return nil }
        var index = lineStart
        var indent = 0
        while index < source.count, source[index] == 0x20, indent < 4 { index += 1; indent += 1 }
        guard indent <= 3, index < source.count,
              source[index] == UInt8(ascii: "`") || source[index] == UInt8(ascii: "~") else { return nil }
        let fence = source[index]
        var length = 0
        while index < source.count, source[index] == fence { index += 1; length += 1 }
        guard length >= 3 else { return nil }
        self.block = block
        self.block.kind = .codeBlock(CodeBlock(info: code.info, literal: "", isFenced: true))
        self.info = code.info
        self.indent = indent
        self.fence = fence
        self.length = length
        self.lineStart = lineStart
        self.identityBefore = identityBefore
        var after = identityBefore
        after.advance(past: block)
        self.identityAfter = after
        let firstContent = source.nextLineStart(after: lineStart)
        self.scanned = firstContent
        self.lastLineEnd = Self.contentEnd(of: lineStart, next: firstContent, in: source)
        self.lineBeforeLastEnd = lastLineEnd
        consume(source)
        // Only follow a block whose text so far is exactly what cmark made of it.
        guard closing == nil, Self.literal(lines, open: openLine(source)) == code.literal else { return nil }
    }

    /// Consumes the complete lines that arrived since the last call.
    mutating func consume(_ source: [UInt8]) {
        while closing == nil, scanned < source.count {
            let next = source.nextLineStart(after: scanned)
            let end = Self.contentEnd(of: scanned, next: next, in: source)
            guard end < next else { return }  // no line ending yet
            // A lone \r at the very end may still become \r\n.
            if next == source.count, source[next - 1] == 0x0D { return }
            let text = source[scanned..<end]
            if isClosingLine(text) {
                closing = (end, next)
                return
            }
            lines.append(Self.columnStrip(text, indent))
            lineBeforeLastEnd = lastLineEnd
            lastLineEnd = end
            lastLineIsEmpty = text.isEmpty
            scanned = next
        }
    }

    /// Consumes the rest at the end of input: an incomplete last line that reads as a closing
    /// line closes the block there, as in a parse of the whole text (it is not content).
    mutating func finish(_ source: [UInt8]) {
        consume(source)
        guard closing == nil, scanned < source.count, isClosingLine(source[scanned...]) else { return }
        closing = (Self.contentEnd(of: scanned, next: source.count, in: source), source.count)
    }

    /// The incomplete last line as content, or nil when there is none or it already reads as a
    /// closing line.
    func openLine(_ source: [UInt8]) -> String? {
        guard closing == nil, scanned < source.count else { return nil }
        let text = source[scanned...]
        if isClosingLine(text) { return nil }
        return Self.columnStrip(text.last == 0x0D ? text.dropLast() : text, indent)
    }

    /// Whether the incomplete last line is only fence characters: it may be a closing fence
    /// being typed, so a live view holds it back.
    func openLineMayClose(_ source: [UInt8]) -> Bool {
        guard scanned < source.count else { return false }
        let text = source[scanned...].drop(while: { $0 == 0x20 })
        return text.first == fence && text.allSatisfy { $0 == fence || $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    /// The block with its literal: the complete lines, then the incomplete one if shown.
    ///
    /// - Complexity: O(n) in the block's size; ``head(_:showOpenLine:)`` is O(1).
    func materialized(_ source: [UInt8], showOpenLine: Bool = true) -> Block {
        var result = head(source, showOpenLine: showOpenLine)
        let open = showOpenLine ? openLine(source) : nil
        result.kind = .codeBlock(CodeBlock(info: info, literal: Self.literal(lines, open: open), isFenced: true))
        return result
    }

    /// The block without its literal, with its current range.
    func head(_ source: [UInt8], showOpenLine: Bool = true) -> Block {
        var result = block
        var end = closing?.end ?? (lastLineIsEmpty ? lineBeforeLastEnd : lastLineEnd)
        if showOpenLine, closing == nil, scanned < source.count, !isClosingLine(source[scanned...]) {
            // An empty last line (a lone \r so far) ends the block before it, as a complete one would.
            let textEnd = source.count - (source.last == 0x0D ? 1 : 0)
            end = textEnd == scanned ? lastLineEnd : textEnd
        }
        result.range = block.range.lowerBound..<max(block.range.lowerBound, end)
        return result
    }

    static func literal(_ lines: [String], open: String?) -> String {
        var text = ""
        for line in lines { text += line; text += "\n" }
        if let open { text += open; text += "\n" }
        return text
    }

    private func isClosingLine(_ text: ArraySlice<UInt8>) -> Bool {
        var index = text.startIndex
        var columns = 0
        while index < text.endIndex, text[index] == 0x20 || text[index] == 0x09 {
            columns += text[index] == 0x09 ? 4 - columns % 4 : 1
            index += 1
        }
        guard columns <= 3 else { return false }
        var run = 0
        while index < text.endIndex, text[index] == fence { run += 1; index += 1 }
        guard run >= length else { return false }
        return text[index...].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    /// The line with up to `indent` columns of leading spaces and tabs removed; a tab that
    /// straddles the boundary leaves its remaining columns as spaces.
    static func columnStrip(_ text: ArraySlice<UInt8>, _ indent: Int) -> String {
        var index = text.startIndex
        var column = 0
        var pad = 0
        while index < text.endIndex, column < indent {
            if text[index] == 0x20 {
                column += 1
            } else if text[index] == 0x09 {
                let width = 4 - column % 4
                if column + width > indent { pad = column + width - indent }
                column += width
            } else {
                break
            }
            index += 1
        }
        return String.spaces(pad) + String(decoding: text[index...], as: UTF8.self)
    }

    private static func contentEnd(of start: Int, next: Int, in source: [UInt8]) -> Int {
        var end = next
        if end > start, source[end - 1] == 0x0A { end -= 1 }
        if end > start, source[end - 1] == 0x0D { end -= 1 }
        return end
    }
}
