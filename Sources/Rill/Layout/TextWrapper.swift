/// Wraps styled spans into lines no wider than a given width.
///
/// Greedy, so each line depends only on the text before it (what lets a streamed paragraph
/// commit its early lines): lines break at spaces, and between wide (CJK) characters where no
/// space exists (never before closing or after opening punctuation); a word longer than the
/// line is broken hard at a cluster boundary. Spaces at a break are dropped. A `"\n"` in a span
/// forces a line break (a markdown hard break). Lines after the first may be given a narrower
/// width, for a hanging indent.
public enum TextWrapper {
    /// One grapheme cluster on the line being filled; its bytes are in the wrap's byte store.
    fileprivate struct Cell {
        /// Where its UTF-8 bytes start in ``State/store``, and how many there are.
        var start: Int
        var count: Int
        var style: Int
        var width: Int
        /// UTF-8 offset of the cluster in the spans' text joined.
        var offset: Int
        var isSpace: Bool
    }

    /// Lines of at most `width` columns holding `spans` in order. Empty input gives one empty line.
    ///
    /// With `continuationWidth`, lines after the first are at most that wide instead: the room
    /// left beside a hanging indent the caller adds to them.
    ///
    /// - Complexity: O(n) in the number of grapheme clusters (a carried word is re-measured once).
    public static func wrap(_ spans: [Span], width: Int, continuationWidth: Int? = nil) -> [StyledLine] {
        let firstWidth = max(1, width), restWidth = max(1, continuationWidth ?? width)
        if let line = oneLine(spans, width: firstWidth, narrowest: min(firstWidth, restWidth)) { return [line] }
        return wrapClusterByCluster(spans, width: firstWidth, continuationWidth: restWidth)
    }

    /// The one line `spans` wrap to in `width` when they fit it (see ``wrap(_:width:continuationWidth:)``),
    /// else nil: what a table asks of a cell before looking up its wrap.
    ///
    /// - Complexity: O(n) in the bytes of the spans, with no cluster walk.
    static func singleLine(_ spans: [Span], width: Int) -> StyledLine? {
        oneLine(spans, width: max(1, width), narrowest: max(1, width))
    }

    /// ``wrap(_:width:continuationWidth:)`` without its one-line shortcut: every cluster is
    /// placed on a line one at a time.
    static func wrapClusterByCluster(_ spans: [Span], width: Int, continuationWidth: Int? = nil) -> [StyledLine] {
        var wrapper = State(firstWidth: max(1, width), restWidth: max(1, continuationWidth ?? width))
        for span in spans { wrapper.add(span) }
        return wrapper.finish()
    }

    /// The line of `spans` when they fit in `width` without a line break or control character (a
    /// table cell, a short heading): what the wrapper makes of them, neighbours of one style
    /// merged and trailing spaces dropped, without filling a line a cluster at a time. A span's
    /// width is the sum of its clusters' as the wrapper measures them; a wide character must
    /// also fit the `narrowest` line, or the wrapper would show `…` in its place.
    private static func oneLine(_ spans: [Span], width: Int, narrowest: Int) -> StyledLine? {
        var columns = 0
        for (index, span) in spans.enumerated() {
            // A span whose first scalar may join the cluster before it is measured across the
            // boundary, cluster by cluster.
            if index > 0, let first = span.text.unicodeScalars.first, !DisplayWidth.endsCluster(first) { return nil }
            columns += span.width
            guard columns <= width else { return nil }
            let fits = span.text.withUTF8Bytes { bytes in
                var isASCII = true
                for byte in bytes {
                    if byte < 0x20 || byte == 0x7F { return false }
                    if byte >= 0x80 { isASCII = false }
                }
                return isASCII || narrowest >= 2
            }
            guard fits else { return nil }
        }
        var kept = spans
        while let last = kept.last {
            let spaces = last.text.trailingSpaceCount
            if spaces == 0, !last.text.isEmpty { break }
            kept.removeLast()
            if spaces < last.text.utf8.count {
                kept.append(Span(String(last.text.dropLast(spaces)), last.style, width: last.width - spaces))
                break
            }
        }
        return StyledLine(kept)
    }

