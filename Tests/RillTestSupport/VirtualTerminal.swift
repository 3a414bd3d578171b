import Rill

/// A small terminal emulator for tests: interprets exactly the sequences Rill writes (text,
/// CR, LF, CUU, CUD, CUF, CUB, CHA, ICH, DCH, EL, ED 0, SGR, OSC 8, private modes) and keeps the screen plus the
/// lines scrolled off its top, like a real terminal's scrollback. Characters take the columns
/// ``DisplayWidth`` gives them; a line is not reflowed on resize. Its height may change as
/// tmux's does (see ``resize(height:)``).
///
/// Anything else — a sequence Rill must never send — is recorded in ``violations``, and so is
/// ED 0 from the top left corner: it clears the whole screen, which tmux (`scroll-on-clear`)
/// answers by copying the screen into its scrollback.
///
/// Each cell also keeps the attributes it was written with (the SGR parameters since the last
/// reset), and blanks made by an erase, an insertion, a deletion or a scroll take the attributes
/// set at that moment, as terminals fill them with the current background: ``styledTranscript``
/// shows where the live view's attributes differ from the batch render's.
public struct VirtualTerminal {
    public let width: Int
    public private(set) var height: Int
    /// Lines that scrolled off the top.
    public private(set) var scrollback: [[String?]] = []
    /// The visible rows; a wide character's second cell is nil; a zero-width character joins
    /// the cell before it.
    public private(set) var screen: [[String?]]
    /// The attributes of each cell of ``scrollback`` and ``screen`` ("" when none are set).
    private var scrollbackStyles: [[String]] = []
    private var styles: [[String]]
    /// The attributes set now: SGR parameters since the last reset.
    private var pen = ""
    public private(set) var row = 0
    public private(set) var column = 0
    /// The cursor sits past the last column, waiting to wrap on the next character.
    private var pendingWrap = false
    /// Sequences that Rill should never send, in the order seen.
    public private(set) var violations: [String] = []
    /// How far up the cursor went above the top of the screen, summed (must stay 0).
    public private(set) var rowsAboveTop = 0
    /// Whether edits cutting a wide character in two are caught (see ``cuts``).
    private let catchesCuts: Bool
    /// When ``catchesCuts``: every insertion, deletion or erase that starts or ends inside a wide
    /// character, and every character written over a wide one's right half, in the order seen.
    /// Terminals differ on what an orphaned half becomes (tmux blanks the wide character beside
    /// which one is next overwritten), so an edit must never make one.
    public private(set) var cuts: [String] = []

    /// How many columns this terminal draws a character in: ``DisplayWidth``'s count unless told
    /// otherwise, to play a terminal whose width table differs from Rill's (an older one drawing
    /// an emoji one column wide).
    private let columnsOf: @Sendable (Character) -> Int

    /// An older terminal's widths: every emoji that is one scalar, and that Rill counts two
    /// columns wide outside the CJK ranges, is drawn one column wide (`✅`, `🔴`).
    public static let narrowEmoji: @Sendable (Character) -> Int? = { character in
        let scalars = character.unicodeScalars
        guard scalars.count == 1, let scalar = scalars.first, scalar.value >= 0x2000,
              !(0x3000...0x9FFF).contains(scalar.value), !(0xAC00...0xD7A3).contains(scalar.value),
              !(0xF900...0xFFEF).contains(scalar.value), !(0x20000...0x3FFFD).contains(scalar.value),
              DisplayWidth.of(character) == 2 else { return nil }
        return 1
    }

    /// Creates a blank terminal; `columnsOf` overrides the width of the characters it answers for.
    /// With `catchesCuts`, edits that cut a wide character are recorded in ``cuts``, and a
    /// character written over part of a wide one blanks all of it, as terminals do.
    public init(width: Int, height: Int, columnsOf: (@Sendable (Character) -> Int?)? = nil, catchesCuts: Bool = false) {
        self.width = width
        self.height = height
        self.catchesCuts = catchesCuts
        self.columnsOf = { character in columnsOf?(character) ?? DisplayWidth.of(character) }
        self.screen = Array(repeating: Array(repeating: " ", count: width), count: height)
        self.styles = Array(repeating: Array(repeating: "", count: width), count: height)
    }

