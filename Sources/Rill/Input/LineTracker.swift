/// Where the last two lines of the text received so far start, kept as bytes arrive, so that
/// the start of the incomplete last line is known without reading a megabyte-long line again.
struct LineTracker: Sendable {
    /// Offset just past the last line ending received (0 when none).
    private(set) var lastLineStart = 0
    /// Offset just past the line ending before it (0 when none).
    private(set) var previousLineStart = 0

    /// Moves the line starts past the line endings in `text[start...]`; the `\n` of a `\r\n`
    /// only moves the start of the line past itself.
    ///
    /// - Complexity: O(n) in the bytes from `start`, eight at a time up to a word holding a line
    ///   ending (see ``WordBytes``): a line of a megabyte is read once, at about a byte an instruction.
    mutating func note(_ text: [UInt8], from start: Int) {
        text.withUnsafeBufferPointer { bytes in
            var index = start
            while index < bytes.count {
                index = WordBytes.firstFlaggedWord(in: bytes, from: index) { word in
                    WordBytes.equal(to: 0x0A, in: word) | WordBytes.equal(to: 0x0D, in: word)
                }
                for at in index..<min(bytes.count, index + 8) {
                    let byte = bytes[at]
                    if byte == 0x0A || byte == 0x0D {
                        if !(byte == 0x0A && at > 0 && bytes[at - 1] == 0x0D) { previousLineStart = lastLineStart }
                        lastLineStart = at + 1
                    }
                }
                index += 8
            }
        }
    }

    /// Offset where the incomplete last line of `text` starts, or nil when it ends with a line
    /// ending. A lone `\r` at the end does not end its line yet: it may be the first half of `\r\n`.
    func incompleteLineStart(in text: [UInt8]) -> Int? {
        if lastLineStart < text.count { return lastLineStart }
        if text.last == 0x0D { return previousLineStart }
        return nil
    }
}
