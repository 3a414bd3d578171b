/// A part's lines as a live layout draws them: the lines laid out, and whether the blank line
/// that separates the block from the one above goes before them.
///
/// The blank line is kept apart, not prepended (``LaidOutLines/separated()``): a paragraph
/// being written is laid out again at every frame, and a copy of all its lines behind a blank
/// line would cost what the paragraph holds, not what arrived.
struct PartLines {
    var laidOut: LaidOutLines
    var separated: Bool

    /// How many lines the part draws, the blank line included.
    var count: Int { laidOut.lines.count + (separated ? 1 : 0) }

    /// How many leading lines are settled, the blank line counted as ``LaidOutLines/separated()``
    /// counts it.
    var stableCount: Int { separated ? laidOut.separatedStableCount : laidOut.stableCount }

    /// Appends the part's lines from line `start` (the blank line is line 0 when there is one).
    ///
    /// - Complexity: O(lines appended).
    func append(to lines: inout FrameLines, from start: Int) {
        var start = start
        if separated {
            if start == 0 { lines.append(.blank) } else { start -= 1 }
        }
        lines.append(contentsOf: laidOut.lines[min(start, laidOut.lines.count)...])
    }
}
