/// Placeholder until the table layout lands: one line of cell texts per row.
enum TableLayout {
    static func layout(_ table: Block, in context: LayoutContext, open: OpenState?) -> LaidOutLines {
        let lines = table.children.flatMap { row in
            TextWrapper.wrap([Span(row.children.map { ($0.kind.inlines ?? []).plainText }.joined(separator: " | "))], width: context.width)
        }
        return LaidOutLines(lines: lines, stableCount: open == nil ? lines.count : 0)
    }
}
