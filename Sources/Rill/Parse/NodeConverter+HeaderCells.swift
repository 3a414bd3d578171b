/// Header cells' own ranges. cmark-gfm positions the header row at a preceding paragraph's
/// line when the table split one, so its cells are measured from the header line itself.
extension NodeConverter {
    /// The ranges of the cells of a header row spanning `row` (stream offsets): the text between
    /// unescaped pipes, spaces included, as body cells are reported. Nil when the line does not
    /// split into `count` cells (the row's range then stands for each cell).
    ///
    /// - Complexity: O(n) in the length of the header line.
    func headerCellRanges(row: Range<Int>, count: Int) -> [Range<Int>]? {
        let shift = mapper.prefixLength - mapper.base
        let end = row.upperBound + shift
        var offset = row.lowerBound + shift
        guard offset >= 0, end <= mapper.bytes.count, offset < end else { return nil }
        let pipe = UInt8(ascii: "|")
        if mapper.bytes[offset] == pipe { offset += 1 }
        var cells: [Range<Int>] = []
        var cellStart = offset
        while offset < end {
            let byte = mapper.bytes[offset]
            if byte == UInt8(ascii: "\\") {
                offset += 2
                continue
            }
            if byte == pipe {
                cells.append(cellStart - shift..<offset - shift)
                cellStart = offset + 1
            }
            offset += 1
        }
        let rest = mapper.bytes[cellStart..<end]
        if rest.contains(where: { $0 != 0x20 && $0 != 0x09 }) { cells.append(cellStart - shift..<end - shift) }
        return cells.count == count ? cells : nil
    }
}
