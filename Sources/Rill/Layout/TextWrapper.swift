/// Wraps styled spans into lines no wider than a given width.
///
/// Greedy, so each line depends only on the text before it (what lets a streamed paragraph
/// commit its early lines): lines break at spaces, and between wide (CJK) characters where no
/// space exists (never before closing or after opening punctuation); a word longer than the
/// line is broken hard at a cluster boundary. Spaces at a break are dropped. A `"\n"` in a span
/// forces a line break (a markdown hard break, or display math's own lines), but for one before
/// any text, which makes no empty line. Lines after the first may be given a narrower
/// width, for a hanging indent.
enum TextWrapper {
    /// Lines of at most `width` columns holding `spans` in order. Empty input gives one empty line.
    ///
    /// With `continuationWidth`, lines after the first are at most that wide instead: the room
    /// left beside a hanging indent the caller adds to them.
    ///
    /// With `breaksAfterHyphens`, a line may also break after a hyphen between letters or digits
    /// (what table cells do, see ``State/mayBreakAfterHyphen(before:at:)``).
    ///
    /// - Complexity: O(n) in the number of grapheme clusters (a carried word is re-measured once).
    static func wrap(_ spans: [Span], width: Int, continuationWidth: Int? = nil,
                     breaksAfterHyphens: Bool = false) -> [StyledLine] {
        let firstWidth = max(1, width), restWidth = max(1, continuationWidth ?? width)
        if let line = oneLine(spans, width: firstWidth, narrowest: min(firstWidth, restWidth)) { return [line] }
        return wrapClusterByCluster(spans, width: firstWidth, continuationWidth: restWidth,
                                    breaksAfterHyphens: breaksAfterHyphens)
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
    static func wrapClusterByCluster(_ spans: [Span], width: Int, continuationWidth: Int? = nil,
                                     breaksAfterHyphens: Bool = false) -> [StyledLine] {
        var wrapper = State(firstWidth: max(1, width), restWidth: max(1, continuationWidth ?? width))
        wrapper.breaksAfterHyphens = breaksAfterHyphens
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
}
