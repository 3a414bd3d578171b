/// A paragraph: its inlines, styled, reflowed and wrapped to the width.
enum ParagraphLayout {
    /// The paragraph's lines; `id` lets a live view reuse the wrap of its previous version, and
    /// `settled` says how many leading inlines every version shares (``Block/settledInlines``).
    static func lines(for inlines: [Inline], id: BlockID? = nil, settled: Int = 0, in context: LayoutContext) -> [StyledLine] {
        if let id, let memos = context.memos?.wraps {
            return memos.lines(inlines, base: context.theme.text, width: context.width, id: id, settled: settled,
                               in: context)
        }
        return TextWrapper.wrap(InlineStyler.spans(inlines, base: context.theme.text, in: context), width: context.width)
    }
}
