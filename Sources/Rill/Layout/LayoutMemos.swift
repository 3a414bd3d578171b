/// What a live view keeps between frames to lay out faster: the wraps of paragraphs still being
/// written, the layouts of closed blocks inside open containers, the hung lines of list items
/// being written and the highlighted lines of code blocks. None changes which lines a layout
/// gives, only how fast, but for the lines of a paragraph being written that the view let go
/// of (``WrapMemos/letGo(linesBefore:of:)``), which it never reads again: they come empty.
///
/// One reference in ``LayoutContext`` for both, as contexts are copied at every container.
final class LayoutMemos: Sendable {
    /// Styled spans and wraps of growing paragraphs.
    let wraps = WrapMemos()
    /// Layouts of closed blocks inside open containers.
    let closed = ClosedLayoutMemos()
    /// Hung lines of list items still being written.
    let hangs = HangMemos()
    /// Highlighted lines of code blocks being drawn (forgotten as blocks are committed, not
    /// swept).
    let highlights = HighlightMemos()

    /// Creates empty memos.
    init() {}

    /// Ends a frame: memos not used lately go.
    func sweep() {
        wraps.sweep()
        closed.sweep()
        hangs.sweep()
    }
}
