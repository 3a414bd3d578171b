/// What is shown of the open part while it is written, made from the truth after each frame.
///
/// Its one rule: what is shown for a prefix is the text of that prefix as cmark reads it, with
/// only delimiter characters (`*`, `_`, `` ` ``, `~`) left out where they are anticipated, and
/// possibly a held-back end; never a character that was not written.
/// - **Held back**: an incomplete last line that one more character may turn into something
///   else (``LineHold``, and a closing fence's first characters): the open part is shown as if that line had not arrived.
/// - **Anticipated**: emphasis, strong, strikethrough or a code span left open at the end of the
///   leaf being written is shown closed (``AnticipatedClosers``), when that changes nothing but
///   the styles of its text and shows only what was written (``PreviewCheck``).
/// - **Extended**: a paragraph (or the last cell of a table row) whose line being written grew
///   by plain words only is shown as the last view with those words added, without a parse,
///   when that is exactly what a parse would show (``PlainTextExtension``); so is a fenced code
///   block's line grown by more of its text (``CodeLineExtension``).
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
    /// Whether plain words are added to the last view without a parse (turned off only to
    /// compare against).
    var extendsPlainText = true
    /// Frames shown by extending the last view's text instead of parsing.
    private(set) var extendedFrames = 0
    /// Where the last view can be extended from by plain words, if it can.
    private var plainTextMark: PlainTextExtension.Mark?
    /// Where the last view's open code line can be extended from, if it can.
    private var codeLineMark: CodeLineExtension.Mark?

    /// `shown`, the last frame's view, with the plain words written since added to its last
    /// paragraph or table cell, when that is exactly what a parse would show; nil when the text
    /// must be parsed (and the mark is dropped). `lineMayDefine`: the line being written may be a
    /// link reference definition.
    ///
    /// Extended in place: `shown` held once grows its last text's storage in place (see
    /// ``PlainTextExtension/extended(_:mark:source:)``); ``grown`` then names that text.
    mutating func extend(_ shown: inout OpenTail, source: [UInt8], incompleteFrom: Int?, lineMayDefine: Bool) -> Bool {
        grown = nil
        if isEnabled, extendsPlainText, let mark = codeLineMark {
            codeLineMark = nil
            guard mark.lineStart == incompleteFrom,
                  let (extended, next) = CodeLineExtension.extended(shown, mark: mark, source: source) else { return false }
            extendedFrames += 1
            codeLineMark = next
            shown = extended
            return true
        }
        guard isEnabled, extendsPlainText, let mark = plainTextMark, let incomplete = incompleteFrom,
              mark.lineStart == incomplete, incomplete < source.count else { return false }
        let line = source[incomplete...]
        guard !TailStabilizer.isBareNumber(line), !TailStabilizer.mayBeAmbiguous(line), !lineMayDefine,
              let (next, grown) = PlainTextExtension.extended(&shown, mark: mark, source: source) else { return false }
        extendedFrames += 1
        plainTextMark = next
        self.grown = grown
        if next.openDepth == 0 {
            closers = []  // a code span shown closed was closed by its text
        } else if !closers.isEmpty {
            // The closers still close the same inlines, after the text as it now ends.
            anticipatedFrames += 1
            closerOffset = source.endTrimmingSpaces(source.count, notBefore: incomplete)
        }
        return true
    }

    /// The text the last ``extend(_:source:incompleteFrom:lineMayDefine:)`` appended to where
    /// it is stored, if it did.
    private(set) var grown: GrownText?

    /// The open part to show, given the truth of this frame. `lineLeftOut`: the truth's parse
    /// already ended before the incomplete line (a link definition being written).
    mutating func shown(_ truth: inout Truth, source: [UInt8], incompleteFrom: Int?, lineLeftOut: Bool) -> OpenTail {
        let shown = parsedView(&truth, source: source, incompleteFrom: incompleteFrom, lineLeftOut: lineLeftOut)
        plainTextMark = nil
        codeLineMark = nil
        if extendsPlainText, !held, let incomplete = incompleteFrom, incomplete < source.count {
            if case .code? = shown.growing?.content {
                codeLineMark = Self.openFence(Self.openParts(shown), incomplete: incomplete, source: source).flatMap {
                    CodeLineExtension.mark(shown, source: source, lineStart: incomplete, fence: $0)
                }
            } else {
                plainTextMark = PlainTextExtension.mark(shown, source: source, lineStart: incomplete, closers: closers)
            }
        }
        return shown
    }

    /// Forgets where the last view could be extended from: the text was not parsed this frame.
    mutating func forgetExtension() {
        plainTextMark = nil
        codeLineMark = nil
    }

    /// Whether this frame's view held the line being written back.
    private var held = false

    /// The open part to show, from a parse of this frame's truth.
    private mutating func parsedView(_ truth: inout Truth, source: [UInt8], incompleteFrom: Int?,
                                     lineLeftOut: Bool) -> OpenTail {
        closers = []
        held = false
        let view = truth.open
        guard isEnabled, let incomplete = incompleteFrom, incomplete < source.count else { return view }
        if lineLeftOut {
            heldBackFrames += 1
            held = true
            return view
        }
        let line = source[incomplete...]
        let holdBack: Bool
        if let fence = Self.openFence(Self.openParts(view), incomplete: incomplete, source: source) {
            holdBack = TailStabilizer.mayCloseFence(line, fence: fence)
        } else {
            // What the line may still become is decided from its text (see ``LineHold``).
            holdBack = LineHold.decision(for: line, context: LineHold.context(lineStart: incomplete, source: source,
                                                                               blocks: Self.lastBlocks(view))) == .hold
        }
        guard holdBack else { return anticipated(view, truth: &truth, source: source, incompleteFrom: incomplete) }
        heldBackFrames += 1
        held = true
        return truth.view(of: truth.parseOpenPart(source, end: incomplete, incompleteFrom: incomplete))
    }

    /// `view` with emphasis, strong, strikethrough or code left open at the end of the leaf
    /// being written (a paragraph, an ATX heading or a table row's last cell) shown as closed
    /// (see ``AnticipatedClosers``), when closing them changes nothing but that leaf's styles
    /// and shows only what was written (see ``PreviewCheck``).
    private mutating func anticipated(_ view: OpenTail, truth: inout Truth, source: [UInt8], incompleteFrom: Int) -> OpenTail {
        guard let leaf = Self.deepestLeaf(Self.openParts(view)), leaf.range.upperBound > incompleteFrom else { return view }
        // Nothing is open in a paragraph's settled lines: look after them.
        let scanStart = leaf.settledInlines > 0 ? max(leaf.range.lowerBound, truth.settledParagraphEnd ?? 0)
            : leaf.range.lowerBound
        guard let closing = AnticipatedClosers.closing(for: leaf, lineStart: incompleteFrom, scanStart: scanStart, in: source),
              leaf.range.upperBound >= closing.offset else { return view }
        var closed = truth.view(of: truth.parseOpenPart(source, end: closing.offset,
                                                        extra: closing.closers + source[closing.offset...],
                                                        incompleteFrom: incompleteFrom))
        let closedParts = Self.openParts(closed)
        guard TailStabilizer.shape(closedParts) == TailStabilizer.shape(Self.openParts(view)),
              let shownLeaf = Self.deepestLeaf(closedParts),
              PreviewCheck.showsOnlyWrittenText(shown: shownLeaf, truth: leaf) else { return view }
        anticipatedFrames += 1
        self.closers = closing.closers
        closerOffset = closing.offset
        closed.clampRanges(to: source.count)
        return closed
    }

    /// The last block of `blocks`, and then its last child, down to one without children.
    private static func deepestLeaf(_ blocks: [Block]) -> Block? {
        var deepest = blocks.last
        while let block = deepest, let child = block.children.last { deepest = child }
        return deepest
    }

    /// The view's last blocks as far as ``LineHold`` looks: the growing container holding only
    /// its open children (its final ones lie above the line before the incomplete one).
    private static func lastBlocks(_ view: OpenTail) -> [Block] {
        var blocks = view.leading
        if let growing = view.growing {
            var head = growing.head
            if case .children(_, let open) = growing.content { head.children = open }
            blocks.append(head)
        }
        return blocks + view.trailing
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
