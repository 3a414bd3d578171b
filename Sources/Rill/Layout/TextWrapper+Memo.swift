/// Wrapping text again after it changed, from the memo of its last wrap: only the lines from
/// just before the first change are laid out again.
extension TextWrapper {
    /// What a wrap left behind, so that the next wrap of the same text grown at its end can
    /// start from its last lines instead of the beginning.
    struct Memo: Sendable {
        fileprivate(set) var spans: [Span]
        /// The stream's growing text that the last of ``spans`` was, let go of after the frame (an
        /// empty text in its place, its width kept).
        fileprivate(set) var textLetGo: LetGoText? = nil
        let firstWidth: Int
        let restWidth: Int
        /// The lines of the wrap, returned to the caller as they are: the array is shared, not
        /// copied, and grows in place at the next wrap of the text grown at its end when the
        /// caller let go of its copy (see ``appended(to:in:unchangedPrefix:grownFrom:heldLength:grownBy:)``).
        fileprivate(set) var lines: [StyledLine]
        /// Whether the last of ``lines`` was made by ending the line being filled (the state
        /// holds none of ``lines``: they are handed back to it when it carries on).
        fileprivate var endsFilledLine: Bool
        /// The first line this wrap laid out again (0 when it wrapped everything).
        var rewrappedFrom = 0
        /// The wrapper as it stood before it ended the last line: text appended at the end of the
        /// spans carries on from here, so only the new text is wrapped (see ``appended(to:in:)``).
        /// Its lines are in ``lines`` (all but the last when ``endsFilledLine``), so that the two
        /// never hold the array twice.
        fileprivate var state: State
        /// Where the last line may be restarted from, when ending the wrap made it (see
        /// ``restartOffset(_:)``).
        let lastRestartOffset: Int?
        /// Whether this wrap carried on from the previous one's state, wrapping only new text.
        var resumed = false
        /// How many leading lines the caller no longer reads (see ``letGo(linesBefore:)``), and
        /// how many of them are emptied in ``lines``.
        fileprivate var letGo = 0
        fileprivate var emptied = 0

        /// Lets go of the last span's text when it is `growth`'s growing text.
        mutating func letGo(_ growth: GrowingTextFrame) {
            guard textLetGo == nil, let last = spans.indices.last, let held = growth.letGo(spans[last].text) else { return }
            spans[last].replaceTextKeepingWidth("")
            textLetGo = held
        }

        /// Puts back `text`, the growing text let go of.
        mutating func takeBack(_ text: String) {
            guard textLetGo != nil, let last = spans.indices.last else { return }
            spans[last].replaceTextKeepingWidth(text)
            textLetGo = nil
        }

        /// Lets the first `count` lines go: a live view that committed them to scrollback never
        /// reads them again, and a long paragraph's lines would otherwise be held until it ends
        /// (about twice its text). Wraps that carry on from this memo give them empty, so they
        /// are freed; a wrap from the start gives them again.
        mutating func letGo(linesBefore count: Int) {
            letGo = max(letGo, count)
        }

        /// Empties the let-go lines of `lines` (this memo's, taken back) not yet emptied.
        ///
        /// - Complexity: O(lines emptied).
        fileprivate mutating func emptyLetGoLines(_ lines: inout [StyledLine]) {
            let end = min(letGo, lines.count)
            guard emptied < end else { return }
            for index in emptied..<end { lines[index] = StyledLine() }
            emptied = end
        }

        /// UTF-8 offset (in the spans' text joined) of line `line`'s first character, or nil for
        /// a line that does not start a soft wrap (the first, or one after a hard break).
        func restartOffset(_ line: Int) -> Int? {
            line < state.restartOffsets.count ? state.restartOffsets[line] : lastRestartOffset
        }

        /// UTF-8 offset just past the character whose arrival ended line `line` (the one that
        /// did not fit), `Int.max` for the last line: a line is settled by the text up to there.
        func decidedBy(_ line: Int) -> Int {
            line < state.decidedBy.count ? state.decidedBy[line] : .max
        }
    }

