import Rill

/// A document's batch render split by top-level block (each block's separating blank line
/// with it): what ``EarlyCommitRule`` compares a live transcript with, block by block.
public struct BatchBlocks {
    /// Each top-level block's lines, in order.
    public let lines: [[StyledLine]]
    /// The positions of the tables among the blocks.
    public let tables: Set<Int>

    /// Lays out `bytes`, parsed in one go, with `context`.
    public init(_ bytes: [UInt8], in context: LayoutContext) {
        let blocks = MarkdownStream.parse(bytes)
        lines = blocks.enumerated().map { index, block in DocumentLayout.lines(for: block, at: index, in: context) }
        tables = Set(blocks.indices.filter { index in
            if case .table = blocks[index].kind { return true }
            return false
        })
    }

    /// Each block's lines as plain text, trailing blanks removed (as ``VirtualTerminal/transcript`` shows them).
    public var plainText: [[String]] {
        lines.map { block in
            block.map { line in
                var text = line.plainText
                while text.last == " " { text.removeLast() }
                return text
            }
        }
    }

    /// `transcript`, the batch render's lines as a terminal shows them in order, split as the
    /// blocks' lines are.
    public func split(_ transcript: [String]) -> [[String]] {
        var start = 0
        return lines.map { block in
            let end = min(start + block.count, transcript.count)
            defer { start = end }
            return Array(transcript[start..<end])
        }
    }
}
