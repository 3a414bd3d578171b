/// The line being written in a fenced code block, grown by more of its text: shown by adding
/// the new bytes to the last view's open line, without a parse, when that is exactly what a
/// parse would show.
///
/// Inside a fenced code block every byte of a line is its text, but for the indentation cmark
/// takes off (up to the fence's) and a closing fence. So once the line shows as its bytes (its
/// indentation plain spaces) and holds a character other than a space, tab or `>` that is not
/// the fence's character, bytes added without a line ending go to its end as they are: no
/// closing fence can start it any more (nor does the preview's hold-back, which reads `>` as a
/// quote marker, take it for one), and nothing else ends a fenced block at the top level. A code
/// answer written token by token then costs a parse per line, not per frame.
enum CodeLineExtension {
    /// Where the last view's open code line can be extended from.
    struct Mark: Sendable, Equatable {
        /// Start of the line being written.
        var lineStart: Int
        /// How far the source was when the view was made.
        var end: Int
    }

    /// The mark of `view`, whose growing block is a fenced code block showing the line that
    /// starts at `lineStart` (the incomplete last line of `source`) and is fenced with `fence`;
    /// nil when added bytes may change more than the line's end.
    ///
    /// - Complexity: O(the line's length).
    static func mark(_ view: OpenTail, source: [UInt8], lineStart: Int, fence: UInt8) -> Mark? {
        guard view.trailing.isEmpty, let growing = view.growing, growing.head.range.upperBound == source.count,
              case .code(_, let openLine?) = growing.content else { return nil }
        let shown = Array(openLine.utf8)
        let textStart = source.count - shown.count
        guard textStart >= lineStart, source[lineStart..<textStart].allSatisfy({ $0 == 0x20 }),
              source[textStart...].elementsEqual(shown),
              let first = TailStabilizer.content(of: source[lineStart...]).first, first != fence,
              !shown.contains(0x0D) else { return nil }
        return Mark(lineStart: lineStart, end: source.count)
    }

    /// `view` with the bytes after the mark added to its open code line, and the mark for the
    /// next frame; nil when they hold a line ending.
    ///
    /// - Complexity: O(the bytes added).
    static func extended(_ view: OpenTail, mark: Mark, source: [UInt8]) -> (OpenTail, Mark)? {
        guard mark.end < source.count, var growing = view.growing,
              case .code(let lines, let openLine?) = growing.content else { return nil }
        let added = source[mark.end...]
        guard !added.contains(0x0A), !added.contains(0x0D) else { return nil }
        growing.content = .code(lines: lines, openLine: openLine + String(decoding: added, as: UTF8.self))
        growing.head.range = growing.head.range.lowerBound..<source.count
        var extended = view
        extended.growing = growing
        return (extended, Mark(lineStart: mark.lineStart, end: source.count))
    }
}
