/// The bounds Rill puts on what it builds from its input, so that hostile text (a model's output
/// is untrusted) costs time and memory proportional to its length and cannot overflow the stack.
public enum ParseLimits {
    /// Widest table, in columns. A delimiter row with more columns is not one: the lines stay a
    /// paragraph. cmark-gfm gives every body row one cell per column, however short the row, so
    /// this also bounds the cells a table can make per byte of input (`maxTableColumns / 2`).
    public static let maxTableColumns = 32
    /// Deepest nesting of block quotes, lists and list items kept as such. Blocks nested deeper
    /// are children of their ancestor at this depth, marked ``Block/isFlattenedNesting`` and drawn
    /// behind a `»`.
    public static let maxContainerDepth = 32
    /// Deepest nesting of emphasis, strong, strikethrough, links and images kept as such; deeper
    /// inlines become their ancestor's content.
    public static let maxInlineDepth = 32
}
