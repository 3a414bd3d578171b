/// A top-level block as an update compares it: the block without its leading children (or code
/// lines) that can no longer change, which are only counted, so that comparing a block the
/// engine grows costs what changed, not its size, and keeping it shares nothing that grows.
struct ReportedBlock {
    /// The block with only its children after the ``settled`` ones, and for a code block only
    /// the literal after its ``settled`` lines.
    private(set) var rest: Block
    /// How many leading children (or complete code lines) are left out of ``rest``.
    private(set) var settled: Int
    /// For a code block, the bytes of the literal its ``settled`` lines make, line breaks
    /// included.
    private(set) var settledBytes: Int
    /// The stream's growing text that ``rest`` ends with, let go of after the report (an empty
    /// text in its place), so that the stream appends to it where it is stored (see
    /// ``TextGrowth``); ``isTextLost`` when the stream ended its generation without passing it on.
    private(set) var textLetGo: LetGoText?
    private(set) var isTextLost = false

    var id: BlockID { rest.id }

    /// Lets go of the text ``rest`` ends with when it is `growth`'s growing text.
    ///
    /// - Complexity: O(depth), plus a copy of what holds the text where the stream's block
    ///   shares it (its inlines, the children on the way).
    mutating func letGo(_ growth: GrowingTextFrame) {
        guard textLetGo == nil, let text = rest.lastText, let held = growth.letGo(text) else { return }
        rest.editLastText { $0 = "" }
        textLetGo = held
    }

    /// Whether `now`, this block as the stream shows it this frame, can be compared with it:
    /// where it let go of its last text, `now` ends with that text (the stream's growing text),
    /// grown or not.
    func isComparable(with now: ReportedBlock, _ growth: GrowingTextFrame) -> Bool {
        guard !isTextLost else { return false }
        guard let held = textLetGo else { return true }
        return now.rest.lastText.map { growth.continues(held, in: $0) } ?? false
    }

    /// Takes back the text let go of, or waits while it still grows, as `growth` says.
    mutating func recover(_ growth: GrowingTextFrame) {
        guard let held = textLetGo else { return }
        switch growth.fate(of: held) {
        case .takeBack(let text):
            rest.editLastText { $0 = text }
            textLetGo = nil
        case .stillGrowing:
            break
        case .forget:
            isTextLost = true
        }
    }

    /// A whole block, as a prefix of `settled` children or lines (`settledBytes` of a code
    /// literal) known not to have changed leaves it; nil when it has fewer.
    ///
    /// - Complexity: O(n) in the children after the prefix, or in the literal for a code block.
    init?(_ block: Block, after settled: Int = 0, settledBytes: Int = 0) {
        rest = block
        self.settled = settled
        self.settledBytes = settledBytes
        if case .codeBlock(var code) = block.kind {
            guard settledBytes <= code.literal.utf8.count else { return nil }
            if settledBytes > 0 {
                code.literal = String(decoding: code.literal.utf8.dropFirst(settledBytes), as: UTF8.self)
                rest.kind = .codeBlock(code)
            }
        } else {
            guard settled <= block.children.count else { return nil }
            if settled > 0 { rest.children = Array(block.children[settled...]) }
        }
    }

    /// A block the engine grows, as a prefix of `settled` of its final children or complete
    /// lines (`settledBytes` of its literal) leaves it; nil when it has fewer.
    ///
    /// - Complexity: O(n) in the children or lines after the prefix.
    init?(_ growing: GrowingBlock, after settled: Int, settledBytes: Int) {
        guard settled <= growing.finalCount else { return nil }
        self.init(growing, within: settled, settledBytes: settledBytes)
    }

    /// ``init(_:after:settledBytes:)`` for a `settled` known to be at most the block's final
    /// children or lines.
    private init(_ growing: GrowingBlock, within settled: Int, settledBytes: Int) {
        rest = growing.head
        self.settled = settled
        self.settledBytes = settledBytes
        switch growing.content {
        case .children(let final, let open):
            rest.children = Array(final[settled...]) + open
        case .code(let lines, let openLine):
            if case .codeBlock(var code) = growing.head.kind {
                code.literal = GrowingBlock.literal(Array(lines[settled...]), open: openLine)
                rest.kind = .codeBlock(code)
            }
        }
    }

    /// A block the engine grows, as a prefix of all its final children or lines leaves it, the
    /// bytes of those lines counted on from `earlier` (the same block as last reported, if it was).
    ///
    /// - Complexity: O(n) in the open children, and in the lines that became final since
    ///   `earlier` (all of them without it).
    init(settling growing: GrowingBlock, from earlier: ReportedBlock?) {
        var bytes = 0
        if case .code(let lines, _) = growing.content {
            var start = 0
            if let earlier, case .codeBlock = earlier.rest.kind, earlier.settled <= lines.count {
                (start, bytes) = (earlier.settled, earlier.settledBytes)
            }
            bytes += lines[start...].reduce(0) { $0 + $1.utf8.count + 1 }
        }
        self.init(growing, within: growing.finalCount, settledBytes: bytes)
    }
}
