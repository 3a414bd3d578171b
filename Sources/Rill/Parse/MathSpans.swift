/// Finds the math a model wrote in a paragraph's text, before cmark reads it: cmark takes `\[`
/// and `\(` as escapes and `_` or `*` inside math as emphasis, so math must be found in the
/// source, where it is still as written.
///
/// The rules (those of Pandoc's `tex_math_dollars` and `tex_math_single_backslash`):
/// - `$$…$$` and `\[…\]` are display math, `\(…\)` a math span; they may cross lines of the
///   paragraph and must hold something besides spaces;
/// - `$…$` is a math span on one line when the opening `$` is followed by a non-space, and the
///   closing `$` follows a non-space and is not followed by a digit, so that prices
///   (`$5 and $10`) stay text; and it holds no other `$` (`$5 and $10 x$` is money too);
/// - nothing inside a code span or after a backslash escape (`\$`) is a delimiter.
enum MathSpans {
    /// One math span or display math in the scanned text.
    struct Span: Equatable {
        /// The whole span, delimiters included.
        var range: Range<Int>
        /// The TeX between the delimiters.
        var tex: Range<Int>
        var delimiter: MathDelimiter
    }

    private static let dollar = UInt8(ascii: "$")
    private static let backslash = UInt8(ascii: "\\")
    private static let backtick = UInt8(ascii: "`")
    private static let newline = UInt8(ascii: "\n")

