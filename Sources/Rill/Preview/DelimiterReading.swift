/// How cmark-gfm 0.29 reads the delimiters of one leaf's inline text: which runs of `*`, `_`
/// and `~` become emphasis, strong emphasis or strikethrough (and how many of their
/// characters), which backtick runs open code spans, and which openers are left unmatched at
/// the end of the text.
///
/// It follows cmark-gfm's inline parser where delimiters are concerned, left to right:
/// backslash escapes; code spans (a backtick run closed by the next run of the same length,
/// else text); autolinks and raw HTML; links and images (an inline link's destination and
/// title hold no delimiter, and a link's text is processed on its own when its `)` closes it;
/// reference links are not known here and are taken as text); GFM's bare URLs; flanking with
/// Unicode whitespace and punctuation (`_` opens only when left-flanking and not right-flanking
/// or after punctuation, and closes likewise); emphasis processed with the rule of 3 and
/// cmark's lower bounds for openers; strikethrough runs of one or two `~`, an opener closed only
/// by a run of the same length (a run of another length makes both text).
///
/// - Complexity: O(n) in the text's length for the text a model writes (pathological
///   delimiter patterns cost what they cost cmark).
struct DelimiterReading {
    /// A maximal run of `*`, `_` or `~` outside code spans, escapes and opaque constructs.
    struct Run: Equatable {
        var byte: UInt8
        var start: Int
        var length: Int
        var canOpen = false
        var canClose = false
        /// How many of its characters became markup (the rest shows as text).
        var consumed = 0
        /// How many of its characters are left on the delimiter stack as an opener when the
        /// text ends: what a closer written next could still close.
        var leftOpen = 0

        var end: Int { start + length }
    }

    /// Every delimiter run, in order.
    private(set) var runs: [Run] = []
    /// Code spans, from their opening backticks to the end of their closing ones.
    private(set) var codeSpans: [Range<Int>] = []
    /// Backtick runs that open nothing (text), in order.
    private(set) var unmatchedTicks: [Range<Int>] = []
    /// The end of the last code span, link, autolink or raw HTML: no code span that opens
    /// before it can close after the text's end without changing what it shows.
    private(set) var barrier = 0
    /// Where an autolink, raw HTML or an inline link's destination starts that the text ends
    /// inside of (it may still be completed, and then nothing in it is a delimiter).
    private(set) var unfinished: Int?

    private let text: [UInt8]
    private var delimiters: [Delimiter] = []
    private var lastDelimiter: Int?
    private var brackets: [Bracket] = []

    /// A run pushed on cmark's delimiter stack.
    private struct Delimiter {
        var run: Int
        /// The offset after the run, as cmark positions it.
        var position: Int
        var byte: UInt8
        var length: Int
        var remaining: Int
        var canOpen: Bool
        var canClose: Bool
        var previous: Int?
        var next: Int?
        var isLive = true
    }

    /// A `[` or `![` waiting for its `]`.
    private struct Bracket {
        /// Offset of the `[` or `!`.
        var start: Int
        /// Offset after it: delimiters from here on are the link text's.
        var position: Int
        var isImage: Bool
        var isActive = true
    }

    /// Reads `text`, the leaf's inline content: continuation lines without their indentation
    /// or container markers, joined by `\n`, without trailing whitespace.
    init(_ text: [UInt8]) {
        self.text = text
        // Room for every run at once: grown by doubling, the arrays of a text of thousands of
        // runs are copied again and again, into fresh pages each time once they are large.
        let runStarts = Self.runStarts(text)
        runs.reserveCapacity(runStarts)
        delimiters.reserveCapacity(runStarts)
        let ticks = BacktickRuns(text)
        var index = 0
        while index < text.count {
            switch text[index] {
            case UInt8(ascii: "\\"):
                index += index + 1 < text.count && FlankingCharacters.isASCIIPunctuation(text[index + 1]) ? 2 : 1
            case UInt8(ascii: "`"):
                var end = index
                while end < text.count, text[end] == UInt8(ascii: "`") { end += 1 }
                if let close = ticks.first(length: end - index, from: end) {
                    let spanEnd = close + end - index
                    codeSpans.append(index..<spanEnd)
                    barrier = spanEnd
                    index = spanEnd
                } else {
                    unmatchedTicks.append(index..<end)
                    index = end
                }
            case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"):
                index = scanRun(at: index)
            case UInt8(ascii: "["):
                brackets.append(Bracket(start: index, position: index + 1, isImage: false))
                index += 1
            case UInt8(ascii: "!") where index + 1 < text.count && text[index + 1] == UInt8(ascii: "["):
                brackets.append(Bracket(start: index, position: index + 2, isImage: true))
                index += 2
            case UInt8(ascii: "]"):
                index = closeBracket(at: index)
            case UInt8(ascii: "<"):
                switch OpaqueInlines.angle(at: index, in: text) {
                case .complete(let end):
                    barrier = end
                    index = end
                case .unfinished:
                    if unfinished == nil { unfinished = index }
                    index += 1
                case .none:
                    index += 1
                }
            case UInt8(ascii: "w") where brackets.isEmpty:
                index = skipping(OpaqueInlines.wwwLink(at: index, in: text), from: index)
            case UInt8(ascii: ":") where brackets.isEmpty:
                index = skipping(OpaqueInlines.schemeLink(colonAt: index, in: text), from: index)
            default:
                index += 1
            }
        }
        processEmphasis(above: -1)
    }

