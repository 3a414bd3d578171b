/// Finds the inline delimiters left open at the end of a paragraph still being written, so that
/// the open tail can be shown as if they were closed: text typed after `**` shows bold at once,
/// instead of showing the asterisks and then re-drawing the line without them when the closing
/// `**` arrives. (Never used inside code blocks; the final blocks never depend on it.)
///
/// A simplified version of CommonMark's delimiter rules, good enough for a display that the
/// next characters correct: backtick runs open code spans closed by a run of the same length,
/// and inside them nothing else counts; `*`, `_` and `~~` runs that can open (followed by a
/// non-space) are stacked and popped by runs of the same character that can close (preceded by
/// a non-space); backslash escapes are skipped.
enum ProvisionalClosers {
    /// The bytes that would close what is open at the end of `text`, innermost first; empty
    /// when nothing is open or `text` ends in whitespace (a closer there would not close: the
    /// caller puts closers before trailing spaces).
    static func closers(for text: ArraySlice<UInt8>) -> [UInt8] {
        guard let last = text.last, !isSpace(last) else { return [] }
        var stack: [(byte: UInt8, count: Int)] = []
        var openTicks: Int?
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            if byte == UInt8(ascii: "\\"), openTicks == nil {
                index += 2
                continue
            }
            guard byte == UInt8(ascii: "`") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_")
                    || byte == UInt8(ascii: "~") else {
                index += 1
                continue
            }
            var end = index
            while end < text.endIndex, text[end] == byte { end += 1 }
            let count = end - index
            defer { index = end }
            if byte == UInt8(ascii: "`") {
                if let open = openTicks {
                    if open == count { openTicks = nil }
                } else {
                    openTicks = count
                }
                continue
            }
            if openTicks != nil { continue }
            if byte == UInt8(ascii: "~"), count != 2 { continue }
            let before: UInt8? = index > text.startIndex ? text[index - 1] : nil
            let after: UInt8? = end < text.endIndex ? text[end] : nil
            let canClose = before.map { !isSpace($0) } ?? false
            let canOpen = after.map { !isSpace($0) } ?? false
            if canClose, let top = stack.lastIndex(where: { $0.byte == byte }) {
                stack.removeSubrange(top...)
            } else if canOpen {
                stack.append((byte, min(count, byte == UInt8(ascii: "~") ? 2 : 3)))
            }
        }
        if let ticks = openTicks { return Array(repeating: UInt8(ascii: "`"), count: ticks) }
        var closers: [UInt8] = []
        for run in stack.reversed() { closers += Array(repeating: run.byte, count: run.count) }
        return closers
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
