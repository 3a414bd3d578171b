/// The starts and ends two versions of a line share, measured only over characters every
/// terminal draws where Rill counts them: what an edit keeps on screen around what it writes.
extension LivePainter {
    /// The longest common start of `new` and `old` made of characters of agreed width (see
    /// ``hasAgreedWidth(_:)-(Unicode.Scalar)``), each a scalar of its own: where it ends in each
    /// string, and its width in columns.
    ///
    /// Walks scalars, not clusters. A scalar of agreed width is never one that joins the
    /// character before it, so each one accepted after another starts a cluster; only the last
    /// one accepted may be joined by what follows it, so it is given back when a non-ASCII scalar
    /// follows in either string (which can only shorten the prefix, never make it wrong).
    static func sharedPrefix(_ new: String, _ old: String) -> (new: String.Index, old: String.Index, width: Int) {
        let newScalars = new.unicodeScalars, oldScalars = old.unicodeScalars
        var newIndex = newScalars.startIndex, oldIndex = oldScalars.startIndex
        var lastNew = newIndex, lastOld = oldIndex
        var width = 0
        while newIndex != newScalars.endIndex, oldIndex != oldScalars.endIndex {
            let scalar = newScalars[newIndex]
            guard scalar == oldScalars[oldIndex], hasAgreedWidth(scalar) else { break }
            lastNew = newIndex
            lastOld = oldIndex
            newScalars.formIndex(after: &newIndex)
            oldScalars.formIndex(after: &oldIndex)
            width += 1
        }
        if width > 0, (newIndex != newScalars.endIndex && !newScalars[newIndex].isASCII)
            || (oldIndex != oldScalars.endIndex && !oldScalars[oldIndex].isASCII) {
            return (lastNew, lastOld, width - 1)
        }
        return (newIndex, oldIndex, width)
    }

    /// Columns at the ends of `old` and `new` holding the same characters in the same styles,
    /// each one that every terminal draws one column wide.
    ///
    /// Walks scalars from the end, as ``sharedPrefix(_:_:)`` does from the start: the first
    /// one accepted is given back when a non-ASCII scalar (one that might join it, as a prepended
    /// mark does) stands before it in either line.
    static func sharedSuffixWidth(_ old: StyledLine, _ new: StyledLine) -> Int {
        var olds = BackwardScalars(old), news = BackwardScalars(new)
        var width = 0
        // The spans whose styles were last found equal: styles are compared once per pair.
        var sameStyle = (old: -1, new: -1)
        while true {
            let a = olds.next(), b = news.next()
            guard let a, let b, a.scalar == b.scalar,
                  (a.span, b.span) == sameStyle || old.spans[a.span].style == new.spans[b.span].style,
                  hasAgreedWidth(a.scalar), a.scalar.isASCII || DisplayWidth.of(a.scalar) == 1 else {
                let joinable = (a.map { !$0.scalar.isASCII } ?? false) || (b.map { !$0.scalar.isASCII } ?? false)
                return joinable ? max(0, width - 1) : width
            }
            sameStyle = (a.span, b.span)
            width += 1
        }
    }

    /// A line's scalars from its end, each with the index of its span.
    ///
    /// Reads each span's UTF-8 backwards with the standard library's reverse parser: a table's
    /// rules and borders are all scalars of three bytes, and stepping back through a String's
    /// scalar view costs more than twice as much per scalar.
    private struct BackwardScalars {
        private let spans: [Span]
        private var span: Int
        /// The bytes of span `span` not yet read, from its end.
        private var bytes: ReversedCollection<String.UTF8View>.Iterator
        private var parser = Unicode.UTF8.ReverseParser()

        init(_ line: StyledLine) {
            spans = line.spans
            span = spans.count - 1
            bytes = (spans.last?.text.utf8 ?? "".utf8).reversed().makeIterator()
        }

        mutating func next() -> (scalar: Unicode.Scalar, span: Int)? {
            while span >= 0 {
                switch parser.parseScalar(from: &bytes) {
                case .valid(let encoded):
                    return (Unicode.UTF8.decode(encoded), span)
                case .error:
                    return ("\u{FFFD}", span)  // never: a String's bytes are valid UTF-8
                case .emptyInput:
                    span -= 1
                    if span >= 0 { bytes = spans[span].text.utf8.reversed().makeIterator() }
                }
            }
            return nil
        }
    }
}
