/// Whether cmark found a fenced code block closed: read from what it parsed, never by applying
/// the fence rules again here.
enum FencedCode {
    /// Whether the code block whose content lines start at `contentStart` and whose parse gave
    /// `literal` and ended at `rangeEnd` was closed by a fence: its range then reaches past its
    /// content lines, onto the closing line (an open block ends on its last content line, or
    /// before an empty last one).
    ///
    /// - Complexity: O(the block's text).
    static func isClosed(rangeEnd: Int, contentStart: Int, literal: String, source: [UInt8]) -> Bool {
        var lineCount = 0
        for byte in literal.utf8 where byte == 0x0A { lineCount += 1 }
        var offset = contentStart
        for _ in 0..<lineCount {
            guard offset < source.count else { return false }
            offset = source.nextLineStart(after: offset)
        }
        return rangeEnd > offset
    }

    /// ``isClosed(rangeEnd:contentStart:literal:source:)`` for a fenced block parsed whole.
    static func isClosed(_ block: Block, source: [UInt8]) -> Bool {
        guard case .codeBlock(let code) = block.kind, code.isFenced else { return false }
        return isClosed(rangeEnd: block.range.upperBound, contentStart: source.nextLineStart(after: block.range.lowerBound),
                        literal: code.literal, source: source)
    }
}
