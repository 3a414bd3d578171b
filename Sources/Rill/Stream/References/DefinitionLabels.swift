/// The labels that newly kept link reference definitions may define, so that only final blocks
/// that may use one of them are parsed again.
///
/// Labels are read from the text around each `]:` in a kept segment. A label that cannot be read
/// simply (it holds whitespace, a backslash, an entity, a non-ASCII letter whose case folding
/// Rill does not repeat, or no opening bracket is found) makes the set ``isUnbounded``: every
/// block that may reference anything is then parsed again, as before. So the set errs only
/// towards parsing more.
struct DefinitionLabels: Sendable, Equatable {
    /// ASCII-lowercased labels.
    private(set) var labels: Set<[UInt8]> = []
    /// Whether some label could not be read: any reference may resolve differently.
    private(set) var isUnbounded = false

    var isEmpty: Bool { labels.isEmpty && !isUnbounded }

    /// Adds the labels that `segment` may define.
    mutating func collect(from segment: ArraySlice<UInt8>) {
        var index = segment.startIndex
        while index + 1 < segment.endIndex {
            defer { index += 1 }
            guard segment[index] == 0x5D, segment[index + 1] == 0x3A else { continue }
            guard let label = Self.label(endingAt: index, in: segment) else {
                isUnbounded = true
                return
            }
            labels.insert(label)
        }
    }

    /// The label before the `]` at `close`, if it is a plain one (see the type's summary).
    private static func label(endingAt close: Int, in text: ArraySlice<UInt8>) -> [UInt8]? {
        var start = close
        while start > text.startIndex {
            let byte = text[start - 1]
            if byte == UInt8(ascii: "[") { break }
            // Whitespace, escapes, entities, brackets and non-ASCII: not read here.
            if byte <= 0x20 || byte >= 0x80 || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "&") || byte == 0x5D {
                return nil
            }
            start -= 1
            if close - start > 999 { return nil }
        }
        guard start > text.startIndex, start < close else { return nil }
        return text[start..<close].map(Self.lowercased)
    }

    /// Whether `text` (a final block's source) may reference one of the labels: it holds
    /// `[`, the label in any ASCII case, then `]`, with only whitespace or `>` in between.
    func mayBeReferenced(in text: ArraySlice<UInt8>) -> Bool {
        if isUnbounded { return true }
        guard !labels.isEmpty else { return false }
        return mayBeReferenced(byTokens: Self.bracketedTokens(in: text))
    }

    /// Whether a text whose ``bracketedTokens(in:)`` are `tokens` may reference one of the
    /// labels (``mayBeReferenced(in:)`` when the tokens are read once and kept).
    ///
    /// - Complexity: O(labels) set lookups (or O(tokens) when there are fewer tokens).
    func mayBeReferenced(byTokens tokens: Set<[UInt8]>) -> Bool {
        if isUnbounded { return true }
        return !labels.isDisjoint(with: tokens)
    }

    /// What a text may reference, once: the ASCII-lowercased content of every `[…]` holding
    /// no other bracket, less the whitespace and `>` at its ends. A label (which holds neither
    /// whitespace at its ends nor a bracket) is found bracketed in the text exactly when it is
    /// one of these.
    ///
    /// - Complexity: O(n) in the text's length.
    static func bracketedTokens(in text: ArraySlice<UInt8>) -> Set<[UInt8]> {
        var tokens: Set<[UInt8]> = []
        var open: Int?
        for index in text.indices {
            switch text[index] {
            case UInt8(ascii: "["):
                open = index + 1
            case 0x5D:
                guard let start = open else { continue }
                open = nil
                var lower = start, upper = index
                while lower < upper, isGap(text[lower]) { lower += 1 }
                while upper > lower, isGap(text[upper - 1]) { upper -= 1 }
                if upper > lower, upper - lower <= 999 { tokens.insert(text[lower..<upper].map(lowercased)) }
            default:
                continue
            }
        }
        return tokens
    }

    /// Adds `other`'s labels.
    mutating func merge(_ other: DefinitionLabels) {
        labels.formUnion(other.labels)
        isUnbounded = isUnbounded || other.isUnbounded
    }

    private static func isGap(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ">")
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }
}
