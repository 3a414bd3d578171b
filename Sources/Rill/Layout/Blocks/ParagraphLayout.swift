/// A paragraph: its inlines, styled, reflowed and wrapped to the width.
enum ParagraphLayout {
    static func lines(for inlines: [Inline], in context: LayoutContext) -> [StyledLine] {
        let spans = InlineStyler.spans(inlines, base: context.theme.text, in: context)
        return TextWrapper.wrap(spans, width: context.width)
    }
}
