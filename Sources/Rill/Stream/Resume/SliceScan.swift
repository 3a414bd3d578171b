/// What the checks that decide whether a level's slice can be parsed on its own found in the
/// slice's complete lines (``ResumePath/deepestUsableLevel(_:end:)``): every line stays inside
/// the item, no line may define a link reference, no line may be a table's delimiter row.
///
/// Each check holds for a slice when it holds for its lines one by one, so the lines read once
/// are not read again as the slice grows: a frame reads only the text that arrived since the
/// last, not the whole slice (which, in a long item, would make every frame cost its length).
struct SliceScan: Sendable, Equatable {
    /// The slice's first line and the item column it was read against (see ``matches(start:column:)``).
    private(set) var start: Int
    private(set) var column: Int
    /// Whether its lines are read for delimiter rows (a paragraph level's slice).
    let readsDelimiterRows: Bool
    /// Where the lines read so far end: just after a line feed, or `start`.
    private(set) var end: Int
    /// Whether every line read holds only spaces and tabs or starts with `column` spaces.
    private(set) var isInside = true
    /// Whether the lines read hold a `]:`.
    private(set) var mayDefine = false
    /// Whether a line read could be a table's delimiter row (read only when ``readsDelimiterRows``).
    private(set) var mayHoldDelimiterRow = false

    init(start: Int, column: Int, readsDelimiterRows: Bool) {
        self.start = start
        self.column = column
        self.readsDelimiterRows = readsDelimiterRows
        self.end = start
    }

    /// Whether this is a scan of the slice from `start` read against `column`.
    func matches(start: Int, column: Int) -> Bool {
        self.start == start && self.column == column
    }

    /// Whether the slice can be parsed on its own as far as the lines read say; once not, more
    /// lines cannot change it (and are not read).
    var isUsable: Bool {
        isInside && !mayDefine && !mayHoldDelimiterRow
    }

    /// The checks over the text up to `limit`: the lines read, then the text after them.
    ///
    /// - Complexity: O(limit − ``end``).
    func reading(_ source: [UInt8], to limit: Int) -> SliceScan {
        var scan = self
        guard limit > end, isUsable else { return scan }
        let rest = source[end..<limit]
        scan.isInside = ResumeContext.isInside(rest, column: column)
        scan.mayDefine = scan.isInside && DefinitionCarrier.mayDefine(rest, outside: nil)
        scan.mayHoldDelimiterRow = readsDelimiterRows && scan.isInside && !scan.mayDefine
            && ResumeContext.mayHoldDelimiterRow(rest)
        return scan
    }

    /// Reads on through the complete lines before `lineEnd`, the end of a line (just after a
    /// line feed): the last line, incomplete, may still turn into one that fails a check, or
    /// stop failing one, and is read by each ``reading(_:to:)`` instead.
    ///
    /// - Complexity: O(lineEnd − ``end``).
    mutating func readLines(_ source: [UInt8], through lineEnd: Int) {
        guard isUsable, lineEnd > end else { return }
        var read = reading(source, to: lineEnd)
        read.end = lineEnd
        self = read
    }
}