    /// Like ``wrap(_:width:continuationWidth:)``, reusing `memo` from a wrap of an earlier
    /// version of the same text: greedy wrapping restarted at the start of a line gives that
    /// line and the ones after it exactly, so only the lines from just before the first change
    /// are wrapped again.
    ///
    /// `unchangedPrefix` says how many spans at the start are known to be those at the start of
    /// the spans `memo` was made from (so they are not compared again), and `grownFrom`, when
    /// given, that the last span's text begins with that text (the caller compared them): when
    /// it is the text of the memo's last span, the two are not compared again.
    ///
    /// The lines returned are the memo's array: a caller that lets go of them before the next
    /// wrap of the text grown at its end lets that wrap add to them in place.
    ///
    /// A memo that let go of its last text (``Memo/textLetGo``) is carried on from only when
    /// the caller says the last span begins with that text (`grownFromLength`, its length);
    /// else the text is wrapped whole.
    ///
    /// `grownBy`, when given, is the length in bytes and the width of what the last span's text
    /// adds to the text it grew from (after `grownFrom`, or after `grownFromLength` bytes), as
    /// the caller measured it: the text added is then cut out but not measured again.
    ///
    /// - Complexity: O(text from the line before the first change), not O(all the text); for
    ///   text grown at its end, O(the text added + the last line) when the memo's lines are not
    ///   held elsewhere and `grownFrom` is the memo's last text (else the lines are copied, and
    ///   the old text compared with the new).
    static func wrap(_ spans: [Span], width: Int, memo: inout Memo?, unchangedPrefix: Int = 0,
                     grownFrom: String? = nil, grownFromLength: Int? = nil,
                     grownBy: (bytes: Int, width: Int)? = nil) -> [StyledLine] {
        let width = max(1, width)
        if var previous = memo.take(), previous.firstWidth == width, previous.restWidth == width,
           previous.textLetGo == nil || previous.textLetGo?.length == grownFromLength {
            let heldLength = previous.textLetGo?.length
            if let added = appended(to: previous.spans, in: spans, unchangedPrefix: unchangedPrefix, grownFrom: grownFrom,
                                    heldLength: heldLength, grownBy: grownBy) {
                if added.isEmpty {
                    memo = previous
                    return previous.lines
                }
                // Text only appended: carry on from where the last wrap stopped (the memo goes
                // with it, so the state's buffers and the lines grow in place).
                var state = State(firstWidth: width, restWidth: width)
                swap(&state, &previous.state)  // the memo's buffers, now referenced once
                swap(&state.lines, &previous.lines)
                if previous.endsFilledLine { state.lines.removeLast() }
                previous.emptyLetGoLines(&state.lines)
                let line = state.lines.count
                for span in added { state.add(span) }
                return remember(&state, spans: spans, rewrappedFrom: line, resumed: true,
                                letGo: (previous.letGo, previous.emptied), in: &memo)
            }
            guard heldLength == nil else {
                // Not carried on from a text let go of: wrapped whole.
                var state = State(firstWidth: width, restWidth: width)
                for span in spans { state.add(span) }
                return remember(&state, spans: spans, rewrappedFrom: 0, resumed: false, in: &memo)
            }
            let common = commonPrefix(previous.spans, spans)
            // The last line starting within the unchanged text.
            var line = previous.lines.count - 1
            while line > 0, (previous.restartOffset(line) ?? .max) > common { line -= 1 }
            // A line's end depends on the first word of the line after it: the line before stays
            // only if the character that ended it is unchanged and followed by an unchanged ASCII
            // byte (which cannot join its cluster); else go one line further back.
            let decided = line > 0 ? previous.decidedBy(line - 1) : .max
            // The line must still start a cluster: text changed from its start may join the
            // character before it (a selector, a mark or a modifier after a space).
            let startsCluster = previous.restartOffset(line).map { offset in
                offset < common || (byte(at: offset, in: spans).map { $0 < 0x80 } ?? true)
            } ?? false
            let keepsLineBefore = line > 0 && startsCluster && decided < common
                && (byte(at: decided, in: spans).map { $0 < 0x80 } ?? false)
            if !keepsLineBefore {
                line -= 1
                while line > 0, previous.restartOffset(line) == nil { line -= 1 }
            }
            if line > 0, let offset = previous.restartOffset(line) {
                // Lines before `line` are all the state's (only the last line is not).
                var state = State(firstWidth: width, restWidth: width, continuing: true, baseOffset: offset)
                state.lines = Array(previous.lines[..<line])
                state.restartOffsets = Array(previous.state.restartOffsets[..<line])
                state.decidedBy = Array(previous.state.decidedBy[..<line])
                for span in slice(spans, from: offset) { state.add(span) }
                return remember(&state, spans: spans, rewrappedFrom: line, resumed: false,
                                letGo: (previous.letGo, min(previous.emptied, line)), in: &memo)
            }
        }
        var state = State(firstWidth: width, restWidth: width)
        for span in spans { state.add(span) }
        return remember(&state, spans: spans, rewrappedFrom: 0, resumed: false, in: &memo)
    }

    /// Finishes the wrap `state` holds and keeps it, unfinished, in `memo` for the next wrap.
    ///
    /// Nothing is copied: the state's lines are moved out into the memo's, then the last line,
    /// made apart, is appended to them.
    private static func remember(_ state: inout State, spans: [Span], rewrappedFrom: Int, resumed: Bool,
                                 letGo: (lines: Int, emptied: Int) = (0, 0), in memo: inout Memo?) -> [StyledLine] {
        let last = state.lastLine()
        var lines: [StyledLine] = []
        swap(&lines, &state.lines)
        if let last { lines.append(last.line) }
        memo = Memo(spans: spans, firstWidth: state.firstWidth, restWidth: state.restWidth, lines: lines,
                    endsFilledLine: last != nil, rewrappedFrom: rewrappedFrom, state: state,
                    lastRestartOffset: last?.restartOffset, resumed: resumed, letGo: letGo.lines,
                    emptied: letGo.emptied)
        return lines
    }

