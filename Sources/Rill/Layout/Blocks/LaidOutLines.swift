/// The lines of a laid-out block, and how many of them (from the top) can no longer change.
public struct LaidOutLines: Equatable, Sendable {
    /// The block's lines.
    public var lines: [StyledLine]
    /// How many leading lines are settled: later input cannot change them. All of a closed
    /// block's lines are; an open block's settled lines may be committed to scrollback early.
    public var stableCount: Int

    /// Lines of a closed block: all settled.
    init(closed lines: [StyledLine]) {
        self.lines = lines
        self.stableCount = lines.count
    }

    init(lines: [StyledLine], stableCount: Int) {
        self.lines = lines
        self.stableCount = max(0, min(stableCount, lines.count))
    }

    /// These lines with a separating blank line before them. The separator is settled only with
    /// the first settled line after it: if what follows may still vanish (a block on the
    /// incomplete line held back), so must the blank line.
    func separated() -> LaidOutLines {
        LaidOutLines(lines: [.blank] + lines, stableCount: separatedStableCount)
    }

    /// How many of ``separated()``'s lines are settled.
    var separatedStableCount: Int {
        stableCount > 0 || lines.isEmpty ? stableCount + 1 : 0
    }

    /// Appends `part` below these lines: its settled lines count only when every line above
    /// them is settled (nothing below a line that may change is settled).
    mutating func append(_ part: LaidOutLines) {
        if stableCount == lines.count { stableCount += part.stableCount }
        lines += part.lines
    }
}
