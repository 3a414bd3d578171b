/// The wraps of paragraphs still being written, kept between frames so that a paragraph growing
/// at its end is wrapped again only from its last lines (see ``TextWrapper/wrap(_:width:memo:)``).
///
/// A live view owns one and sweeps it once per frame: memos not used for two frames go.
public final class WrapMemos: @unchecked Sendable {
    // Used from one thread at a time: the live view that owns it.
    private var memos: [BlockID: (memo: TextWrapper.Memo?, frame: Int)] = [:]
    private var frame = 0

    /// Creates an empty store.
    public init() {}

    /// Wraps `spans` for the paragraph `id`, from where its last wrap can be reused.
    func wrap(_ spans: [Span], width: Int, id: BlockID) -> [StyledLine] {
        // Taken out, so that the wrap can carry on with the memo's buffers without copying them.
        var memo = memos.removeValue(forKey: id)?.memo
        let lines = TextWrapper.wrap(spans, width: width, memo: &memo)
        memos[id] = (memo, frame)
        return lines
    }

    /// Ends a frame: forgets paragraphs not wrapped in this frame or the one before.
    public func sweep() {
        frame += 1
        if memos.count > 8 { memos = memos.filter { $0.value.frame >= frame - 2 } }
    }
}
