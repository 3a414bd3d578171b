
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
        /// The stream's growing text that ``inlines`` end with, let go of after the frame (an
        /// empty text in its place), and whether the last span's text (then empty too) was it.
        var textLetGo: LetGoText? = nil
        var spanLetGo = false

        /// Lets go of the last inline's text when it is `growth`'s growing text, and of the last
        /// span's when it is the same.
        mutating func letGo(_ growth: GrowingTextFrame) {
            guard textLetGo == nil, case .text(let text)? = inlines.last, let held = growth.letGo(text) else { return }
            spanLetGo = spans.last?.text.sharesStorage(with: text) == true
            inlines.editLastText { $0 = "" }
            if spanLetGo { spans[spans.count - 1].replaceTextKeepingWidth("") }
            textLetGo = held
        }

        /// Puts back `text`, the growing text let go of.
        mutating func takeBack(_ text: String) {
            inlines.editLastText { $0 = text }
            if spanLetGo { spans[spans.count - 1].replaceTextKeepingWidth(text) }
            textLetGo = nil
            spanLetGo = false
        }
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

        /// Edits every value where it is kept, forgetting those for which `edit` says false.
        mutating func edit(_ edit: (inout Value) -> Bool) {
            var index = entries.count
            while index > 0 {
                index -= 1
                if !edit(&entries[index].value) { entries.remove(at: index) }
            }
        }
    }

    /// The memos of the paragraphs lately styled and wrapped, and the frame count they are
    /// stamped with.
    private struct Store {
        private var memos = Recent<TextWrapper.Memo?>()
        private var styled = Recent<Styled>()
        private var frame = 0
        /// The stream's growing text this frame (see ``begin(_:)``).
        private var growth = GrowingTextFrame()

        /// ``WrapMemos/begin(_:)``, in this store.
        mutating func begin(_ growth: GrowingTextFrame) {
            self.growth = growth
            styled.edit { styled in
                guard let held = styled.textLetGo else { return true }
                return growth.keeps(held) { styled.takeBack($0) }
            }
            memos.edit { memo in
                guard let held = memo?.textLetGo else { return true }
                return growth.keeps(held) { memo?.takeBack($0) }
            }
        }

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
                                         grownFrom: styled.grownFrom, grownFromLength: styled.grownFromLength,
                                         grownBy: styled.added)
            memos.put(memo, for: id, frame: frame)
            return lines
        }

        /// ``spans(_:base:id:in:)``, with how many spans at the start are those of the last call for
        /// `id` (the wrap of that call's spans is its memo, so they need no comparing), and the
        /// text of that call's last span when the last span only grew at its end (the wrap memo's
        /// last text, which the wrap then need not compare with the new one).
        ///
        /// When the last call's last text was the stream's growing text, let go of since, its
        /// length is given instead of its text (`grownFromLength`). Either way, the length and
        /// width of what the last span added are given (`added`, measured here), so that the wrap
        /// cuts it out without measuring it again.
        private mutating func styledSpans(_ inlines: [Inline], base: TextStyle, id: BlockID, settled: Int = 0,
                                          in context: LayoutContext)
            -> (spans: [Span], unchanged: Int, grownFrom: String?, grownFromLength: Int?, added: (bytes: Int, width: Int)?) {
            var kept = 0
            var spans: [Span] = []
            var ends: [Int] = []
            if var previous = styled.take(id), previous.base == base {
                let common = min(previous.inlines.count, inlines.count)
                // A text let go of is not compared: it is the growing text as it was, which the
                // new last text is, the same or grown (taken back when the same), or it is not known.
                var comparable = common
                if let held = previous.textLetGo {
                    comparable = min(common, previous.inlines.count - 1)
                    if inlines.count == previous.inlines.count, case .text(let text)? = inlines.last,
                       text.utf8.count == held.length, growth.continues(held, in: text) {
                        previous.takeBack(text)
                        comparable = common
                    }
                }
                // Inlines settled in both versions are the same: not compared.
                kept = min(previous.settled, settled, comparable)
                assert(previous.inlines[..<kept] == inlines[..<kept], "settled inlines changed")
                while kept < comparable, WrapMemos.same(previous.inlines[kept], inlines[kept]) { kept += 1 }
                if let grown = WrapMemos.grownText(previous, to: inlines, from: kept, growth: growth) {
                    // Only the last inline changed, a plain text grown at its end: its span grows.
                    let old = previous.spans[previous.spans.count - 1]
                    let grownFrom = old.text
                    let grownFromLength = previous.textLetGo?.length
                    // The old span's width is kept when its text is let go of.
                    let added = (bytes: grown.text.utf8.count - (grownFromLength ?? grownFrom.utf8.count),
                                 width: grown.width - old.width)
                    previous.inlines = inlines
                    previous.settled = settled
                    previous.textLetGo = nil
                    previous.spanLetGo = false
                    previous.spans[previous.spans.count - 1] = grown
                    let unchanged = previous.spans.count - 1
                    styled.put(previous, for: id, frame: frame)
                    return (previous.spans, unchanged, grownFromLength == nil ? grownFrom : nil, grownFromLength, added)
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
            return (spans, unchanged, nil, nil, nil)
        }

        /// ``WrapMemos/letGo(linesBefore:of:)``, in this store.
        mutating func letGo(linesBefore count: Int, of id: BlockID) {
            guard var memo = memos.take(id) ?? nil else { return }
            memo.letGo(linesBefore: count)
            memos.put(memo, for: id, frame: frame)
        }

        /// Ends a frame: lets go of the growing text, and forgets paragraphs not wrapped in this
        /// frame or the one before.
        mutating func sweep() {
            if growth.current != nil {
                let growth = growth
                styled.edit { styled in
                    styled.letGo(growth)
                    return true
                }
                memos.edit { memo in
                    memo?.letGo(growth)
                    return true
                }
            }
            growth = GrowingTextFrame()
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
    /// - Complexity: O(text added), plus one comparison of the old text's bytes. The text added
    ///   is read where it is stored, not cut out (the wrap cuts it, see ``lines(_:base:width:id:settled:in:)``).
    ///   The old text let go of (``Styled/textLetGo``) is not compared: the new one is the
    ///   growing text it was, grown (then O(text added)), or the span is not grown.
    private static func grownText(_ previous: Styled, to inlines: [Inline], from kept: Int,
                                  growth: GrowingTextFrame) -> Span? {
        guard kept == inlines.count - 1, kept == previous.inlines.count - 1,
              case .text(let new) = inlines[kept],
              previous.ends[kept] - (kept > 0 ? previous.ends[kept - 1] : 0) == 1,
              let span = previous.spans.last else { return nil }
        let oldLength: Int
        if let held = previous.textLetGo {
            guard previous.spanLetGo, growth.continues(held, in: new) else { return nil }
            oldLength = held.length
        } else {
            guard case .text(let old) = previous.inlines[kept], span.text.utf8Equals(old),
                  new.utf8.count > old.utf8.count, new.utf8HasPrefix(old) else { return nil }
            oldLength = old.utf8.count
        }
        guard new.utf8.count > oldLength, new.measuresApart(atUTF8Offset: oldLength),
              !new.withUTF8Bytes({ ControlCharacters.contains(in: UnsafeBufferPointer(rebasing: $0[oldLength...])) })
        else { return nil }
        let utf8 = new.utf8
        return Span(new, span.style, width: span.width + DisplayWidth.of(new[utf8.index(utf8.startIndex, offsetBy: oldLength)...]))
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

    /// Starts a frame whose stream's growing text is `growth`: memos that let go of the text of
    /// the generation the stream just ended take it back; those that let go of a text neither
    /// taken back nor still growing are forgotten (see ``GrowingTextFrame/fate(of:)``). At
    /// ``sweep()`` they let go of the growing text, so that the stream appends to it in place.
    func begin(_ growth: GrowingTextFrame) {
        store.withLock { $0.begin(growth) }
    }

    /// Creates an empty store.
    init() {}

    /// Ends a frame: forgets paragraphs not wrapped in this frame or the one before.
    func sweep() {
        store.withLock { $0.sweep() }
    }
}
