/// Keeps the live region on screen in step with a list of lines, writing only what changed.
///
/// The cursor rests at column 0 of the row just below the live region. A frame moves up to the
/// first line that differs (never further than the region's top), rewrites changed lines only —
/// and when the old line is a prefix of the new one, only the new suffix — skips unchanged ones,
/// and erases only to the right of or below what it rewrote. Committing lines drops them from
/// the top of the region: they stay on screen and scroll into scrollback, never touched again.
public struct LivePainter: Sendable {
    private let encoder: ANSIEncoder
    /// The live lines currently on screen, top first.
    public private(set) var drawn: [StyledLine] = []

    /// Creates a painter with an empty live region.
    public init(encoder: ANSIEncoder) {
        self.encoder = encoder
    }

    /// Bytes that make the live region show `lines` (empty when nothing changed).
    ///
    /// - Complexity: O(size of the changed lines); unchanged lines cost one comparison each.
    public mutating func paint(_ lines: [StyledLine]) -> [UInt8] {
        var first = 0
        while first < drawn.count, first < lines.count, drawn[first] == lines[first] { first += 1 }
        if first == drawn.count, first == lines.count { return [] }

        var out: [UInt8] = TerminalSequences.up(drawn.count - first)
        var pendingDown = 0
        for index in first..<lines.count {
            let new = lines[index]
            if index < drawn.count {
                let old = drawn[index]
                if old == new {
                    pendingDown += 1
                    continue
                }
                out += TerminalSequences.down(pendingDown)
                pendingDown = 0
                if let suffix = Self.suffix(of: new, extending: old) {
                    out += TerminalSequences.column(old.width)
                    encoder.encode(suffix, into: &out)
                } else {
                    encoder.encode(new, into: &out)
                    if old.width > new.width { out += TerminalSequences.eraseLineRight }
                }
            } else {
                out += TerminalSequences.down(pendingDown)
                pendingDown = 0
                encoder.encode(new, into: &out)
            }
            out += TerminalSequences.newline
        }
        if lines.count < drawn.count {
            out += TerminalSequences.down(pendingDown)
            out += TerminalSequences.eraseBelow
        } else {
            out += TerminalSequences.down(pendingDown)
        }
        drawn = lines
        return out
    }

    /// Drops the top `count` lines from the live region: they are committed to scrollback.
    public mutating func commit(_ count: Int) {
        drawn.removeFirst(min(max(0, count), drawn.count))
    }

    /// Forgets the live region after the terminal changed size: moves to its top (at most
    /// `maxRows` up, the rest is left as committed) and erases below, so the next paint draws
    /// it afresh. Returns the bytes and how many lines were given up as committed.
    public mutating func reset(maxRows: Int) -> (bytes: [UInt8], abandoned: Int) {
        let rows = min(drawn.count, max(0, maxRows))
        let abandoned = drawn.count - rows
        drawn = []
        return (TerminalSequences.up(rows) + TerminalSequences.carriageReturn + TerminalSequences.eraseBelow, abandoned)
    }

    /// The part of `new` after `old`, when `old` is exactly a prefix of `new` (same styles).
    ///
    /// Only for an `old` line of printable ASCII: the suffix is written after moving the cursor
    /// to `old`'s width, and terminals disagree about the width of emoji sequences, variation
    /// selectors and some scripts; a whole-line rewrite lets the terminal place every character.
    static func suffix(of new: StyledLine, extending old: StyledLine) -> StyledLine? {
        guard !old.spans.isEmpty, new.spans.count >= old.spans.count,
              old.spans.allSatisfy({ $0.text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }) else { return nil }
        let last = old.spans.count - 1
        for index in 0..<last where old.spans[index] != new.spans[index] { return nil }
        let oldLast = old.spans[last]
        let newLast = new.spans[last]
        guard oldLast.style == newLast.style, newLast.text.hasPrefix(oldLast.text) else { return nil }
        var rest = StyledLine()
        let tail = String(newLast.text.dropFirst(oldLast.text.count))
        if !tail.isEmpty { rest.append(Span(tail, newLast.style)) }
        for span in new.spans[(last + 1)...] { rest.append(span) }
        return rest.spans.isEmpty ? nil : rest
    }
}
