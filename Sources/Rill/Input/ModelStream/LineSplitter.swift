/// Splits a byte stream into lines ending in `\n`, `\r\n` or `\r`, however it was cut into
/// chunks (a `\r\n` split between two chunks is one line ending).
///
/// A line longer than ``maxLength`` keeps only its first ``maxLength`` bytes and is marked
/// truncated, so a stream without line endings cannot grow memory without bound.
struct LineSplitter: Sendable {
    /// A complete line, without its line ending.
    struct Line: Equatable, Sendable {
        var bytes: [UInt8]
        /// 1-based number of the line in the stream.
        var number: Int
        /// Whether bytes past ``LineSplitter/maxLength`` were dropped.
        var isTruncated = false
    }

    /// Longest line kept whole.
    let maxLength: Int
    private var line: [UInt8] = []
    private var isTruncated = false
    /// Whether the last byte seen was `\r`: a `\n` right after it ends no other line.
    private var afterCarriageReturn = false
    /// Lines completed so far.
    private(set) var lineCount = 0

    init(maxLength: Int) {
        self.maxLength = maxLength
    }

    /// The lines `chunk` completes, in order; the rest waits for the next chunk.
    ///
    /// - Complexity: O(n) in the chunk's length.
    mutating func lines(in chunk: UnsafeBufferPointer<UInt8>) -> [Line] {
        var lines: [Line] = []
        var index = 0
        while index < chunk.count {
            let byte = chunk[index]
            if byte == 0x0A || byte == 0x0D {
                if !(byte == 0x0A && afterCarriageReturn) { lines.append(take()) }
                afterCarriageReturn = byte == 0x0D
                index += 1
                continue
            }
            afterCarriageReturn = false
            var end = index
            while end < chunk.count, chunk[end] != 0x0A, chunk[end] != 0x0D { end += 1 }
            let room = max(0, maxLength - line.count)
            if end - index > room { isTruncated = true }
            line.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[index..<index + min(room, end - index)]))
            index = end
        }
        return lines
    }

    /// The last line, if the stream did not end with a line ending.
    mutating func finish() -> Line? {
        afterCarriageReturn = false
        return line.isEmpty && !isTruncated ? nil : take()
    }

    private mutating func take() -> Line {
        lineCount += 1
        defer {
            line.removeAll(keepingCapacity: line.count <= 4096)
            isTruncated = false
        }
        return Line(bytes: line, number: lineCount, isTruncated: isTruncated)
    }
}
