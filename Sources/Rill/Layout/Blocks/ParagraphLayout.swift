/// A paragraph: its inlines, styled, reflowed and wrapped to the width.
enum ParagraphLayout {
    /// The paragraph's lines; `id` lets a live view reuse the wrap of its previous version.
    static func lines(for inlines: [Inline], id: BlockID? = nil, in context: LayoutContext) -> [StyledLine] {
        if let id, let memos = context.wrapMemos {
            return memos.lines(inlines, base: context.theme.text, width: context.width, id: id, in: context)
        }
        return TextWrapper.wrap(InlineStyler.spans(inlines, base: context.theme.text, in: context), width: context.width)
    }
}
