import Rill

/// The reference every streamed result must equal: a one-shot parse of the whole text.
public enum Oracle {
    /// Blocks of a one-shot parse of `bytes`.
    public static func parse(_ bytes: some Collection<UInt8>) -> [Block] {
        MarkdownStream.parse(bytes)
    }

    /// The normalized text (valid UTF-8, no NUL) of `bytes` read in one go.
    public static func normalized(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var stream = MarkdownStream()
        stream.append(bytes)
        _ = stream.finish()
        return stream.source
    }

    /// Whether `block`'s text in `source` may hold a reference link that a link definition
    /// arriving later turns into a link: a `[` followed somewhere by `]`, with `]:` later in the text.
    public static func mayChangeByLateDefinition(_ block: Block, in source: [UInt8]) -> Bool {
        let lower = min(block.range.lowerBound, source.count)
        let upper = min(max(block.range.upperBound, lower), source.count)
        guard let open = source[lower..<upper].firstIndex(of: UInt8(ascii: "[")),
              source[(open + 1)..<upper].contains(UInt8(ascii: "]")) else { return false }
        var index = open
        while index + 1 < source.count {
            if source[index] == UInt8(ascii: "]"), source[index + 1] == UInt8(ascii: ":") { return true }
            index += 1
        }
        return false
    }
}
