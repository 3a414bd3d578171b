/// Keeps cmark-gfm's inline parser from spending memory on every `<` of a long run of them, by
/// rewriting, byte for byte and before cmark sees them, the `<` whose neighbours are both `<`
/// into ``mark``.
///
/// cmark-gfm stops at every `<` to try an autolink, raw HTML or a destination in brackets, and
/// holds about 170 bytes for each one it reads as plain text until the paragraph is done (a
/// 1 MB line of `<` took 180 MB, for a paragraph of one text node). The mark is a byte it reads
/// as plain text without stopping.
///
/// The rewrite changes nothing cmark makes of the text: a `<` followed by `<` opens nothing
/// (an autolink's scheme and an HTML tag name start with a letter, a declaration with `!`, a
/// processing instruction with `?`, a closing tag with `/`; a destination in brackets cannot
/// hold a `<`), nor does the mark. What scans past a `<` (a code span, an HTML comment or
/// quoted attribute, a link destination, title or label) accepts the mark as it accepts
/// any byte that is not a line ending, a space or a bracket; what stops at a `<` (an
/// unquoted attribute, a destination in brackets, a URL the autolink extension reads) stops at
/// the run's first one, which is kept, as is its last. Emphasis reads only the characters next to
/// its delimiters, never a `<` between two others. ``GuardMarks/restore(_:)`` puts the `<` back.
enum AngleRuns {
    /// Stands for a `<` between two others.
    static let mark = UTF8Normalizer.reservedBytes.third

    /// Whether `bytes` hold three `<` in a row (a `<` to rewrite).
    ///
    /// - Complexity: O(n) in the length of `bytes`; outside a run, words without a `<` are
    ///   passed over eight bytes at a time.
    static func hasInnerBrackets(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var run = 0
        var index = 0
        while index < bytes.count {
            if run == 0 {
                index = WordBytes.firstFlaggedWord(in: bytes, from: index) { WordBytes.equal(to: 0x3C, in: $0) }
                guard index < bytes.count else { break }
            }
            if bytes[index] == 0x3C {
                run += 1
                if run == 3 { return true }
            } else {
                run = 0
            }
            index += 1
        }
        return false
    }

    /// Rewrites every `<` of `bytes` whose neighbours are both `<` into ``mark``.
    ///
    /// - Complexity: O(n) in the length of `bytes`.
    static func markInnerBrackets(_ bytes: inout [UInt8]) {
        var previous: UInt8 = 0  // the byte before `index` as it was, before any mark
        for index in bytes.indices.dropLast() {
            let byte = bytes[index]
            if byte == 0x3C, previous == 0x3C, bytes[index + 1] == 0x3C { bytes[index] = mark }
            previous = byte
        }
    }
}
