extension TextWrapper {
    /// A wrap under way: the lines finished so far, and the cells of the line being filled with
    /// the bytes they point into. Spans are added in order; ``finish()`` ends the last line.
    struct State {
        /// One grapheme cluster on the line being filled; its bytes are in the wrap's byte store.
        struct Cell {
            /// Where its UTF-8 bytes start in ``State/store``, and how many there are.
            var start: Int
            var count: Int
            var style: Int
            var width: Int
            /// UTF-8 offset of the cluster in the spans' text joined.
            var offset: Int
            var isSpace: Bool
            /// The cluster's scalar when it is its only one, else 0: what the punctuation rules
            /// of ``mayBreak(before:after:)`` look up.
            var scalar: UInt32
        }

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
        /// The bytes of the clusters added, in order (what the cells point into), from the first
        /// byte of the line being filled or earlier (see ``dropEmittedBytes()``).
        var store: [UInt8] = []
        /// The store's length at which the bytes of emitted lines are next dropped.
        private var dropsEmittedBytesAt = State.storeSlack
        /// Bytes the store may hold beyond the line being filled before they are dropped.
        private static let storeSlack = 1 << 16
        var line: [Cell] = []
        var lineWidth = 0
        /// Where the current line may be cut: cells before it stay, the rest moves down.
        var breakAt: Int?
        /// Whether a line may also break after a hyphen inside a word (``mayBreakAfterHyphen(at:)``),
        /// as table cells do.
        var breaksAfterHyphens = false
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
            let text = span.text
            if let first = text.unicodeScalars.first, !DisplayWidth.endsCluster(first) {
                let rest = joinLeadingScalars(of: text)
                if rest != text.startIndex {
                    // The rest, apart: its clusters may not be those the span's text had (`🇺`
                    // then `🇸🇺🇸`: the second flag starts one scalar later).
                    if rest != text.endIndex { add(Span(String(text.unicodeScalars[rest...]), span.style)) }
                    return
                }
            }
            text.withUTF8Bytes { addText($0, of: text, style: style) }
        }

        /// Adds `text` from its UTF-8 storage `bytes`: runs of ASCII, the bulk of model output,
        /// as ``addASCII(_:_:style:)`` does; a scalar that stands alone (see
        /// ``DisplayWidth/standsAlone(_:)``: CJK, dashes, quotes) beside ASCII or another such
        /// scalar as a cluster of its own; anything else (an accent, an emoji sequence, a flag,
        /// and the ASCII character such a scalar may join) a grapheme cluster at a time, as Swift
        /// breaks `text`. Clusters never span two spans.
        ///
        /// - Complexity: O(n) in bytes, ASCII found eight bytes at a time; only clusters that
        ///   need grapheme breaking are found through string indices.
        private mutating func addText(_ bytes: UnsafeBufferPointer<UInt8>, of text: String, style: Int) {
            var index = 0
            while index < bytes.count {
                if bytes[index] < 0x80 {
                    var end = index + WordBytes.firstFlaggedWord(in: UnsafeBufferPointer(rebasing: bytes[index...])) {
                        WordBytes.nonASCII(in: $0)
                    }
                    while end < bytes.count, bytes[end] < 0x80 { end += 1 }
                    if end < bytes.count, !DisplayWidth.standsAlone(Self.scalar(in: bytes, at: end).scalar) { end -= 1 }
                    if end > index {
                        addASCII(bytes, index..<end, style: style)
                        index = end
                        continue
                    }
                } else {
                    let (scalar, next) = Self.scalar(in: bytes, at: index)
                    if DisplayWidth.standsAlone(scalar), next == bytes.count || bytes[next] < 0x80
                        || DisplayWidth.standsAlone(Self.scalar(in: bytes, at: next).scalar) {
                        decider = offset + next - index
                        addCluster(bytes[index..<next], columns: DisplayWidth.of(scalar), style: style, isSpace: false,
                                   scalar: scalar.value)
                        offset = decider
                        index = next
                        continue
                    }
                }
                let start = text.utf8.index(text.utf8.startIndex, offsetBy: index)
                let character = text[start]
                let count = text.utf8.distance(from: start, to: text.index(after: start))
                decider = offset + count
                if character == "\n" || character == "\r\n" || character == "\r" {
                    hardBreak()
                } else {
                    let scalars = character.unicodeScalars
                    addCluster(bytes[index..<index + count], columns: DisplayWidth.of(character), style: style,
                               isSpace: character == " ", scalar: scalars.count == 1 ? scalars.first?.value ?? 0 : 0)
                }
                offset += count
                index += count
            }
        }

        /// The scalar whose UTF-8 starts at `index` of `bytes`, well formed as a String's bytes
        /// are, and where the next one starts.
        @inline(__always)
        private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (scalar: Unicode.Scalar, next: Int) {
            let lead = UInt32(bytes[index])
            let value: UInt32, count: Int
            switch lead {
            case 0..<0x80: return (Unicode.Scalar(UInt8(lead)), index + 1)
            case 0xC0..<0xE0: value = lead & 0x1F; count = 2
            case 0xE0..<0xF0: value = lead & 0x0F; count = 3
            default: value = lead & 0x07; count = 4
            }
            var scalar = value
            for offset in 1..<count { scalar = scalar << 6 | UInt32(bytes[index + offset] & 0x3F) }
            return (Unicode.Scalar(scalar) ?? "\u{FFFD}", index + count)
        }

