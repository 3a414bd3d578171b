/// Converts cmark's line:column positions in a parsed buffer into stream byte offsets,
/// and corrects the positions cmark-gfm gets wrong.
///
/// The parsed buffer may begin with a prefix (link definitions carried from final text) whose
/// lines belong to no block of the slice; `base` is the stream offset of the first byte after it.
struct SourceMapper {
    let bytes: UnsafeRawBufferPointer
    let lines: LineIndex
    /// Length of the carried prefix in the buffer.
    let prefixLength: Int
    /// Stream offset that buffer offset `prefixLength` corresponds to.
    let base: Int
    /// Length of the part of the prefix whose blocks are dropped (carried definitions); the rest
    /// of the prefix is context whose blocks are kept but whose positions mean nothing.
    let droppedLength: Int

    init(bytes: UnsafeRawBufferPointer, prefixLength: Int, base: Int, droppedLength: Int? = nil) {
        self.bytes = bytes
        self.lines = LineIndex(bytes)
        self.prefixLength = prefixLength
        self.base = base
        self.droppedLength = droppedLength ?? prefixLength
    }

    /// The first buffer line that belongs to the slice rather than the prefix.
    var firstSliceLine: Int { lines.line(containing: prefixLength) }

    /// The first buffer line after the dropped part of the prefix.
    var firstKeptLine: Int { lines.line(containing: droppedLength) }

    /// Stream offset of a buffer offset.
    func streamOffset(_ bufferOffset: Int) -> Int {
        bufferOffset - prefixLength + base
    }

    /// Buffer offset of 1-based line:column (column in bytes), clamped to the line's content.
    func bufferOffset(line: Int, column: Int) -> Int {
        let start = lines.start(ofLine: line)
        let end = lines.contentEnd(ofLine: line, in: bytes)
        return min(max(start + column - 1, start), end)
    }

    /// Buffer offset just past an inclusive end position. cmark reports `N:0` for blocks that
    /// end on the line before N (setext headings, lists, items, indented code, open fences).
    func bufferEnd(line: Int, column: Int) -> Int {
        if column <= 0 { return lines.contentEnd(ofLine: line - 1, in: bytes) }
        let start = lines.start(ofLine: line)
        let end = lines.contentEnd(ofLine: line, in: bytes)
        return min(max(start + column, start), end)
    }

    /// Half-open stream range of a block whose position cmark reported.
    func range(startLine: Int, startColumn: Int, endLine: Int, endColumn: Int) -> Range<Int> {
        let lower = bufferOffset(line: startLine, column: startColumn)
        let upper = max(lower, bufferEnd(line: endLine, column: endColumn))
        return streamOffset(lower)..<streamOffset(upper)
    }

    /// Buffer offset of the first byte of `line` that is not container markup (spaces, tabs, `>`).
    func firstContentOffset(line: Int) -> Int {
        var offset = lines.start(ofLine: line)
        let end = lines.contentEnd(ofLine: line, in: bytes)
        while offset < end, [0x20, 0x09, 0x3E].contains(bytes[offset]) { offset += 1 }
        return offset == end ? lines.start(ofLine: line) : offset
    }

    /// Whether 1-based `line`, after container markup (spaces, tabs, `>`), is a setext
    /// underline: a run of `=` or of `-`, then only spaces or tabs.
    func isSetextUnderline(line: Int) -> Bool {
        var offset = lines.start(ofLine: line)
        let end = lines.contentEnd(ofLine: line, in: bytes)
        while offset < end, [0x20, 0x09, 0x3E].contains(bytes[offset]) { offset += 1 }
        guard offset < end, bytes[offset] == 0x3D || bytes[offset] == 0x2D else { return false }
        let marker = bytes[offset]
        while offset < end, bytes[offset] == marker { offset += 1 }
        while offset < end, bytes[offset] == 0x20 || bytes[offset] == 0x09 { offset += 1 }
        return offset == end
    }

    /// Stream offset of the start of 1-based buffer `line`.
    func streamLineStart(_ line: Int) -> Int { streamOffset(lines.start(ofLine: line)) }

    /// Stream offset just past the content of 1-based buffer `line`.
    func streamContentEnd(_ line: Int) -> Int { streamOffset(lines.contentEnd(ofLine: line, in: bytes)) }

    /// Whether a blank line lies between two stream offsets: a line holding nothing but spaces,
    /// tabs and block-quote markers (`>`), so blank lines inside quotes count too.
    func hasBlankLine(between start: Int, and end: Int) -> Bool {
        bytes.hasBlankLine(between: start - base + prefixLength, and: end - base + prefixLength)
    }
}