    /// Whether `bytes` hold a byte that may start or end math (`$` or a backslash): text without
    /// one has no math, and text after it cannot close math opened in it.
    ///
    /// - Complexity: O(n), searched by `memchr` when the bytes are contiguous: a paragraph's
    ///   whole source is asked at every parse.
    static func mayHoldDelimiter<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        bytes.withContiguousStorageIfAvailable { String.contains(dollar, in: $0) || String.contains(backslash, in: $0) }
            ?? bytes.contains { $0 == dollar || $0 == backslash }
    }

    /// The math spans of `bytes` (a paragraph's text, lines joined by line feeds), in order.
    ///
    /// - Complexity: O(n) in the length of `bytes`: an opener left unclosed is searched for once
    ///   per line (`$`) or text (the others), and so is a backtick run of each length.
    static func spans(in bytes: [UInt8]) -> [Span] {
        scan(bytes).spans
    }

    /// Whether `bytes` (whole lines of a paragraph) leave open a delimiter that a later line
    /// may close (`$$`, `\(`, `\[`; a `$…$` span never crosses a line).
    static func leavesOpen<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        mayHoldDelimiter(bytes) && scan(Array(bytes)).leavesOpen
    }

    /// The math spans of `bytes`, and whether an opener that may cross lines was left unclosed.
    private static func scan(_ bytes: [UInt8]) -> (spans: [Span], leavesOpen: Bool) {
        guard mayHoldDelimiter(bytes) else { return ([], false) }
        var spans: [Span] = []
        let count = bytes.count
        // Where a search for each delimiter's closer found none: an opener before that place
        // finds none either (bounds the work of many unclosed openers).
        var unclosedBefore: [MathDelimiter: Int] = [:]
        var codeSpans = CodeSpans()
        var leavesOpen = false
        var index = 0
        func open(_ delimiter: MathDelimiter) -> Span? {
            if let limit = unclosedBefore[delimiter], index < limit { return nil }
            switch closed(delimiter, in: bytes, from: index) {
            case .found(let span): return span
            case .notOpener: return nil
            case .unclosed(let searchedTo):
                unclosedBefore[delimiter] = searchedTo
                if delimiter != .dollar { leavesOpen = true }
                return nil
            }
        }
        while index < count {
            let byte = bytes[index]
            if byte == backtick {
                index = codeSpans.end(of: bytes, at: index)
            } else if byte == backslash, index + 1 < count {
                let next = bytes[index + 1]
                let delimiter: MathDelimiter? = next == UInt8(ascii: "(") ? .parenthesis
                    : next == UInt8(ascii: "[") ? .bracket : nil
                if let delimiter, let span = open(delimiter) {
                    spans.append(span)
                    index = span.range.upperBound
                } else {
                    index += 2
                }
            } else if byte == dollar {
                let isDouble = index + 1 < count && bytes[index + 1] == dollar
                if let span = open(isDouble ? .doubleDollar : .dollar) {
                    spans.append(span)
                    index = span.range.upperBound
                } else {
                    index += isDouble ? 2 : 1
                }
            } else {
                index += 1
            }
        }
        return (spans, leavesOpen)
    }

    /// What a search for an opener's closer found.
    private enum Search {
        case found(Span)
        /// The delimiter cannot open here (a `$` before a space).
        case notOpener
        /// No closer before `searchedTo` (the end of the line for `$`, of the text otherwise).
        case unclosed(searchedTo: Int)
    }

    /// The span opened by `delimiter` at `start`, when it is closed.
    private static func closed(_ delimiter: MathDelimiter, in bytes: [UInt8], from start: Int) -> Search {
        let opener = Array(delimiter.opener.utf8)
        let closer = Array(delimiter.closer.utf8)
        let texStart = start + opener.count
        let count = bytes.count
        if delimiter == .dollar {
            guard texStart < count, !isSpace(bytes[texStart]) else { return .notOpener }
        }
        var index = texStart
        while index < count {
            let byte = bytes[index]
            if delimiter == .dollar, byte == newline { return .unclosed(searchedTo: index) }
            // A `$` that cannot close ends the search: math holding a `$` is money
            // (`$5 and $10 x$`), and the search stays linear.
            if delimiter == .dollar, byte == dollar, !isClosingDollar(bytes, at: index) { return .notOpener }
            if index > texStart, matches(closer, in: bytes, at: index),
               delimiter != .dollar || isClosingDollar(bytes, at: index) {
                let tex = texStart..<index
                guard bytes[tex].contains(where: { !isSpace($0) }) else { return .notOpener }
                return .found(Span(range: start..<(index + closer.count), tex: tex, delimiter: delimiter))
            }
            // A backslash escapes the next byte, unless it starts the closer.
            index += byte == backslash && !matches(closer, in: bytes, at: index) ? 2 : 1
        }
        return .unclosed(searchedTo: count)
    }

    /// Whether the `$` at `index` may close a `$…$` span: after a non-space, not before a digit
    /// or another `$`.
    private static func isClosingDollar(_ bytes: [UInt8], at index: Int) -> Bool {
        guard !isSpace(bytes[index - 1]) else { return false }
        guard index + 1 < bytes.count else { return true }
        let next = bytes[index + 1]
        return !(next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9")) && next != dollar
    }

    private static func matches(_ pattern: [UInt8], in bytes: [UInt8], at index: Int) -> Bool {
        guard index + pattern.count <= bytes.count else { return false }
        for offset in pattern.indices where bytes[index + offset] != pattern[offset] { return false }
        return true
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == newline
    }

    /// Code spans as cmark reads them: a backtick run opens one closed by the next run of the
    /// same length. Remembers the lengths no later run has, so that many unclosed runs cost
    /// linear time.
    private struct CodeSpans {
        var unclosedLengths: Set<Int> = []

        /// Where scanning resumes after the backtick run at `start`: past the code span it
        /// opens, or past the run alone.
        mutating func end(of bytes: [UInt8], at start: Int) -> Int {
            var end = start
            while end < bytes.count, bytes[end] == backtick { end += 1 }
            let length = end - start
            guard !unclosedLengths.contains(length) else { return end }
            var index = end
            while index < bytes.count {
                guard bytes[index] == backtick else { index += 1; continue }
                var runEnd = index
                while runEnd < bytes.count, bytes[runEnd] == backtick { runEnd += 1 }
                if runEnd - index == length { return runEnd }
                index = runEnd
            }
            unclosedLengths.insert(length)
            return end
        }
    }
}