        /// Adds the ASCII bytes at `range` of `bytes` at ``offset``: runs of printable bytes a
        /// stretch of a line at a time (see ``addPrintable(_:style:)``), controls a byte at a
        /// time (see ``addASCIIByte(_:after:style:)``).
        ///
        /// - Complexity: O(n) in bytes; most model output is ASCII.
        private mutating func addASCII(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, style: Int) {
            var start = range.lowerBound
            while start < range.upperBound {
                var end = start + WordBytes.firstFlaggedWord(in: UnsafeBufferPointer(rebasing: bytes[start..<range.upperBound])) { word in
                    WordBytes.below(0x20, in: word) | WordBytes.equal(to: 0x7F, in: word)
                }
                while end < range.upperBound, bytes[end] >= 0x20, bytes[end] != 0x7F { end += 1 }
                if end > start {
                    addPrintable(bytes[start..<end], style: style)
                }
                guard end < range.upperBound else { break }
                addASCIIByte(bytes[end], after: end > 0 ? bytes[end - 1] : 0, style: style)
                offset += 1
                start = end + 1
            }
        }

        /// Adds `bytes`, printable ASCII at ``offset``, each a cluster one column wide: its
        /// first byte, a byte that does not fit the line and a space opening a line after a
        /// soft wrap as ``add(_:)-(Cell)`` does; the bytes between, which fit on the line, in
        /// one stretch, where a line may break before any letter after a space (between two
        /// ASCII characters ``mayBreak(before:after:)`` allows nothing else).
        ///
        /// A cell filled from `bytes` after the first is always the last of the line when the
        /// line is not empty: a space that is not placed leaves the line empty.
        ///
        /// - Complexity: O(n) in bytes, a few instructions each.
        private mutating func addPrintable(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, style: Int) {
            let space = UInt8(ascii: " ")
            var index = bytes.startIndex
            var previous: UInt8 = index > bytes.base.startIndex ? bytes.base[index - 1] : 0
            while index < bytes.endIndex {
                let room = width - lineWidth
                if index == bytes.startIndex || breaksAfterHyphens || room <= 0 || (line.isEmpty && bytes[index] == space) {
                    addASCIIByte(bytes[index], after: previous, style: style)
                    previous = bytes[index]
                    offset += 1
                    index += 1
                    continue
                }
                let end = min(bytes.endIndex, index + room)
                var wordStart = end - 1
                while wordStart > index, !(bytes[wordStart] != space && bytes[wordStart - 1] == space) { wordStart -= 1 }
                if wordStart > index || (!line.isEmpty && bytes[index] != space && previous == space) {
                    breakAt = line.count + wordStart - index
                }
                if store.count >= dropsEmittedBytesAt { dropEmittedBytes() }
                let first = store.count, firstOffset = offset - index
                store.append(contentsOf: bytes[index..<end])
                // Cells of one column in the style, then where each one's byte is.
                let firstCell = line.count
                line.append(contentsOf: repeatElement(Cell(start: 0, count: 1, style: style, width: 1, offset: 0, isSpace: false, scalar: 0),
                                                      count: end - index))
                line.withUnsafeMutableBufferPointer { cells in
                    for at in index..<end {
                        let cell = firstCell + at - index
                        cells[cell].start = first + at - index
                        cells[cell].offset = firstOffset + at
                        cells[cell].isSpace = bytes.base[at] == space
                        cells[cell].scalar = UInt32(bytes.base[at])
                    }
                }
                lineWidth += end - index
                droppedSpace = nil
                offset += end - index
                decider = offset
                previous = bytes[end - 1]
                index = end
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
                if previous != 0x0D { hardBreak() }
            case 0x0D:
                hardBreak()
            default:
                if store.count >= dropsEmittedBytesAt { dropEmittedBytes() }
                store.append(byte)
                add(Cell(start: store.count - 1, count: 1, style: style,
                         width: byte >= 0x20 && byte != 0x7F ? 1 : 0, offset: offset, isSpace: byte == 0x20,
                         scalar: UInt32(byte)))
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
            addCluster(cluster.utf8[...], columns: DisplayWidth.of(character), style: last.style, isSpace: false, scalar: 0)
            offset = resume
            return end
        }

        /// Adds the cluster of `bytes`, `columns` wide, at ``offset`` (`scalar`: its only
        /// scalar, or 0 for several); a cluster wider than any line (a wide character on a
        /// one-column line) cannot be shown: `…` marks its place.
        mutating func addCluster<Bytes: Collection<UInt8>>(_ bytes: Bytes, columns: Int, style: Int, isSpace: Bool,
                                                           scalar: UInt32) {
            if store.count >= dropsEmittedBytesAt { dropEmittedBytes() }
            let start = store.count
            if columns > min(firstWidth, restWidth) {
                store.append(contentsOf: "…".utf8)
                add(Cell(start: start, count: store.count - start, style: style, width: 1, offset: offset, isSpace: false,
                         scalar: 0x2026))
            } else {
                store.append(contentsOf: bytes)
                add(Cell(start: start, count: store.count - start, style: style, width: columns, offset: offset,
                         isSpace: isSpace, scalar: scalar))
            }
        }

        /// Drops the stored bytes of lines already emitted (no cell points into them), and moves
        /// the cells of the line being filled down with the rest: a paragraph of many lines keeps
        /// the bytes of about one line, not of all its text. Only when the store has grown past
        /// ``dropsEmittedBytesAt``, which then doubles past what is kept, so a line that never
        /// ends (clusters of no width) is not moved at every byte.
        ///
        /// - Complexity: amortized O(1) per byte added.
        private mutating func dropEmittedBytes() {
            let dropped = min(line.first?.start ?? store.count, droppedSpace?.start ?? store.count)
            if dropped > 0 {
                store.removeSubrange(0..<dropped)
                for index in line.indices { line[index].start -= dropped }
                droppedSpace?.start -= dropped
            }
            dropsEmittedBytesAt = store.count + max(Self.storeSlack, store.count)
        }
    }
}
