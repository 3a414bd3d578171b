
/// The styled spans and wraps of paragraphs still being written, kept between frames so that a
/// paragraph growing at its end is styled again only from its first changed inline and wrapped
/// again only from its last lines (see ``TextWrapper/wrap(_:width:memo:)``).
///
/// A live view owns one and sweeps it once per frame: memos not used for two frames go. The
/// layout contexts that hold it (through ``LayoutMemos``) are values, and every copy shares this
/// one store: its memos are behind a lock, held while a paragraph is styled and wrapped (neither
/// looks up this store), so copies may use it from any thread.
final class WrapMemos: Sendable {
    /// A paragraph's inlines as last styled, with the spans each top-level inline gave. Styling
    /// reads the base style and the context's theme and options, and those never change for a
    /// store: it serves one live view, whose resizing changes only the width.
    private struct Styled {
        var inlines: [Inline]
        var base: TextStyle
        var spans: [Span]
        /// How many spans the inlines up to each top-level one gave.
        var ends: [Int]
        /// How many leading inlines are settled (``Block/settledInlines``): the next version
        /// of the paragraph starts with them too.
        var settled: Int
    }

    /// Values kept per paragraph, each with the frame it was last used in. A handful at a time
    /// (the paragraphs of the live region that changed lately), so a list searched from its end
    /// costs less than hashing an identity for each look-up.
    private struct Recent<Value> {
        private var entries: [(id: BlockID, value: Value, frame: Int)] = []

        var count: Int { entries.count }

        /// Takes the value kept for `id` out, so that the caller owns it alone.
        mutating func take(_ id: BlockID) -> Value? {
            guard let index = entries.lastIndex(where: { $0.id == id }) else { return nil }
            if index != entries.count - 1 { entries.swapAt(index, entries.count - 1) }
            return entries.removeLast().value
        }

        /// Keeps `value` for `id` (taken out before, or never kept).
        mutating func put(_ value: Value, for id: BlockID, frame: Int) {
            entries.append((id, value, frame))
        }

        /// Forgets the values last used before `frame`.
        mutating func forget(before frame: Int) {
            entries.removeAll { $0.frame < frame }
        }
    }

    /// The memos of the paragraphs lately styled and wrapped, and the frame count they are
    /// stamped with.
    private struct Store {
        private var memos = Recent<TextWrapper.Memo?>()
        private var styled = Recent<Styled>()
        private var frame = 0

        /// ``WrapMemos/spans(_:base:id:in:)``, made from these memos.
        mutating func spans(_ inlines: [Inline], base: TextStyle, id: BlockID, in context: LayoutContext) -> [Span] {
            styledSpans(inlines, base: base, id: id, in: context).spans
        }

        /// ``WrapMemos/lines(_:base:width:id:settled:in:)``, made from these memos.
        mutating func lines(_ inlines: [Inline], base: TextStyle, width: Int, id: BlockID, settled: Int = 0,
                            in context: LayoutContext) -> [StyledLine] {
            let styled = styledSpans(inlines, base: base, id: id, settled: settled, in: context)
            var memo = memos.take(id) ?? nil
            let lines = TextWrapper.wrap(styled.spans, width: width, memo: &memo, unchangedPrefix: styled.unchanged,
                                         grownFrom: styled.grownFrom)
            memos.put(memo, for: id, frame: frame)
            return lines
        }

        /// ``spans(_:base:id:in:)``, with how many spans at the start are those of the last call for
        /// `id` (the wrap of that call's spans is its memo, so they need no comparing), and the
        /// text of that call's last span when the last span only grew at its end (the wrap memo's
        /// last text, which the wrap then need not compare with the new one).
        private mutating func styledSpans(_ inlines: [Inline], base: TextStyle, id: BlockID, settled: Int = 0,
                                          in context: LayoutContext) -> (spans: [Span], unchanged: Int, grownFrom: String?) {
            var kept = 0
            var spans: [Span] = []
            var ends: [Int] = []
            if var previous = styled.take(id), previous.base == base {
                let common = min(previous.inlines.count, inlines.count)
                // Inlines settled in both versions are the same: not compared.
                kept = min(previous.settled, settled, common)
                assert(previous.inlines[..<kept] == inlines[..<kept], "settled inlines changed")
                while kept < common, WrapMemos.same(previous.inlines[kept], inlines[kept]) { kept += 1 }
                if let grown = WrapMemos.grownText(previous, to: inlines, from: kept) {
                    // Only the last inline changed, a plain text grown at its end: its span grows.
                    previous.inlines = inlines
                    previous.settled = settled
                    let grownFrom = previous.spans[previous.spans.count - 1].text
                    previous.spans[previous.spans.count - 1] = grown
                    let unchanged = previous.spans.count - 1
                    styled.put(previous, for: id, frame: frame)
                    return (previous.spans, unchanged, grownFrom)
                }
                // Taken out of the memo, so that cutting them back does not copy them.
                swap(&spans, &previous.spans)
                swap(&ends, &previous.ends)
                spans.removeSubrange((kept > 0 ? ends[kept - 1] : 0)...)
                ends.removeSubrange(kept...)
            }
            let unchanged = kept > 0 ? ends[kept - 1] : 0
            for inline in inlines[kept...] {
                spans += InlineStyler.spans([inline], base: base, in: context)
                ends.append(spans.count)
            }
            styled.put(Styled(inlines: inlines, base: base, spans: spans, ends: ends, settled: settled), for: id, frame: frame)
            return (spans, unchanged, nil)
        }