    /// How many runs of `*`, `_` or `~` `text` holds, read as plain bytes: at least as many as
    /// the reading finds.
    private static func runStarts(_ text: [UInt8]) -> Int {
        var count = 0
        var previous: UInt8 = 0
        for byte in text {
            if byte != previous, byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~") { count += 1 }
            previous = byte
        }
        return count
    }

    /// Past a bare URL, if there is one at `index` (its text shows as written, in code too:
    /// no barrier).
    private func skipping(_ link: Range<Int>?, from index: Int) -> Int {
        link?.upperBound ?? index + 1
    }

    // MARK: - Runs

    /// Reads the run at `index`, pushes it if it may open or close, and returns its end.
    private mutating func scanRun(at index: Int) -> Int {
        let byte = text[index]
        var end = index
        while end < text.count, text[end] == byte { end += 1 }
        let before = FlankingCharacters.scalar(before: index, in: text)
        let after = FlankingCharacters.scalar(at: end, in: text)
        let spaceBefore = FlankingCharacters.isWhitespace(before)
        let spaceAfter = FlankingCharacters.isWhitespace(after)
        let punctuationBefore = FlankingCharacters.isPunctuation(before)
        let punctuationAfter = FlankingCharacters.isPunctuation(after)
        let left = !spaceAfter && (!punctuationAfter || spaceBefore || punctuationBefore)
        let right = !spaceBefore && (!punctuationBefore || spaceAfter || punctuationAfter)
        var run = Run(byte: byte, start: index, length: end - index)
        var pushed: Bool
        switch byte {
        case UInt8(ascii: "_"):
            run.canOpen = left && (!right || punctuationBefore)
            run.canClose = right && (!left || punctuationAfter)
            pushed = run.canOpen || run.canClose
        case UInt8(ascii: "~"):
            run.canOpen = left
            run.canClose = right
            pushed = (left || right) && run.length <= 2
        default:
            run.canOpen = left
            run.canClose = right
            pushed = left || right
        }
        if !pushed {
            run.canOpen = false
            run.canClose = false
        }
        runs.append(run)
        if pushed {
            let delimiter = Delimiter(run: runs.count - 1, position: end, byte: byte, length: run.length,
                                      remaining: run.length, canOpen: run.canOpen, canClose: run.canClose,
                                      previous: lastDelimiter)
            delimiters.append(delimiter)
            if let last = lastDelimiter { delimiters[last].next = delimiters.count - 1 }
            lastDelimiter = delimiters.count - 1
        }
        return end
    }

    // MARK: - Links

    /// Handles the `]` at `index`: a link or image when an inline link's destination follows
    /// (its text's delimiters processed on their own), else text. Returns where to go on.
    private mutating func closeBracket(at index: Int) -> Int {
        let after = index + 1
        guard let opener = brackets.last else { return after }
        guard opener.isActive else {
            brackets.removeLast()
            return after
        }
        if after < text.count, text[after] == UInt8(ascii: "(") {
            switch OpaqueInlines.linkTail(at: after, in: text) {
            case .complete(let end):
                processEmphasis(above: opener.position)
                brackets.removeLast()
                if !opener.isImage {
                    // No link inside a link: earlier `[` no longer open one.
                    for earlier in brackets.indices.reversed() where !brackets[earlier].isImage {
                        guard brackets[earlier].isActive else { break }
                        brackets[earlier].isActive = false
                    }
                }
                barrier = end
                return end
            case .unfinished:
                unfinished = min(unfinished ?? opener.start, opener.start)
            case .none:
                break
            }
        }
        brackets.removeLast()
        return after
    }

    // MARK: - Emphasis

