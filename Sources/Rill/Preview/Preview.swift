/// What is shown of the open part while it is written, made from the truth after each frame.
///
/// Its one rule: what is shown for a prefix is the text of that prefix as cmark reads it, with
/// only delimiter characters (`*`, `_`, `` ` ``, `~`) left out where they are anticipated, and
/// possibly a held-back end; never a character that was not written.
/// - **Held back**: an incomplete last line that one more character may turn into something
///   else (``TailStabilizer``): the open part is shown as if that line had not arrived.
/// - **Anticipated**: emphasis, strong, strikethrough or a code span left open at the end of the
///   paragraph being written is shown closed (``ProvisionalClosers``), when that changes nothing
///   but the styles of its text.
/// Final blocks and the final state never depend on it; it costs at most one parse a frame.
struct Preview: Sendable {
    /// Frames in which an ambiguous incomplete last line was held back.
    private(set) var heldBackFrames = 0
    /// Frames in which delimiters left open at the end were shown closed.
    private(set) var anticipatedFrames = 0
    /// The closers the last frame showed as if they had arrived (empty when none), and where in
    /// the text they went (before any trailing spaces).
    private(set) var closers: [UInt8] = []
    private(set) var closerOffset = 0
    /// Whether anything is held back or anticipated (turned off only to show the truth itself).
    var isEnabled = true

    /// The open part to show, given the truth of this frame. `lineLeftOut`: the truth's parse
    /// already ended before the incomplete line (a link definition being written).
    mutating func shown(_ truth: inout Truth, source: [UInt8], incompleteFrom: Int?, lineLeftOut: Bool) -> OpenTail {
        closers = []
        let view = truth.open
        guard isEnabled, let incomplete = incompleteFrom, incomplete < source.count else { return view }
        if lineLeftOut {
            heldBackFrames += 1
            return view
        }
        let line = source[incomplete...]
        let fence = Self.openFence(Self.openParts(view), incomplete: incomplete, source: source)
        let inFence = fence != nil
        var holdBack = fence.map { TailStabilizer.mayCloseFence(line, fence: $0) } ?? TailStabilizer.isBareNumber(line)
        if !holdBack, !inFence, TailStabilizer.mayBeAmbiguous(line) {
            let probe = truth.view(of: truth.parseOpenPart(source, end: source.count, extra: [UInt8(ascii: "x")],
                                                           incompleteFrom: incomplete))
            holdBack = TailStabilizer.shape(Self.openParts(probe)) != TailStabilizer.shape(Self.openParts(view))
        }
        guard holdBack else { return anticipated(view, truth: &truth, source: source, incompleteFrom: incomplete) }
        heldBackFrames += 1
        return truth.view(of: truth.parseOpenPart(source, end: incomplete, incompleteFrom: incomplete))
    }

    /// `view` with emphasis, strong, strikethrough or code left open at the end of a paragraph
    /// being written shown as closed, when closing them changes nothing but their text's styles.
    private mutating func anticipated(_ view: OpenTail, truth: inout Truth, source: [UInt8], incompleteFrom: Int) -> OpenTail {
        var deepest = Self.openParts(view).last
        while let block = deepest, !block.children.isEmpty { deepest = block.children.last }
        guard let paragraph = deepest, paragraph.range.upperBound > incompleteFrom else { return view }
        switch paragraph.kind {
        case .paragraph, .heading: break
        case .codeBlock, .htmlBlock, .thematicBreak, .blockQuote, .list, .item, .table, .tableRow, .tableCell: return view
        }
        // Closers go before trailing spaces (a closer after a space closes nothing).
        let textEnd = source.endTrimmingSpaces(source.count, notBefore: paragraph.range.lowerBound)
        // Nothing is open in a paragraph's settled lines: look after them.
        let scanStart = paragraph.settledInlines > 0 ? max(paragraph.range.lowerBound, truth.settledParagraphEnd ?? 0)
            : paragraph.range.lowerBound
        let closers = ProvisionalClosers.closers(for: source[min(scanStart, textEnd)..<textEnd])
        guard !closers.isEmpty else { return view }
        var closed = truth.view(of: truth.parseOpenPart(source, end: textEnd, extra: closers + source[textEnd...],
                                                        incompleteFrom: incompleteFrom))
        guard TailStabilizer.shape(Self.openParts(closed)) == TailStabilizer.shape(Self.openParts(view)) else { return view }
        anticipatedFrames += 1
        self.closers = closers
        closerOffset = textEnd
        closed.clampRanges(to: source.count)
        return closed
    }

    /// The open parts of a view whose shape matters for ambiguity: the growing container's open
    /// children and the blocks after it.
    static func openParts(_ view: OpenTail) -> [Block] {
        var blocks: [Block] = []
        switch view.growing?.content {
        case .children(_, let open)?: blocks += open
        case .code?: blocks += view.leading + [view.growing?.head].compactMap { $0 }
        case nil: blocks += view.leading
        }
        return blocks + view.trailing
    }

    /// The fence character of the fenced code block the incomplete line starting at
    /// `incomplete` is in (the last block, or the last descendant of the last block, reaching
    /// that line), if it is in one.
    static func openFence(_ blocks: [Block], incomplete: Int, source: [UInt8]) -> UInt8? {
        var block = blocks.last
        while let current = block {
            if case .codeBlock(let code) = current.kind {
                guard code.isFenced, current.range.upperBound > incomplete, current.range.lowerBound < source.count else { return nil }
                return source[current.range.lowerBound]
            }
            block = current.children.last
        }
        return nil
    }
}