        /// ``WrapMemos/letGo(linesBefore:of:)``, in this store.
        mutating func letGo(linesBefore count: Int, of id: BlockID) {
            guard var memo = memos.take(id) ?? nil else { return }
            memo.letGo(linesBefore: count)
            memos.put(memo, for: id, frame: frame)
        }

        /// Ends a frame: forgets paragraphs not wrapped in this frame or the one before.
        mutating func sweep() {
            frame += 1
            if memos.count > 8 { memos.forget(before: frame - 2) }
            if styled.count > 8 { styled.forget(before: frame - 2) }
        }
    }

    private let store = LockedValue(Store())

    /// The spans of the paragraph `id`'s `inlines` over `base` (as ``InlineStyler/spans(_:base:in:)``
    /// gives them), styling again only the top-level inlines from the first that changed since
    /// the last call: each gives its spans regardless of the others.
    ///
    /// - Complexity: O(inlines compared + size of the inlines from the first change).
    func spans(_ inlines: [Inline], base: TextStyle, id: BlockID, in context: LayoutContext) -> [Span] {
        store.withLock { $0.spans(inlines, base: base, id: id, in: context) }
    }

    /// The paragraph `id`'s `inlines` over `base`, styled and wrapped to `width`: both from
    /// their memos (the wrap told which spans the styling kept, so it compares only the rest).
    ///
    /// - Complexity: O(inlines compared + size of the inlines from the first change + the text
    ///   the wrap lays out again).
    func lines(_ inlines: [Inline], base: TextStyle, width: Int, id: BlockID, settled: Int = 0,
               in context: LayoutContext) -> [StyledLine] {
        store.withLock { $0.lines(inlines, base: base, width: width, id: id, settled: settled, in: context) }
    }

    /// The span of `inlines`' last inline when it is the only one changed since `previous` and
    /// is a text that grew at its end by text of no control character, and the old text gave
    /// one span of itself: the same span grown, measured only in what was added (a cluster
    /// boundary on both sides of the join, so widths add up).
    ///
    /// - Complexity: O(text added), plus one comparison of the old text's bytes.
    private static func grownText(_ previous: Styled, to inlines: [Inline], from kept: Int) -> Span? {
        guard kept == inlines.count - 1, kept == previous.inlines.count - 1,
              case .text(let old) = previous.inlines[kept], case .text(let new) = inlines[kept],
              previous.ends[kept] - (kept > 0 ? previous.ends[kept - 1] : 0) == 1,
              let span = previous.spans.last, span.text.utf8Equals(old),
              new.utf8.count > old.utf8.count, new.utf8HasPrefix(old) else { return nil }
        let utf8 = new.utf8
        let added = String(new[utf8.index(utf8.startIndex, offsetBy: old.utf8.count)...])
        guard let before = old.unicodeScalars.last, let after = added.unicodeScalars.first,
              DisplayWidth.endsCluster(before), DisplayWidth.endsCluster(after),
              !ControlCharacters.contains(in: added) else { return nil }
        return Span(new, span.style, width: span.width + DisplayWidth.of(added))
    }

    /// Whether two inlines are the same, texts compared by their bytes: a paragraph's last text,
    /// grown since the last frame, differs in length, which `==` does not look at first when
    /// the text is not ASCII (it compares canonical equivalence, reading both texts).
    private static func same(_ a: Inline, _ b: Inline) -> Bool {
        if case .text(let x) = a, case .text(let y) = b { return x.utf8Equals(y) }
        return a == b
    }

    /// Lets the first `count` lines of paragraph `id`'s wrap go, as a live view does with the
    /// lines it committed: later wraps of the paragraph grown at its end give them empty (see
    /// ``TextWrapper/Memo/letGo(linesBefore:)``).
    func letGo(linesBefore count: Int, of id: BlockID) {
        store.withLock { $0.letGo(linesBefore: count, of: id) }
    }

    /// Creates an empty store.
    init() {}

    /// Ends a frame: forgets paragraphs not wrapped in this frame or the one before.
    func sweep() {
        store.withLock { $0.sweep() }
    }
}
