/// Lays out a whole document: top-level blocks one after another, a blank line between them.
public enum DocumentLayout {
    /// Every line of `blocks` at `context.width`, as a batch render prints them.
    ///
    /// - Complexity: O(n) in the size of the document.
    public static func lines(for blocks: [Block], in context: LayoutContext) -> [StyledLine] {
        var lines: [StyledLine] = []
        for (index, block) in blocks.enumerated() {
            lines += self.lines(for: block, at: index, in: context)
        }
        return lines
    }

    /// The lines a top-level block contributes at position `index`: a separating blank line
    /// (except for the first block), then its own lines.
    public static func lines(for block: Block, at index: Int, in context: LayoutContext) -> [StyledLine] {
        layout(block, at: index, in: context, settlement: .settled).lines
    }

    /// Like ``lines(for:at:in:)`` for a block that may still be open, as settled as `settlement`
    /// says (see ``BlockLayout``, ``MarkdownStream/settlement(ofOpen:)``).
    public static func layout(_ block: Block, at index: Int, in context: LayoutContext,
                              settlement: Settlement) -> LaidOutLines {
        let laidOut = BlockLayout.layout(block, in: context, settlement: settlement)
        return index > 0 ? laidOut.separated() : laidOut
    }
}
