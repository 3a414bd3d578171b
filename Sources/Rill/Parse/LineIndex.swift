/// Where each line starts in a byte buffer, numbered the way cmark numbers them
/// (`\n`, `\r` and `\r\n` all end a line).
struct LineIndex: Sendable {
    /// Offset of the first byte of each line; line 1 starts at `starts[0]`.
    private(set) var starts: [Int]
    /// Total length of the indexed text.
    let count: Int
    /// Whether the text ends in a lone `\r`, which a following `\n` would extend.
    let endsInCarriageReturn: Bool

    /// Indexes `text`.
    ///
    /// - Complexity: O(n) in the text's length.
    init(_ text: UnsafeRawBufferPointer) {
        var starts = [0]
        let bytes = text.bindMemory(to: UInt8.self)
        var i = 0
        let n = bytes.count
        while i < n {
            // Whole words without a line ending are passed over (a line of a deep list is mostly spaces).
            i = WordBytes.firstFlaggedWord(in: bytes, from: i) { WordBytes.equal(to: 0x0A, in: $0) | WordBytes.equal(to: 0x0D, in: $0) }
            guard i < n else { break }
            let byte = bytes[i]
            if byte == 0x0A {
                starts.append(i + 1)
            } else if byte == 0x0D {
                if i + 1 < n, bytes[i + 1] == 0x0A { i += 1 }
                starts.append(i + 1)
            }
            i += 1
        }
        self.starts = starts
        self.count = n
        self.endsInCarriageReturn = n > 0 && bytes[n - 1] == 0x0D
    }

    /// Number of lines, counting an empty last line after a final line ending.
    var lineCount: Int { starts.count }

    /// Offset where 1-based `line` starts, clamped to the text.
    func start(ofLine line: Int) -> Int {
        if line < 1 { return 0 }
        if line > starts.count { return count }
        return starts[line - 1]
    }

    /// Offset just past the content of 1-based `line` in `bytes`, before its line ending.
    func contentEnd(ofLine line: Int, in bytes: UnsafeRawBufferPointer) -> Int {
        if line < 1 { return 0 }
        if line >= starts.count { return count }
        let lineStart = starts[line - 1]
        var end = starts[line]
        if end > lineStart, bytes[end - 1] == 0x0A { end -= 1 }
        if end > lineStart, bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    /// Whether 1-based `line` has its line ending. A lone `\r` at the very end does not count:
    /// the next chunk may bring the `\n` of a `\r\n`.
    func isComplete(line: Int) -> Bool {
        if line < starts.count - 1 { return true }
        if line == starts.count - 1 { return !endsInCarriageReturn }
        return false
    }

    /// The 1-based line holding byte `offset` (binary search).
    ///
    /// - Complexity: O(log n) in the number of lines.
    func line(containing offset: Int) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low + 1
    }
}
