/// Which lines every terminal draws at the widths Rill counts, which some may draw wider, and
/// whether a line's text stays short of the margin however it is drawn: what decides whether
/// an edit may name a column, keep a line's end on screen, or must erase and write it whole.
extension LivePainter {
    /// Whether some terminal may have drawn `line` wider than Rill measures it (emoji sequences,
    /// variation selectors, scripts whose width tables differ), so that it may have wrapped, and
    /// rewriting it must erase what it covered rather than trust its width. Not for a character
    /// that is one scalar Rill counts two columns wide (`✅`, `🔴`): no terminal draws one scalar
    /// wider than two (an older one may draw it narrower, see ``isDrawnAsCounted(_:)``).
    static func mayBeWiderOnScreen(_ line: StyledLine) -> Bool {
        line.spans.contains { span in
            !isDrawnAsCounted(span.text) && span.text.contains { character in
                let scalars = character.unicodeScalars
                guard scalars.count == 1, let scalar = scalars.first else { return true }
                return !(isDrawnAsCounted(scalar) || DisplayWidth.of(scalar) == 2)
            }
        }
    }

    /// Whether every terminal that can show `line` draws it at the widths Rill counts: text of
    /// agreed width (see ``hasAgreedWidth(_:)-(Unicode.Scalar)``) and CJK (see ``isWideEverywhere(_:)``).
    /// Only then may an edit keep the end of a line on screen after what it rewrote.
    static func isDrawnAsCounted(_ line: StyledLine) -> Bool {
        line.spans.allSatisfy { isDrawnAsCounted($0.text) }
    }

    static func isDrawnAsCounted(_ text: String) -> Bool {
        text.isASCII || text.unicodeScalars.allSatisfy(isDrawnAsCounted)
    }

    /// Whether every terminal that can show `scalar` draws it at the width Rill counts.
    static func isDrawnAsCounted(_ scalar: Unicode.Scalar) -> Bool {
        hasAgreedWidth(scalar) || isWideEverywhere(scalar)
    }

    /// Whether `scalar` is East Asian Wide or Halfwidth and a cluster of its own (CJK
    /// ideographs and punctuation, kana, Hangul syllables, fullwidth and halfwidth forms): no
    /// terminal that draws it draws it wider than Rill counts (one that cannot may draw it
    /// narrower, which wraps nothing).
    @inline(__always)
    static func isWideEverywhere(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x3000 && DisplayWidth.standsAlone(scalar)
    }

    /// Whether every terminal draws each scalar of `line` one column wide.
    static func hasAgreedWidth(_ line: StyledLine) -> Bool {
        line.spans.allSatisfy { hasAgreedWidth($0.text) }
    }

    /// Whether the columns of `line` from `start` to `end` hold whole characters, each a scalar
    /// every terminal draws one column wide: moving over them by cells lands at `end`.
    static func hasAgreedWidth(_ line: StyledLine, from start: Int, to end: Int) -> Bool {
        var at = 0
        for span in line.spans {
            if at + span.width <= start {
                at += span.width
                continue
            }
            for character in span.text {
                if at >= end { return true }
                if at >= start {
                    let scalars = character.unicodeScalars
                    guard scalars.count == 1, let scalar = scalars.first, hasAgreedWidth(scalar) else { return false }
                    at += 1
                } else {
                    at += DisplayWidth.of(character)
                    // A character across `start`: the cursor is not at a character's edge.
                    if at > start { return false }
                }
            }
        }
        return at >= end
    }

    /// Whether every terminal draws each scalar of `text` one column wide.
    static func hasAgreedWidth(_ text: String) -> Bool {
        text.isPrintableASCII || text.unicodeScalars.allSatisfy(hasAgreedWidth)
    }

    /// Whether every terminal draws `scalar` one column wide: printable ASCII, Latin letters,
    /// general punctuation, arrows, box drawing and block elements, and the markers Rill draws.
    static func hasAgreedWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20..<0x7F, 0xA0..<0x300, 0x2010..<0x2028, 0x2030..<0x205F, 0x2190..<0x2200, 0x2500..<0x25A0: true
        case 0x25A3, 0x25AA, 0x25E6, 0x2023, 0x2713, 0x2400..<0x2427: true  // ▣ ▪ ◦ ‣ ✓ control pictures
        default: false
        }
    }

    /// Whether neither line's text can reach the right margin however a terminal draws it: then
    /// neither wrapped, nor leaves the cursor waiting to wrap in its text.
    ///
    /// The spaces that pad a line with a background (a code band to the margin) are not counted:
    /// an edit of such a line writes into them, never pushes them, so a terminal drawing the text
    /// wider covers more of them instead of wrapping (and the anchored edit places what it writes
    /// after the text as drawn).
    func fitsWhenWidest(_ old: StyledLine, _ new: StyledLine) -> Bool {
        textFitsWhenWidest(old) && textFitsWhenWidest(new)
    }

    /// Whether `line`'s text, its padding left out, stays short of the margin however a terminal
    /// draws it (see ``fitsWhenWidest(_:_:)``).
    func textFitsWhenWidest(_ line: StyledLine) -> Bool {
        guard let columns else { return false }
        return Self.maxDrawnWidth(Self.unpadded(line) ?? line) < columns
    }
}