    /// cmark's `process_emphasis` over the delimiters after `bottom` (an offset; -1 for all),
    /// which are then taken off the stack.
    private mutating func processEmphasis(above bottom: Int) {
        // The lowest position an opener for a closer of this length (mod 3) and byte may have.
        var openersBottom: [Int: Int] = [:]
        func bottomKey(_ delimiter: Delimiter) -> Int { Int(delimiter.byte) * 3 + delimiter.length % 3 }
        func lowest(_ delimiter: Delimiter) -> Int {
            openersBottom[bottomKey(delimiter)] ?? (delimiter.byte == UInt8(ascii: "~") ? Int.min : bottom)
        }

        var closer: Int?
        var candidate = lastDelimiter
        while let current = candidate, delimiters[current].position >= bottom {
            closer = current
            candidate = delimiters[current].previous
        }
        while let current = closer {
            let closing = delimiters[current]
            guard closing.canClose else {
                closer = closing.next
                continue
            }
            var opener = closing.previous
            var found = false
            let limit = lowest(closing)
            while let candidate = opener, delimiters[candidate].position >= bottom, delimiters[candidate].position >= limit {
                let opening = delimiters[candidate]
                if opening.canOpen, opening.byte == closing.byte,
                   !(closing.canOpen || opening.canClose) || closing.length % 3 == 0
                    || (opening.length + closing.length) % 3 != 0 {
                    found = true
                    break
                }
                opener = opening.previous
            }
            if found, let opener {
                closer = closing.byte == UInt8(ascii: "~") ? strike(opener, current) : emphasize(opener, current)
            } else {
                closer = closing.next
                openersBottom[bottomKey(closing)] = closing.position
                if !closing.canOpen { remove(current) }
            }
        }
        while let last = lastDelimiter, delimiters[last].position >= bottom {
            let entry = delimiters[last]
            // What the whole text leaves on the stack is what a closer written next could close.
            if bottom < 0, entry.canOpen { runs[entry.run].leftOpen = entry.remaining }
            remove(last)
        }
    }

    /// Matches `opener` with `closer` as emphasis or strong emphasis; returns the closer to go on with.
    private mutating func emphasize(_ opener: Int, _ closer: Int) -> Int? {
        let use = delimiters[closer].remaining >= 2 && delimiters[opener].remaining >= 2 ? 2 : 1
        delimiters[opener].remaining -= use
        delimiters[closer].remaining -= use
        runs[delimiters[opener].run].consumed += use
        runs[delimiters[closer].run].consumed += use
        removeBetween(opener, closer)
        if delimiters[opener].remaining == 0 { remove(opener) }
        guard delimiters[closer].remaining == 0 else { return closer }
        let next = delimiters[closer].next
        remove(closer)
        return next
    }

    /// Matches `opener` with `closer` as strikethrough when they are as long (else both stay
    /// text); both leave the stack with everything between them.
    private mutating func strike(_ opener: Int, _ closer: Int) -> Int? {
        let next = delimiters[closer].next
        if delimiters[opener].length == delimiters[closer].length {
            runs[delimiters[opener].run].consumed = delimiters[opener].length
            runs[delimiters[closer].run].consumed = delimiters[closer].length
        }
        removeBetween(opener, closer)
        remove(closer)
        remove(opener)
        return next
    }

    private mutating func removeBetween(_ opener: Int, _ closer: Int) {
        var delimiter = delimiters[closer].previous
        while let current = delimiter, current != opener {
            delimiter = delimiters[current].previous
            remove(current)
        }
    }

    private mutating func remove(_ index: Int) {
        guard delimiters[index].isLive else { return }
        delimiters[index].isLive = false
        let previous = delimiters[index].previous
        let next = delimiters[index].next
        if let next { delimiters[next].previous = previous } else { lastDelimiter = previous }
        if let previous { delimiters[previous].next = next }
    }
}

/// The maximal backtick runs of a text by length, to find a code span's closer.
private struct BacktickRuns {
    /// Start offsets of the runs of each length, in order.
    private var starts: [Int: [Int]] = [:]

    init(_ text: [UInt8]) {
        var index = 0
        while index < text.count {
            guard text[index] == UInt8(ascii: "`") else {
                index += 1
                continue
            }
            let start = index
            while index < text.count, text[index] == UInt8(ascii: "`") { index += 1 }
            starts[index - start, default: []].append(start)
        }
    }

    /// The start of the first run of exactly `length` backticks starting at or after `offset`
    /// (cmark gives up on runs longer than 80).
    func first(length: Int, from offset: Int) -> Int? {
        guard length <= 80, let candidates = starts[length] else { return nil }
        var low = 0
        var high = candidates.count
        while low < high {
            let middle = (low + high) / 2
            if candidates[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low < candidates.count ? candidates[low] : nil
    }
}
