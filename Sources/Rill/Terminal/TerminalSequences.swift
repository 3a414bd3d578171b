/// The escape sequences Rill itself writes, and nothing else: relative cursor movement (rows up and
/// down, columns right, to a column of the row), line and
/// below-cursor erasure, inserting and deleting characters within a line, cursor visibility, and
/// synchronized output. No full-screen clear, no alternate screen, no scroll region.
public enum TerminalSequences {
    static let hideCursor = Array("\u{1B}[?25l".utf8)
    static let showCursor = Array("\u{1B}[?25h".utf8)
    /// DEC private mode 2026: the terminal shows the frame only when it is complete.
    static let beginSynchronized = Array("\u{1B}[?2026h".utf8)
    static let endSynchronized = Array("\u{1B}[?2026l".utf8)
    /// EL 0: erase from the cursor to the end of the line.
    static let eraseLineRight = Array("\u{1B}[K".utf8)
    /// Erases the cursor's row, at its start, and every row below: EL 0, then ED 0 from the row's
    /// second column (CHA 2), then back to the row's start. ED 0 from the top left corner is a
    /// full-screen clear, which tmux (`scroll-on-clear`, on by default) answers by copying the
    /// screen into its scrollback; from the second column of an erased row it erases the same cells.
    static let eraseBelow = Array("\u{1B}[K\u{1B}[2G\u{1B}[J\r".utf8)
    static let newline = Array("\r\n".utf8)
    static let carriageReturn: [UInt8] = [0x0D]

    /// CUU: `count` rows up, stopping at the top of the screen.
    static func up(_ count: Int) -> [UInt8] { count > 0 ? Array("\u{1B}[\(count)A".utf8) : [] }
    /// CUD: `count` rows down, stopping at the bottom of the screen (never scrolls).
    static func down(_ count: Int) -> [UInt8] { count > 0 ? Array("\u{1B}[\(count)B".utf8) : [] }
    /// The rest of the row from the cursor moved by `count` cells: ICH inserts `count` blank
    /// cells (what passes the right margin is lost), DCH for a negative `count` takes `-count`
    /// cells out (blank cells come in at the right margin); nothing for 0.
    static func shiftCharacters(_ count: Int) -> [UInt8] {
        count == 0 ? [] : Array("\u{1B}[\(abs(count))\(count > 0 ? "@" : "P")".utf8)
    }
    /// CUF: `count` columns right, stopping at the right margin.
    static func right(_ count: Int) -> [UInt8] { count > 0 ? Array("\u{1B}[\(count)C".utf8) : [] }
    /// CHA: to 0-based `column` of the current row.
    static func column(_ column: Int) -> [UInt8] { Array("\u{1B}[\(column + 1)G".utf8) }
}
