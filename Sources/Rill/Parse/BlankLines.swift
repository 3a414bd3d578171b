/// Blank lines in source bytes, as cmark sees them where a block may end.
extension RandomAccessCollection where Element == UInt8, Index == Int {
    /// Whether a blank line (only spaces, tabs and `>`) lies between two offsets
    /// (clamped to the bytes), a `\r\n` being one line ending.
    func hasBlankLine(between start: Int, and end: Int) -> Bool {
        let lower = Swift.max(0, Swift.min(start, count))
        let upper = Swift.max(lower, Swift.min(end, count))
        var lineIsBlank = false
        var index = lower
        while index < upper {
            switch self[index] {
            case 0x0A, 0x0D:
                if lineIsBlank { return true }
                lineIsBlank = true
                if self[index] == 0x0D, index + 1 < upper, self[index + 1] == 0x0A { index += 1 }
            case 0x20, 0x09, 0x3E:
                break
            default:
                lineIsBlank = false
            }
            index += 1
        }
        return false
    }
}
