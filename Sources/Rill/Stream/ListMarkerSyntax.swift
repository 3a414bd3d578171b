/// What a list item marker is in CommonMark: a bullet (`-`, `+`, `*`) or 1 to 9 digits and `.`
/// or `)`. A marker starts an item only with a space or tab after it, which callers check.
enum ListMarkerSyntax {
    /// The marker `content` starts with, a bullet (returned) or an ordered marker (bullet nil),
    /// and the bytes after it; nil when it starts with none.
    static func parse(_ content: ArraySlice<UInt8>) -> (bullet: UInt8?, rest: ArraySlice<UInt8>)? {
        guard let first = content.first else { return nil }
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "*") {
            return (first, content.dropFirst())
        }
        let digits = content.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
        let marker = content.dropFirst(digits)
        guard (1...9).contains(digits), let delimiter = marker.first,
              delimiter == UInt8(ascii: ".") || delimiter == UInt8(ascii: ")") else { return nil }
        return (nil, marker.dropFirst())
    }

    /// Whether the incomplete `line`, where a parse makes it start a list item, starts that
    /// item whatever follows on it: up to 3 spaces, a marker, a space, then something other
    /// than spaces, and for a bullet something other than spaces and the bullet's character.
    /// No more text makes that an empty item, a setext underline (`--`) or a thematic break
    /// (`* **` is one until a letter follows).
    static func startsItemForGood(_ line: ArraySlice<UInt8>) -> Bool {
        guard let rest = afterIndent(line), let (bullet, after) = parse(rest), after.first == 0x20 else { return false }
        return after.contains { $0 != 0x20 && $0 != 0x09 && $0 != bullet }
    }

    /// Whether the incomplete `line`, where a parse makes it start a table row, starts that row
    /// whatever follows: up to 3 spaces, `|`, then something other than spaces (a row of at
    /// least one cell, which no block start interrupts; `|` alone is no row and ends the table).
    static func startsRowForGood(_ line: ArraySlice<UInt8>) -> Bool {
        guard let rest = afterIndent(line), rest.first == UInt8(ascii: "|") else { return false }
        return rest.dropFirst().contains { $0 != 0x20 && $0 != 0x09 }
    }

    /// `line` after up to 3 spaces; nil when it is indented 4 or more (code, or a continuation).
    private static func afterIndent(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        var rest = line
        var indent = 0
        while rest.first == 0x20, indent < 4 {
            rest = rest.dropFirst()
            indent += 1
        }
        return indent < 4 ? rest : nil
    }
}
