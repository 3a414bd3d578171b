/// The plain text the open part ends with while plain words are added to it, as a stream tells
/// those who keep what they made of it: so that they need not keep the text itself.
///
/// A paragraph written as one long line is shown by appending the words of each frame to its
/// last text (``PlainTextExtension``). Appended where it is stored, that costs the words added;
/// but only while the stream holds the text's storage alone: a view that kept it from the last
/// frame (to compare against, or in its memos) makes every append a copy of the whole text. So a
/// holder lets go of the text after each frame and keeps its length and this record's
/// generation: a text of the same generation is the text it held grown at its end, its first
/// bytes those it held (only a text of ``letGoLength`` bytes or more). When a parse ends the generation, the text as it last was is passed on
/// for one frame (``replaced``), for holders to take back what they let go of.
struct TextGrowth: Sendable {
    /// The growing text: the open leaf whose last inline it is, a number no other text (of any
    /// stream) had, and its length in UTF-8 bytes now.
    struct Current: Sendable, Equatable {
        var leaf: BlockID
        var generation: Int
        var length: Int
    }

    /// The text growing now, if the last frame grew one.
    private(set) var current: Current?
    /// The text of the generation this frame ended, as it last was.
    var replaced: (generation: Int, text: String)?
    /// Appends that found the text's storage too small or held elsewhere, and moved it.
    private(set) var moves = 0
    /// The length from which a growing text is let go of (4 KB): holders of a shorter one keep
    /// it, as letting go costs them a copy of what holds it (the paragraph's inlines, its spans)
    /// at every frame, and a copy of the text is cheap while it is short.
    var letGoLength = 4_096

    /// Whether no text grows and none was just replaced: holders have nothing to let go of or
    /// take back.
    var isEmpty: Bool { current == nil && replaced == nil }

    /// Notes a frame that extended the open part: the text grown, or nil when the extension
    /// grew none in place (the generation then ends, with nothing to take back).
    mutating func note(_ grown: GrownText?) {
        if grown?.moved == true { moves += 1 }
        guard let grown, grown.length >= letGoLength else { return end(lastText: nil) }
        if var current, current.leaf == grown.leaf {
            current.length = grown.length
            self.current = current
        } else {
            replaced = nil
            current = Current(leaf: grown.leaf, generation: StreamRevision.next(), length: grown.length)
        }
    }

    /// Ends the generation growing, if one is: the open part was parsed again. `lastText` is its
    /// text as it last was (the tail's before the parse).
    mutating func end(lastText: String?) {
        guard let current else { return }
        replaced = lastText.map { (current.generation, $0) }
        self.current = nil
    }
}

/// A text an extension appended to where it is stored: the open leaf it ends, its new length in
/// UTF-8 bytes, and whether the append moved it (its storage was too small or held elsewhere).
struct GrownText: Sendable {
    var leaf: BlockID
    var length: Int
    var moved: Bool
}
