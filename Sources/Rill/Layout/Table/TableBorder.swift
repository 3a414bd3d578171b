/// The box-drawing characters of a table's rules.
///
/// Only characters of the IBM PC set (CP437) are used, so the Linux console's default font
/// draws them too; the header rule is double (`╞═╪═╡`) rather than heavy for that reason.
struct TableBorder {
    let left: String
    let fill: String
    let junction: String
    let right: String

    /// The rule above the header.
    static let top = TableBorder(left: "┌", fill: "─", junction: "┬", right: "┐")
    /// The rule under the header.
    static let header = TableBorder(left: "╞", fill: "═", junction: "╪", right: "╡")
    /// The rule between data rows.
    static let between = TableBorder(left: "├", fill: "─", junction: "┼", right: "┤")
    /// The rule below the last row.
    static let bottom = TableBorder(left: "└", fill: "─", junction: "┴", right: "┘")
    /// The line between cells and at both sides of a row.
    static let vertical = "│"

    /// A rule over columns of `widths`, each widened by one column of padding on both sides.
    func line(widths: [Int], style: TextStyle) -> StyledLine {
        var text = left
        for (index, width) in widths.enumerated() {
            if index > 0 { text += junction }
            text += String.repeating(fill, count: width + 2)
        }
        text += right
        // Every character of a border is one column wide.
        return StyledLine([Span(text, style, width: widths.reduce(0, +) + 3 * widths.count + 1)])
    }

    /// A rule `width` columns wide that opens on the left and runs to the right edge.
    func open(width: Int, style: TextStyle) -> StyledLine {
        guard width > 0 else { return .blank }
        return StyledLine([Span(left + String.repeating(fill, count: width - 1), style, width: width)])
    }
}