    /// What a wrap left behind, so that the next wrap of the same text grown at its end can
    /// start from its last lines instead of the beginning.
    public struct Memo: Sendable {
        let spans: [Span]
        let firstWidth: Int
        let restWidth: Int
        let lines: [StyledLine]
        /// The first line this wrap laid out again (0 when it wrapped everything).
        var rewrappedFrom = 0
        /// The wrapper as it stood before it ended the last line: text appended at the end of the
        /// spans carries on from here, so only the new text is wrapped (see ``appended(to:in:)``).
        /// Its lines are all of ``lines`` but the last, which ending it made.
        fileprivate var state: State
        /// Where the last line may be restarted from, when ending the wrap made it (see
        /// ``restartOffset(_:)``).
        let lastRestartOffset: Int?
        /// Whether this wrap carried on from the previous one's state, wrapping only new text.
        var resumed = false

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
    /// the spans `memo` was made from (so they are not compared again).
    ///
    /// - Complexity: O(text from the line before the first change), not O(all the text).
    public static func wrap(_ spans: [Span], width: Int, memo: inout Memo?, unchangedPrefix: Int = 0) -> [StyledLine] {
        let width = max(1, width)
        if var previous = memo.take(), previous.firstWidth == width, previous.restWidth == width {
            if let added = appended(to: previous.spans, in: spans, unchangedPrefix: unchangedPrefix) {
                if added.isEmpty {
                    memo = previous
                    return previous.lines
                }
                // Text only appended: carry on from where the last wrap stopped (the memo goes
                // with it, so the state's buffers grow in place).
                var state = State(firstWidth: width, restWidth: width)
                swap(&state, &previous.state)  // the memo's buffers, now referenced once
                let line = state.lines.count
                for span in added { state.add(span) }
                return remember(state, spans: spans, rewrappedFrom: line, resumed: true, in: &memo)
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
                return remember(state, spans: spans, rewrappedFrom: line, resumed: false, in: &memo)
            }
        }
        var state = State(firstWidth: width, restWidth: width)
        for span in spans { state.add(span) }
        return remember(state, spans: spans, rewrappedFrom: 0, resumed: false, in: &memo)
    }

    /// Finishes the wrap `state` holds and keeps it, unfinished, in `memo` for the next wrap.
    ///
    /// The state's arrays are not copied: the finished lines are its lines plus the last line,
    /// made apart.
    private static func remember(_ state: State, spans: [Span], rewrappedFrom: Int, resumed: Bool,
                                 in memo: inout Memo?) -> [StyledLine] {
        var lines = state.lines
        var lastRestartOffset: Int?
        if let last = state.lastLine() {
            lines.append(last.line)
            lastRestartOffset = last.restartOffset
        }
        memo = Memo(spans: spans, firstWidth: state.firstWidth, restWidth: state.restWidth, lines: lines,
                    rewrappedFrom: rewrappedFrom, state: state, lastRestartOffset: lastRestartOffset, resumed: resumed)
        return lines
    }