    /// Feeds bytes written to the terminal.
    public mutating func feed(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        var scalars = Array(text.unicodeScalars)[...]
        var printable = ""
        func flush() {
            for character in printable { put(character) }
            printable = ""
        }
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\u{1B}":
                flush()
                escape(&scalars)
            case "\r":
                flush()
                column = 0
                pendingWrap = false
            case "\n":
                flush()
                lineFeed()
            default:
                if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) {
                    flush()
                    violations.append("control U+\(String(scalar.value, radix: 16))")
                } else {
                    printable.unicodeScalars.append(scalar)
                }
            }
        }
        flush()
    }

    /// Every line: scrollback, then the screen, trailing spaces removed.
    public var transcript: [String] {
        (scrollback + screen).map { cells in
            var line = cells.compactMap { $0 }.joined()
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// Every line as ``transcript`` gives it, each change of attributes shown in the text as
    /// `⟦parameters⟧` (`⟦⟧` for none); trailing blanks without attributes removed.
    public var styledTranscript: [String] {
        zip(scrollback + screen, scrollbackStyles + styles).map { cells, looks in
            var end = cells.count
            while end > 0, cells[end - 1] == " " || cells[end - 1] == nil, looks[end - 1] == "" { end -= 1 }
            var line = ""
            var look = ""
            for index in 0..<end {
                guard let cell = cells[index] else { continue }
                if looks[index] != look {
                    look = looks[index]
                    line += "⟦\(look)⟧"
                }
                line += cell
            }
            return line
        }
    }

    private mutating func put(_ character: Character) {
        let columns = columnsOf(character)
        if columns == 0 {
            // Joins the character before it, as terminals draw it.
            var index = column - (pendingWrap ? 0 : 1)
            while index > 0, screen[row][index] == nil { index -= 1 }
            if index >= 0 { screen[row][index] = (screen[row][index] ?? "") + String(character) }
            return
        }
        if pendingWrap || column + columns > width {
            column = 0
            lineFeed()
        }
        if catchesCuts {
            if screen[row][column] == nil { cuts.append("\(character) written over a right half at column \(column)") }
            for cell in column..<min(width, column + columns) { blankWideCharacter(at: cell) }
        }
        screen[row][column] = String(character)
        styles[row][column] = pen
        for extra in 1..<columns where column + extra < width {
            screen[row][column + extra] = nil
            styles[row][column + extra] = pen
        }
        column += columns
        if column >= width {
            column = width - 1
            pendingWrap = true
        }
    }

    /// Changes the number of rows as tmux does: fewer rows take the rows below the cursor first,
    /// then push the top rows into the scrollback (the cursor's row stays on screen); more rows
    /// bring the last lines of the scrollback back above, then add blank rows below.
    public mutating func resize(height newHeight: Int) {
        let newHeight = max(1, newHeight)
        if newHeight < height {
            let belowCursor = min(height - 1 - row, height - newHeight)
            screen.removeLast(belowCursor)
            styles.removeLast(belowCursor)
            let pushed = screen.count - newHeight
            scrollback += screen.prefix(pushed)
            scrollbackStyles += styles.prefix(pushed)
            screen.removeFirst(pushed)
            styles.removeFirst(pushed)
            row -= pushed
        } else if newHeight > height {
            let pulled = min(newHeight - height, scrollback.count)
            screen.insert(contentsOf: scrollback.suffix(pulled), at: 0)
            styles.insert(contentsOf: scrollbackStyles.suffix(pulled), at: 0)
            scrollback.removeLast(pulled)
            scrollbackStyles.removeLast(pulled)
            row += pulled
            let added = newHeight - screen.count
            screen += Array(repeating: Array(repeating: " ", count: width), count: added)
            styles += Array(repeating: Array(repeating: "", count: width), count: added)
        }
        height = newHeight
    }

    /// Blanks the wide character that cell `cell` of the cursor's row is part of, if any.
    private mutating func blankWideCharacter(at cell: Int) {
        var start = cell
        while start > 0, screen[row][start] == nil { start -= 1 }
        // A wide character is a cell followed by its second half (nil).
        guard start + 1 < width, screen[row][start + 1] == nil else { return }
        screen[row][start] = " "
        var next = start + 1
        while next < width, screen[row][next] == nil {
            screen[row][next] = " "
            next += 1
        }
    }

    /// Records in ``cuts`` an edit `what` whose cells start at `start` and end at `end` (the
    /// cursor's row) when either is inside a wide character.
    private mutating func checkEdges(_ what: String, _ start: Int, _ end: Int) {
        guard catchesCuts else { return }
        if start < width, screen[row][start] == nil { cuts.append("\(what) starting inside a wide character at column \(start)") }
        if end < width, end > start, screen[row][end] == nil { cuts.append("\(what) ending inside a wide character at column \(end)") }
    }

    private mutating func lineFeed() {
        pendingWrap = false
        if row == height - 1 {
            scrollback.append(screen.removeFirst())
            screen.append(Array(repeating: " ", count: width))
            scrollbackStyles.append(styles.removeFirst())
            styles.append(Array(repeating: pen, count: width))
        } else {
            row += 1
        }
    }

    private mutating func escape(_ scalars: inout ArraySlice<Unicode.Scalar>) {
        guard let kind = scalars.popFirst() else { return }
        if kind == "]" {
            // OSC: up to BEL or ESC \.
            var body = ""
            while let next = scalars.popFirst() {
                if next == "\u{07}" { break }
                if next == "\u{1B}" { _ = scalars.popFirst(); break }
                body.unicodeScalars.append(next)
            }
            if !body.unicodeScalars.starts(with: "8;".unicodeScalars) { violations.append("OSC \(body)") }
            return
        }
        guard kind == "[" else {
            violations.append("ESC \(kind)")
            return
        }
        var parameters = ""
        var final: Unicode.Scalar = " "
        while let next = scalars.popFirst() {
            if (0x40...0x7E).contains(next.value) { final = next; break }
            parameters.unicodeScalars.append(next)
        }
        let number = Int(parameters) ?? 1
        switch final {
        case "m":
            if parameters.isEmpty || parameters == "0" {
                pen = ""
            } else if parameters.hasPrefix("0;") {
                pen = String(parameters.dropFirst(2))
            } else {
                pen += (pen.isEmpty ? "" : ";") + parameters
            }
        case "A":
            pendingWrap = false
            if number > row { rowsAboveTop += number - row }
            row = max(0, row - number)
        case "B":
            pendingWrap = false
            row = min(height - 1, row + number)
        case "C", "D":
            // CUF and CUB: from the last column while waiting to wrap, as xterm does.
            pendingWrap = false
            column = min(width - 1, max(0, column + (final == "C" ? number : -number)))
        case "G":
            pendingWrap = false
            column = min(width - 1, max(0, number - 1))
        case "@", "P":
            // ICH and DCH: cells inserted (blank) or deleted at the cursor, the rest of the row
            // moved; a wide character cut in two by either leaves blanks.
            pendingWrap = false
            checkEdges(final == "@" ? "ICH \(number)" : "DCH \(number)", column,
                       final == "@" ? column : min(width, column + number))
            var cells = screen[row]
            var looks = styles[row]
            if final == "@" {
                cells.insert(contentsOf: Array(repeating: " ", count: min(number, width - column)), at: column)
                cells.removeLast(cells.count - width)
                looks.insert(contentsOf: Array(repeating: pen, count: min(number, width - column)), at: column)
                looks.removeLast(looks.count - width)
                // A wide character whose second half went past the margin.
                if let last = cells[width - 1], columnsOf(Character(last)) == 2 { cells[width - 1] = " " }
            } else {
                cells.removeSubrange(column..<min(width, column + number))
                cells += Array(repeating: " ", count: width - cells.count)
                looks.removeSubrange(column..<min(width, column + number))
                looks += Array(repeating: pen, count: width - looks.count)
            }
            // The second half of a wide character whose first half was deleted.
            if cells[column] == nil { cells[column] = " " }
            screen[row] = cells
            styles[row] = looks
        case "K":
            guard parameters.isEmpty || parameters == "0" else { violations.append("EL \(parameters)"); return }
            checkEdges("EL", column, width)
            for index in column..<width {
                screen[row][index] = " "
                styles[row][index] = pen
            }
        case "J":
            guard parameters.isEmpty || parameters == "0" else { violations.append("ED \(parameters)"); return }
            if row == 0, column == 0 { violations.append("ED 0 from the top left corner (a full-screen clear)") }
            for index in column..<width {
                screen[row][index] = " "
                styles[row][index] = pen
            }
            for below in (row + 1)..<height {
                screen[below] = Array(repeating: " ", count: width)
                styles[below] = Array(repeating: pen, count: width)
            }
        case "h", "l":
            if !["?25", "?2026"].contains(parameters) { violations.append("mode \(parameters)\(final)") }
        default:
            violations.append("CSI \(parameters)\(final)")
        }
    }
}
