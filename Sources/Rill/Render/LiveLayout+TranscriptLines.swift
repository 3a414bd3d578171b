extension LiveLayout {
    /// Where a line a view shows came from: the part of the document a frame laid it out in,
    /// and whether it was committed before it settled. Tests read them (``transcriptLines``) to
    /// tell which lines of a transcript may show a block as it was when the live region filled,
    /// and which must be the batch render's.
    @_spi(Testing) public struct TranscriptLine: Sendable, Equatable {
        /// The top-level block the line belongs to (its separating blank line included).
        public var block: Int
        /// The block's part (0 the head, 1… its children, then its tail; see ``BlockParts``).
        public var part: Int
        /// The line's position in that part as the frame laid it out.
        public var line: Int
        /// Whether it was committed before it settled, because the live region was full.
        public var isEarly: Bool

        public init(block: Int, part: Int, line: Int, isEarly: Bool) {
            self.block = block
            self.part = part
            self.line = line
            self.isEarly = isEarly
        }
    }

    /// While ``recordsTranscriptLines`` is on: every line committed so far, in order, then the
    /// lines the last frame left in the live region: what a view that painted every frame shows
    /// from the top of its output down.
    @_spi(Testing) public var transcriptLines: [TranscriptLine] { committedLines + liveLines }
}
