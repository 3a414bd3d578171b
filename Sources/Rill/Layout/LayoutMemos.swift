/// What a live view keeps between frames to lay out faster: the wraps of paragraphs still being
/// written, the layouts of closed blocks inside open containers and the hung lines of list items
/// being written. None changes which lines a layout gives, only how fast.
///
/// One reference in ``LayoutContext`` for both, as contexts are copied at every container.
final class LayoutMemos: Sendable {
    /// Styled spans and wraps of growing paragraphs.
    let wraps = WrapMemos()
    /// Layouts of closed blocks inside open containers.
    let closed = ClosedLayoutMemos()
    /// Hung lines of list items still being written.
    let hangs = HangMemos()

    /// Creates empty memos.
    init() {}

    /// Ends a frame: memos not used lately go.
    func sweep() {
        wraps.sweep()
        closed.sweep()
        hangs.sweep()
    }
}