    /// The spans `spans` adds at the end of `old`'s text (none when they are equal), when it
    /// only adds some: `old` is `spans` cut short, its last span perhaps shorter than the same
    /// span in `spans`. A span grown in place must not grow the cluster it ended with: both the
    /// character that ended it and the first one added stand alone (ASCII but a carriage
    /// return, which a line feed joins, or ``DisplayWidth/standsAlone(_:)``); clusters never
    /// span two spans. `grownFrom` is a text the last span is known to begin with.
    ///
    /// - Complexity: O(text of `old` after its first `unchangedPrefix` spans, known equal): the
    ///   spans are compared once; O(spans compared + text added) when `old`'s last text is
    ///   `grownFrom` (the same string's storage: not read).
    ///   With `heldLength`, `old`'s last text was let go of: `spans`' last begins with it, that
    ///   many bytes long (the caller knows), and they are not compared. The text added is
    ///   measured only when `grownBy` does not say its width (see ``addedPart(of:after:grownBy:)``).
    private static func appended(to old: [Span], in spans: [Span], unchangedPrefix: Int,
                                 grownFrom: String?, heldLength: Int? = nil,
                                 grownBy: (bytes: Int, width: Int)? = nil) -> [Span]? {
        guard spans.count >= old.count else { return nil }
        guard let last = old.indices.last else { return spans }
        for index in min(unchangedPrefix, last)..<last where old[index] != spans[index] { return nil }
        var added: [Span] = []
        let was = old[last], now = spans[last]
        // `grownBy` measured what the last of `spans` added: it says nothing of one before it.
        let grownBy = old.count == spans.count ? grownBy : nil
        if let heldLength {
            let utf8 = now.text.utf8
            guard was.style == now.style, heldLength > 0, utf8.count >= heldLength else { return nil }
            if utf8.count > heldLength {
                guard let part = addedPart(of: now, after: heldLength, grownBy: grownBy) else { return nil }
                added.append(part)
            }
        } else if was != now {
            guard was.style == now.style, !was.text.isEmpty,
                  grownFrom?.utf8Equals(was.text) == true || now.text.utf8HasPrefix(was.text) else { return nil }
            guard let part = addedPart(of: now, after: was.text.utf8.count, grownBy: grownBy) else { return nil }
            added.append(part)
        }
        added.append(contentsOf: spans[old.count...])
        return added
    }

    /// The span of what `now`'s text adds after its first `length` bytes, when the text before
    /// and after them measure apart and no carriage return ends the text before (a line feed
    /// added would join its cluster): cut out, and measured unless `grownBy` gives the width
    /// of a text added as long.
    ///
    /// - Complexity: O(text added).
    private static func addedPart(of now: Span, after length: Int, grownBy: (bytes: Int, width: Int)?) -> Span? {
        guard now.text.measuresApart(atUTF8Offset: length), now.text.withUTF8Bytes({ $0[length - 1] }) != 0x0D else { return nil }
        let utf8 = now.text.utf8
        let text = String(now.text[utf8.index(utf8.startIndex, offsetBy: length)...])
        if let grownBy, grownBy.bytes == text.utf8.count { return Span(text, now.style, width: grownBy.width) }
        return Span(text, now.style)
    }

    /// The byte at UTF-8 offset `offset` of the spans' text joined, if there is one.
    private static func byte(at offset: Int, in spans: [Span]) -> UInt8? {
        var skipped = 0
        for span in spans {
            let count = span.text.utf8.count
            if offset < skipped + count {
                let utf8 = span.text.utf8
                return utf8[utf8.index(utf8.startIndex, offsetBy: offset - skipped)]
            }
            skipped += count
        }
        return nil
    }

    /// Length in UTF-8 bytes of the text two span lists share at their start, styles included.
    private static func commonPrefix(_ a: [Span], _ b: [Span]) -> Int {
        var length = 0
        for (x, y) in zip(a, b) {
            if x == y {
                length += x.text.utf8.count
                continue
            }
            guard x.style == y.style else { break }
            length += x.text.withUTF8Bytes { p in
                y.text.withUTF8Bytes { q in
                    var shared = 0
                    while shared < p.count, shared < q.count, p[shared] == q[shared] { shared += 1 }
                    return shared
                }
            }
            break
        }
        return length
    }

    /// The spans from UTF-8 offset `offset` of their joined text on.
    private static func slice(_ spans: [Span], from offset: Int) -> [Span] {
        var skipped = 0
        var result: [Span] = []
        for span in spans {
            let count = span.text.utf8.count
            if skipped + count <= offset {
                skipped += count
                continue
            }
            if skipped < offset {
                let utf8 = span.text.utf8
                let start = utf8.index(utf8.startIndex, offsetBy: offset - skipped)
                result.append(Span(String(span.text[start...]), span.style))
                skipped = offset
            } else {
                result.append(span)
            }
        }
        return result
    }
}