    /// The spans `spans` adds at the end of `old`'s text (none when they are equal), when it
    /// only adds some: `old` is `spans` cut short, its last span perhaps shorter than the same
    /// span in `spans`. A span grown in place must not grow the cluster it ended with: both the
    /// character that ended it and the first one added stand alone (ASCII but a carriage
    /// return, which a line feed joins, or ``DisplayWidth/standsAlone(_:)``); clusters never
    /// span two spans.
    ///
    /// - Complexity: O(text of `old` after its first `unchangedPrefix` spans, known equal): the
    ///   spans are compared once.
    private static func appended(to old: [Span], in spans: [Span], unchangedPrefix: Int) -> [Span]? {
        guard spans.count >= old.count else { return nil }
        guard let last = old.indices.last else { return spans }
        for index in min(unchangedPrefix, last)..<last where old[index] != spans[index] { return nil }
        var added: [Span] = []
        let was = old[last], now = spans[last]
        if was != now {
            guard was.style == now.style, !was.text.isEmpty, now.text.utf8HasPrefix(was.text) else { return nil }
            let utf8 = now.text.utf8
            let start = utf8.index(utf8.startIndex, offsetBy: was.text.utf8.count)
            guard let before = was.text.unicodeScalars.last, let after = now.text.unicodeScalars[start...].first,
                  before != "\r", DisplayWidth.endsCluster(before), DisplayWidth.endsCluster(after) else { return nil }
            added.append(Span(String(now.text[start...]), was.style))
        }
        added.append(contentsOf: spans[old.count...])
        return added
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

    fileprivate struct State {
        let firstWidth: Int
        let restWidth: Int
        /// Whether this wrap continues an earlier one from the start of a line after a soft wrap.
        let continuing: Bool
        /// The width of the line being filled.
        var width: Int { lines.isEmpty && !continuing ? firstWidth : restWidth }
        /// UTF-8 offset of the next character added.
        var offset: Int
        /// Where each finished line may be restarted from (see ``Memo``).
        var restartOffsets: [Int?] = []
        /// Where the character that ends the lines being emitted ends (see ``Memo/decidedBy``).
        var decider = Int.max
        var decidedBy: [Int] = []
        /// Whether the line being filled follows a soft wrap.
        var afterSoftWrap: Bool
        var styles: [TextStyle] = []
        var lines: [StyledLine] = []
        /// The bytes of every cluster added, in order (what the cells point into).
        var store: [UInt8] = []
        var line: [Cell] = []
        var lineWidth = 0
        /// Where the current line may be cut: cells before it stay, the rest moves down.
        var breakAt: Int?
        /// The space last left out at the start of a line after a soft wrap, while nothing has
        /// been added since: a scalar that joins its cluster from the next span (a selector in
        /// another style) makes it a character again, wherever the wrap was restarted from.
        var droppedSpace: Cell?

        init(firstWidth: Int, restWidth: Int, continuing: Bool = false, baseOffset: Int = 0) {
            self.firstWidth = firstWidth
            self.restWidth = restWidth
            self.continuing = continuing
            self.offset = baseOffset
            self.afterSoftWrap = continuing
        }

        mutating func add(_ span: Span) {
            let style: Int
            if let last = styles.indices.last, styles[last] == span.style {
                style = last
            } else {
                styles.append(span.style)
                style = styles.count - 1
            }
            // A scalar that is a cluster of its own, followed by another (or the span's end),
            // takes a fast path: ASCII, the bulk of model output, and the scalars that stand
            // alone (see ``DisplayWidth/standsAlone(_:)``: CJK, dashes, quotes). Clusters never
            // span two spans.
            let text = span.text
            let utf8 = text.utf8
            let scalars = text.unicodeScalars
            var index = utf8.startIndex
            if let first = scalars.first, !DisplayWidth.endsCluster(first) {
                let rest = joinLeadingScalars(of: text)
                if rest != index {
                    // The rest, apart: its clusters may not be those the span's text had (`🇺`
                    // then `🇸🇺🇸`: the second flag starts one scalar later).
                    if rest != utf8.endIndex { add(Span(String(text.unicodeScalars[rest...]), span.style)) }
                    return
                }
            }
            if text.isASCII {
                addASCII(text, style: style)
                return
            }
            var previous: UInt8 = 0
            while index != utf8.endIndex {
                let byte = utf8[index]
                let next: String.Index
                let scalar: Unicode.Scalar?  // nil for ASCII
                if byte < 0x80 {
                    next = utf8.index(after: index)
                    scalar = nil
                } else {
                    let decoded = scalars[index]
                    next = scalars.index(after: index)
                    scalar = DisplayWidth.standsAlone(decoded) ? decoded : nil
                }
                let alone = byte < 0x80 || scalar != nil
                if alone, next == utf8.endIndex || utf8[next] < 0x80 || DisplayWidth.standsAlone(scalars[next]) {
                    defer {
                        previous = byte
                        offset += utf8.distance(from: index, to: next)
                        index = next
                    }
                    if let scalar {
                        decider = offset + utf8.distance(from: index, to: next)
                        addCluster(utf8[index..<next], columns: DisplayWidth.of(scalar), style: style, isSpace: false)
                    } else {
                        addASCIIByte(byte, after: previous, style: style)
                    }
                    continue
                }
                let end = text.index(after: index)
                let character = text[index]
                let count = utf8.distance(from: index, to: end)
                defer {
                    previous = 0
                    offset += count
                    index = end
                }
                if character == "\n" || character == "\r\n" || character == "\r" {
                    decider = offset + count
                    endLine(hard: true)
                    continue
                }
                decider = offset + count
                addCluster(utf8[index..<end], columns: DisplayWidth.of(character), style: style, isSpace: character == " ")
            }
        }

        /// Adds `text`, all ASCII, a byte at a time from its UTF-8 storage (see
        /// ``addASCIIByte(_:after:style:)``), without walking string indices.
        ///
        /// - Complexity: O(n) in bytes; most model output is ASCII.
        private mutating func addASCII(_ text: String, style: Int) {
            text.withUTF8Bytes { bytes in
                var previous: UInt8 = 0
                for byte in bytes {
                    addASCIIByte(byte, after: previous, style: style)
                    previous = byte
                    offset += 1
                }
            }
        }

        /// Adds the ASCII `byte` at ``offset``, a cluster of its own (`previous` is the byte
        /// before it in the span, 0 at its start): a line feed or carriage return ends the line
        /// (a line feed after a carriage return ends none), anything else is a cell, one column
        /// wide unless it is a control.
        @inline(__always)
        private mutating func addASCIIByte(_ byte: UInt8, after previous: UInt8, style: Int) {
            decider = offset + 1
            switch byte {
            case 0x0A:
                if previous != 0x0D { endLine(hard: true) }
            case 0x0D:
                endLine(hard: true)
            default:
                store.append(byte)
                add(Cell(start: store.count - 1, count: 1, style: style,
                         width: byte >= 0x20 && byte != 0x7F ? 1 : 0, offset: offset, isSpace: byte == 0x20))
            }
        }

        /// Adds the scalars at the start of `text` that join the cluster of the line's last cell
        /// (a mark, a selector, a skin tone, a joiner and the emoji it joins, a flag's second
        /// half) to that cell, in its style: a change of style inside a cluster (`*👨‍*👩`,
        /// `**❤**\u{FE0F}`) must not measure it as two, since the terminal draws one. Returns
        /// where the rest of `text` starts (its start when nothing joins).
        mutating func joinLeadingScalars(of text: String) -> String.Index {
            guard let last = line.last ?? droppedSpace else { return text.startIndex }
            var cluster = String(decoding: store[last.start..<last.start + last.count], as: UTF8.self)
            let scalars = text.unicodeScalars
            var end = scalars.startIndex
            while end != scalars.endIndex {
                var joined = cluster
                joined.unicodeScalars.append(scalars[end])
                guard joined.count == 1 else { break }
                cluster = joined
                end = scalars.index(after: end)
            }
            guard end != scalars.startIndex else { return end }
            // Take the cell back and add the grown cluster in its place, where it may no longer fit.
            if line.isEmpty {
                droppedSpace = nil  // its bytes are the last stored: nothing was added since
            } else {
                line.removeLast()
                lineWidth -= last.width
            }
            store.removeLast(last.count)
            if let index = breakAt, index >= line.count { breakAt = lastBreak() }
            let consumed = text.utf8.distance(from: text.startIndex, to: end)
            let resume = offset + consumed
            offset = last.offset
            decider = resume
            let character = Character(cluster)
            addCluster(cluster.utf8[...], columns: DisplayWidth.of(character), style: last.style, isSpace: false)
            offset = resume
            return end
        }

        /// Adds the cluster of `bytes`, `columns` wide, at ``offset``; a cluster wider than any
        /// line (a wide character on a one-column line) cannot be shown: `…` marks its place.
        mutating func addCluster(_ bytes: Substring.UTF8View, columns: Int, style: Int, isSpace: Bool) {
            let start = store.count
            if columns > min(firstWidth, restWidth) {
                store.append(contentsOf: "…".utf8)
                add(Cell(start: start, count: store.count - start, style: style, width: 1, offset: offset, isSpace: false))
            } else {
                store.append(contentsOf: bytes)
                add(Cell(start: start, count: store.count - start, style: style, width: columns, offset: offset, isSpace: isSpace))
            }
        }

        /// The cluster a cell holds.
        func character(_ cell: Cell) -> Character {
            Character(String(decoding: store[cell.start..<cell.start + cell.count], as: UTF8.self))
        }

        /// Whether a line may break between `previous` and `cell` (see ``TextWrapper/mayBreak(before:after:)``).
        @inline(__always)
        func mayBreak(before cell: Cell, after previous: Cell) -> Bool {
            guard cell.width == 2 || previous.width == 2 else { return false }
            return TextWrapper.mayBreak(before: character(cell), after: character(previous))
        }

        /// Adds a cell; ``decider`` must already say where its source bytes end.
        mutating func add(_ cell: Cell) {
            let atLineStart = line.isEmpty
            if cell.isSpace, atLineStart, !lines.isEmpty || continuing {
                droppedSpace = cell  // no spaces opening a wrapped line
                return
            }
            droppedSpace = nil
            if let previous = line.last, !cell.isSpace, previous.isSpace || mayBreak(before: cell, after: previous) {
                breakAt = line.count
            }
            if lineWidth + cell.width > width {
                if cell.isSpace {
                    endLine(hard: false)  // the space is the break
                    droppedSpace = cell
                    return
                }
                if let index = breakAt, index > 0 {
                    cut(at: index)
                }
                if lineWidth + cell.width > width, !line.isEmpty {
                    endLine(hard: false)  // no break opportunity left: break the word hard
                }
            }
            line.append(cell)
            lineWidth += cell.width
        }

        /// Where the line being filled may last be cut (see ``breakAt``), found again from its cells.
        func lastBreak() -> Int? {
            line.indices.dropFirst().last { i in
                !line[i].isSpace && (line[i - 1].isSpace || mayBreak(before: line[i], after: line[i - 1]))
            }
        }

        /// Ends the line at `index` and carries the cells after it (minus leading spaces) down.
        mutating func cut(at index: Int) {
            emit(line[..<index])
            afterSoftWrap = true
            var rest = index
            while rest < line.count, line[rest].isSpace { rest += 1 }
            line.removeSubrange(0..<rest)
            lineWidth = line.reduce(0) { $0 + $1.width }
            breakAt = lastBreak()
            // A continuation line narrower than the first may not hold the carried word.
            while lineWidth > width {
                var fit = 0, columns = 0
                while fit < line.count, columns + line[fit].width <= width {
                    columns += line[fit].width
                    fit += 1
                }
                emit(line[..<fit])
                afterSoftWrap = true
                line.removeSubrange(0..<fit)
                lineWidth -= columns
                breakAt = nil
            }
        }

        mutating func endLine(hard: Bool = true) {
            emit(line[...])
            afterSoftWrap = !hard
            line.removeAll(keepingCapacity: true)
            lineWidth = 0
            breakAt = nil
            droppedSpace = nil
        }

        /// Appends a finished line, trailing spaces removed, cells grouped into spans by style.
        mutating func emit(_ cells: ArraySlice<Cell>) {
            // A line that follows a soft wrap can be wrapped again from its first character.
            restartOffsets.append(afterSoftWrap ? cells.first?.offset : nil)
            decidedBy.append(decider)
            lines.append(line(of: cells))
        }

        /// The line ``finish()`` would end with (and where it may be restarted from), without
        /// ending it: nil when finishing adds no line.
        func lastLine() -> (line: StyledLine, restartOffset: Int?)? {
            guard !line.isEmpty || (lines.isEmpty && !continuing) else { return nil }
            return (self.line(of: line[...]), afterSoftWrap ? line.first?.offset : nil)
        }

        /// `cells` as a line: trailing spaces removed, cells grouped into spans by style.
        func line(of cells: ArraySlice<Cell>) -> StyledLine {
            var end = cells.endIndex
            while end > cells.startIndex, cells[end - 1].isSpace { end -= 1 }
            // A run of cells of one style whose bytes follow each other in the store (the cells
            // of a line do, as clusters are stored in order) becomes a span in one piece.
            var out = StyledLine()
            var runStart = 0
            var runEnd = 0
            var runWidth = 0
            var runStyle = -1
            func flush() {
                if runEnd > runStart {
                    out.append(Span(String(decoding: store[runStart..<runEnd], as: UTF8.self), styles[runStyle], width: runWidth))
                }
                runWidth = 0
            }
            for cell in cells[cells.startIndex..<end] {
                if cell.style != runStyle || cell.start != runEnd {
                    flush()
                    runStyle = cell.style
                    runStart = cell.start
                }
                runEnd = cell.start + cell.count
                runWidth += cell.width
            }
            flush()
            return out
        }

        mutating func finish() -> [StyledLine] {
            decider = .max
            if !line.isEmpty || (lines.isEmpty && !continuing) { endLine() }
            return lines
        }

    }

    /// A break is allowed between two clusters when either is wide (CJK ideographs, kana,
    /// Hangul, fullwidth forms), except before closing punctuation and after opening punctuation.
    private static func mayBreak(before character: Character, after previous: Character) -> Bool {
        !closingPunctuation.contains(character) && !openingPunctuation.contains(previous)
    }

    /// Punctuation that must not start a line.
    private static let closingPunctuation: Set<Character> = [
        "、", "。", "，", "．", "：", "；", "？", "！", "）", "」", "』", "】", "〉", "》", "〕", "ー", "…",
        ")", ",", ".", ":", ";", "?", "!", "%",
    ]

    /// Punctuation that must not end a line.
    private static let openingPunctuation: Set<Character> = [
        "「", "『", "（", "【", "〈", "《", "〔", "［", "｛", "〖", "〘", "“", "‘",
        "(", "[", "{",
    ]
}
