/// The lines cmark reads before a slice of the stream so that the slice parses as it does in
/// place, and the text checks that make it parse so.
///
/// A slice that starts inside a list item is parsed after an *item opener*: a marker with
/// nothing after it on its line whose content column is the item's (`-`, `   -`, `0.`, `000.`),
/// so cmark reads the lines that follow as that item's content (an item may begin with one
/// blank line). Every offset in the slice stays the stream's own: nothing is stripped. One
/// opener stands for every item the slice is nested in, as long as every line of the slice
/// that holds more than spaces and tabs is indented at least to the innermost item's column in
/// spaces (``isInside(_:column:)``): such a line is then inside all of them.
enum ResumeContext {
    /// An item opener whose content column is `column`, nothing after its marker: a bullet after
    /// up to three spaces (columns 2 to 5), else digits and `.` (to column 14); nil beyond.
    static func opener(column: Int) -> [UInt8]? {
        switch column {
        case 2...5:
            return [UInt8](repeating: 0x20, count: column - 2) + Array("-\n".utf8)
        case 6...14:
            let spaces = max(0, column - 11)
            return [UInt8](repeating: 0x20, count: spaces) + [UInt8](repeating: 0x30, count: column - spaces - 2)
                + Array(".\n".utf8)
        default:
            return nil
        }
    }

    /// The length of ``opener(column:)`` (its column: the marker's line ends at the content),
    /// nil where there is none.
    static func openerCount(column: Int) -> Int? {
        (2...14).contains(column) ? column : nil
    }

    /// The content column of the item whose marker is at `marker` on the line starting at
    /// `itemLine`: the marker's end plus the spaces after it (1 to 4; one when there are more,
    /// or when nothing follows). Nil when the line holds a tab before the content, or anything
    /// but spaces before the marker (a marker after another on the same line is not followed).
    static func contentColumn(_ source: [UInt8], itemLine: Int, marker: Int) -> Int? {
        guard marker >= itemLine, marker < source.count, source[itemLine..<marker].allSatisfy({ $0 == 0x20 }),
              let (_, rest) = ListMarkerSyntax.parse(source[marker...]) else { return nil }
        let spaces = rest.prefix { $0 == 0x20 }.count
        let after = rest.dropFirst(spaces)
        if after.first == 0x09 { return nil }
        let isBlank = after.first.map { $0 == 0x0A || $0 == 0x0D } ?? true
        guard spaces > 0 || isBlank else { return nil }
        return rest.startIndex - itemLine + (isBlank || spaces > 4 ? 1 : spaces)
    }

    /// The shortest header (empty cells) and delimiter rows of a table with `alignments`: rows
    /// parse after them exactly as after the table's own, as cmark-gfm reads a row knowing only
    /// the number of columns (cells past it are dropped, missing ones added empty) and the
    /// delimiter row gives the alignments.
    static func table(_ alignments: [ColumnAlignment]) -> [UInt8] {
        var header: [UInt8] = [0x7C], delimiter: [UInt8] = [0x7C]
        for alignment in alignments {
            header += " |".utf8
            switch alignment {
            case .none: delimiter += "-|".utf8
            case .left: delimiter += ":-|".utf8
            case .right: delimiter += "-:|".utf8
            case .center: delimiter += ":-:|".utf8
            }
        }
        return header + [0x0A] + delimiter + [0x0A]
    }

    /// A one-letter paragraph line standing in for the settled lines of a paragraph whose text
    /// starts `column` spaces in: the lines after it are read as its continuation lines, as
    /// they are in the whole paragraph.
    static func paragraphStandIn(column: Int) -> [UInt8] {
        [UInt8](repeating: 0x20, count: column) + [standInLetter, 0x0A]
    }

    /// The length of ``paragraphStandIn(column:)``.
    static func paragraphStandInCount(column: Int) -> Int { column + 2 }

    /// The letter of ``paragraphStandIn(column:)``.
    static let standInLetter: UInt8 = 0x78  // x

    /// The opening line of the fenced code block starting at `fence`, as a context line: its
    /// indentation as spaces, then the fence and info string. Nil when a tab comes before the
    /// fence on its line (its columns would not be the offsets).
    static func fenceOpener(_ source: [UInt8], fence: Int) -> [UInt8]? {
        let lineStart = source.lineStart(containing: fence)
        guard fence < source.count, !source[lineStart..<fence].contains(0x09) else { return nil }
        let end = source.lineContentEnd(from: fence)
        return [UInt8](repeating: 0x20, count: fence - lineStart) + source[fence..<end] + [0x0A]
    }

    /// Whether every line of `text` that holds more than spaces and tabs starts with `column`
    /// spaces: it is then inside an item of that content column, whatever came before.
    static func isInside(_ text: ArraySlice<UInt8>, column: Int) -> Bool {
        var index = text.startIndex
        while index < text.endIndex {
            var spaces = 0
            while index < text.endIndex, spaces < column, text[index] == 0x20 {
                spaces += 1
                index += 1
            }
            if spaces < column {
                while index < text.endIndex, text[index] == 0x20 || text[index] == 0x09 { index += 1 }
                if index < text.endIndex, text[index] != 0x0A, text[index] != 0x0D { return false }
            }
            while index < text.endIndex, text[index] != 0x0A, text[index] != 0x0D { index += 1 }
            if index < text.endIndex {
                index += text[index] == 0x0D && index + 1 < text.endIndex && text[index + 1] == 0x0A ? 2 : 1
            }
        }
        return true
    }

    /// Whether a line of `text` could be a table's delimiter row (only `|`, `:`, `-`, spaces
    /// and tabs, with a `-`): after a stand-in line it would be read against another header.
    static func mayHoldDelimiterRow(_ text: ArraySlice<UInt8>) -> Bool {
        var onlyRowBytes = true, hasDash = false
        for byte in text {
            switch byte {
            case 0x0A, 0x0D:
                if onlyRowBytes, hasDash { return true }
                onlyRowBytes = true
                hasDash = false
            case 0x2D: hasDash = true
            case 0x7C, 0x3A, 0x20, 0x09: continue
            default: onlyRowBytes = false
            }
        }
        return onlyRowBytes && hasDash
    }
}
