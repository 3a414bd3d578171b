/// What of an open block can no longer change, down to its lines: the engine's one answer to
/// "can this line still change?", which layout and the live view consume as it is.
///
/// A final block is ``settled``. An open block is settled as far as its text is: a line being
/// written (the incomplete last line of input) may still change, or turn into another block
/// (`-` into a rule, `1.` into text, `#` into a heading); a paragraph may still become a heading
/// or gain a table header, and its delimiters may still close; what a complete line holds in a
/// code block, a table row or a finished list item cannot change.
///
/// ```
/// - First item            settled
/// - Second item           the anchor: .children(anchor: 0, inner: .unsettled)
/// - Third, being wri      starts on the line being written
/// ```
/// is `.children(anchor: 1, inner: .children(anchor: 0, inner: .unsettled))`: the first item
/// is settled, the second is the anchor (its paragraph is still open), the third starts on the
/// line being written.
///
/// Derived in one place (``of(_:incompleteFrom:source:)``, for a whole block or one the engine
/// is growing); ``MarkdownStream/settlement(ofOpen:)`` gives it for each open top-level block.
public indirect enum Settlement: Hashable, Sendable {
    /// Nothing can change: a final block, or an open heading, thematic break or table row whose
    /// line is complete. Laid out as a closed block.
    case settled
    /// Nothing is settled: an open paragraph, a block that reaches into the line being written,
    /// a block that starts on it (it may still turn into another), an open container without
    /// children, and an open block quote whose only paragraph may still turn out to be a link
    /// reference definition (leaving the quote empty).
    case unsettled
    /// An open code or HTML block: its first `complete` lines (of its literal) are complete and
    /// cannot change; the rest may, and more may follow, then a closing line.
    case lines(complete: Int)
    /// An open container (list, item, block quote, table): children before `anchor` are settled;
    /// the child at `anchor` (the last that starts before the line being written, or the first)
    /// is as settled as `inner` says; children after it start on the line being written. A
    /// table's children are its rows, the header first.
    case children(anchor: Int, inner: Settlement)

    /// Whether nothing can change (``settled``): the block is laid out as a closed one.
    public var isSettled: Bool {
        if case .settled = self { return true }
        return false
    }

    /// Whether nothing is settled (``unsettled``).
    public var isUnsettled: Bool {
        if case .unsettled = self { return true }
        return false
    }

    /// The settlement of child `index` (a child block, or a line of a code or HTML block).
    public func child(_ index: Int) -> Settlement {
        switch self {
        case .settled: .settled
        case .unsettled: .unsettled
        case .lines(let complete): index < complete ? .settled : .unsettled
        case .children(let anchor, let inner): index < anchor ? .settled : index == anchor ? inner : .unsettled
        }
    }

    /// Index of the first child (or line) that is not known to be settled: children from here
    /// on are as ``child(_:)`` says, those before it are settled.
    public var firstOpenChild: Int {
        switch self {
        case .settled: .max
        case .unsettled: 0
        case .lines(let complete): complete
        case .children(let anchor, _): anchor
        }
    }

    /// How many leading children (or lines) are settled.
    public var settledChildren: Int {
        switch self {
        case .settled: .max
        case .unsettled: 0
        case .lines(let complete): complete
        case .children(let anchor, let inner): inner.isSettled ? anchor + 1 : anchor
        }
    }
}

extension Settlement {
    /// The settlement of open `block`, whose text reaches as far as the engine showed it;
    /// `incompleteFrom` is where the line being written starts (`Int.max` when the input ends
    /// with a complete line), `source` the text its offsets index.
    ///
    /// - Complexity: O(depth) along the last children, plus their children after the one that
    ///   starts last before the line being written, plus the literal of an open code or HTML
    ///   block on that path (its lines are counted).
    static func of(_ block: Block, incompleteFrom: Int, source: [UInt8]) -> Settlement {
        var readsText = false
        return of(block, incompleteFrom: incompleteFrom, source: source, readsText: &readsText)
    }

    /// ``of(_:incompleteFrom:source:)``, setting `readsText` when the answer read the text
    /// itself (an open quote's only paragraph, which may be a definition being written), not
    /// only the blocks and `incompleteFrom`.
    static func of(_ block: Block, incompleteFrom: Int, source: [UInt8], readsText: inout Bool) -> Settlement {
        of(kind: block.kind, range: block.range, children: Children(block.children, []), incompleteFrom: incompleteFrom,
           source: source, readsText: &readsText)
    }

    /// The settlement of a container or fence the engine is growing (see ``GrowingBlock``), as
    /// ``of(_:incompleteFrom:source:)`` gives it for the whole block, without putting it together:
    /// a growing fence's complete lines are counted as it grows.
    ///
    /// - Complexity: as ``of(_:incompleteFrom:source:)``, without copying the final children.
    static func of(_ growing: GrowingBlock, incompleteFrom: Int, source: [UInt8], readsText: inout Bool) -> Settlement {
        switch growing.content {
        case .code(let lines, _):
            return growing.head.range.lowerBound >= incompleteFrom ? .unsettled : .lines(complete: lines.count)
        case .children(let final, let open):
            return of(kind: growing.head.kind, range: growing.head.range, children: Children(final, open),
                      incompleteFrom: incompleteFrom, source: source, readsText: &readsText)
        }
    }

    /// A block's children, as one array or as a growing block's final and open ones, read
    /// where they are.
    private struct Children: RandomAccessCollection {
        let first: [Block]
        let second: [Block]

        init(_ first: [Block], _ second: [Block]) {
            self.first = first
            self.second = second
        }

        var startIndex: Int { 0 }
        var endIndex: Int { first.count + second.count }

        subscript(index: Int) -> Block {
            index < first.count ? first[index] : second[index - first.count]
        }
    }

    /// The rule for a block of `kind` over `range` with `children`.
    private static func of(kind: BlockKind, range: Range<Int>, children: Children, incompleteFrom: Int,
                           source: [UInt8], readsText: inout Bool) -> Settlement {
        // A block that starts on the line being written may still turn into another.
        let startsThere = range.lowerBound >= incompleteFrom
        let reaches = range.upperBound > incompleteFrom
        switch kind {
        case .paragraph:
            // The next line may still make it a setext heading or a table's header, and
            // delimiters opened in it may still close.
            return .unsettled
        case .heading, .thematicBreak, .tableRow, .tableCell:
            return startsThere || reaches ? .unsettled : .settled
        case .codeBlock(let code):
            guard !startsThere else { return .unsettled }
            let count = lineCount(code.literal, splitsCRLF: true)
            return .lines(complete: reaches ? max(0, count - 1) : count)
        case .htmlBlock(let literal):
            guard !startsThere else { return .unsettled }
            let count = lineCount(literal, splitsCRLF: false)
            return .lines(complete: reaches ? max(0, count - 1) : count)
        case .list, .item, .table:
            guard !startsThere else { return .unsettled }
            return container(children, incompleteFrom: incompleteFrom, source: source, readsText: &readsText)
        case .blockQuote:
            // `>` stays a quote whatever follows it: even begun on the line being written, a
            // quote is as settled as its children (none of which is then settled).
            if children.count == 1 {
                readsText = true
                if quoteMayEmpty(only: children[0], source: source) { return .unsettled }
            }
            return container(children, incompleteFrom: incompleteFrom, source: source, readsText: &readsText)
        }
    }

    /// An open container's settlement: its anchor is the engine's (``OpenChildren``: the last
    /// child that starts on a complete line, or the first), and the anchor is as settled as its
    /// own rule says.
    private static func container(_ children: Children, incompleteFrom: Int, source: [UInt8],
                                  readsText: inout Bool) -> Settlement {
        guard children.count > 0 else { return .unsettled }
        let anchor = OpenChildren.anchor(children, incompleteFrom: incompleteFrom, lineIsDecided: false) ?? 0
        return .children(anchor: anchor, inner: of(children[anchor], incompleteFrom: incompleteFrom, source: source,
                                                   readsText: &readsText))
    }

    /// Whether the only child of an open quote is a paragraph that may still turn out to be a
    /// link reference definition, which would leave the quote empty (drawn as its gutter
    /// alone): it starts like a definition being written (``TailStabilizer/mayBeDefinition(_:)``:
    /// `[`, a label still open or closed by `]:`, or by a `]` at the end where `:` may come
    /// next); a title may end on a later, lazy line. `> [!NOTE]` then text is not one.
    private static func quoteMayEmpty(only child: Block, source: [UInt8]) -> Bool {
        guard case .paragraph = child.kind else { return false }
        let start = child.range.lowerBound
        return start >= 0 && start < source.count && TailStabilizer.mayBeDefinition(source[start...])
    }

    /// How many lines ``codeLines(_:)`` (`splitsCRLF`) or ``htmlLines(_:)`` makes of `literal`,
    /// counted without making them: an open block's settlement is asked at every frame.
    static func lineCount(_ literal: String, splitsCRLF: Bool) -> Int {
        if splitsCRLF, literal.isEmpty { return 0 }
        var literal = literal
        return literal.withUTF8 { bytes in
            // Line feeds that split (a `\r\n` is one character: where characters split, it does
            // not), and whether one ends the literal (a `\r\n` never does: it is no `\n`).
            var count = 1
            var previous: UInt8 = 0
            for byte in bytes {
                if byte == 0x0A, splitsCRLF || previous != 0x0D { count += 1 }
                previous = byte
            }
            let endsWithBreak = bytes.last == 0x0A && (bytes.count < 2 || bytes[bytes.count - 2] != 0x0D)
            return endsWithBreak ? count - 1 : count
        }
    }

    /// The lines of a code block's literal that ``lines(complete:)`` counts and a code block
    /// shows one by one: split at each `\n`, after the one ending the literal is dropped; none
    /// for an empty literal.
    static func codeLines(_ literal: String) -> [Substring] {
        guard !literal.isEmpty else { return [] }
        var text = literal[...]
        if text.hasSuffix("\n") { text = text.dropLast() }
        return text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { Substring($0) }
    }

    /// The lines of an HTML block's literal that ``lines(complete:)`` counts and an HTML block
    /// shows: split at each `\n` (as characters: a `\r\n` stays within its line), after the one
    /// ending the literal is dropped.
    static func htmlLines(_ literal: String) -> [Substring] {
        var text = literal[...]
        if text.hasSuffix("\n") { text = text.dropLast() }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
    }
}

extension MarkdownStream {
    /// What of open top-level block `index` (counted across ``tail``: its leading blocks, the
    /// growing one, its trailing blocks) can no longer change, as of the last frame. Every
    /// final block is ``Settlement/settled``.
    ///
    /// - Complexity: see ``Settlement/of(_:incompleteFrom:source:)``; independent of the
    ///   length of a growing block.
    public func settlement(ofOpen index: Int) -> Settlement {
        let incomplete = incompleteLineStart ?? .max
        if settlements.holds(revision: revision, incompleteFrom: incomplete), index < settlements.values.count {
            return settlements.values[index]
        }
        var readsText = false
        return settlement(ofOpen: index, incompleteFrom: incomplete, readsText: &readsText)
    }

    /// ``settlement(ofOpen:)`` with the line being written starting at `incomplete`.
    func settlement(ofOpen index: Int, incompleteFrom incomplete: Int, readsText: inout Bool) -> Settlement {
        var position = index
        if position < tail.leading.count {
            return Settlement.of(tail.leading[position], incompleteFrom: incomplete, source: source, readsText: &readsText)
        }
        position -= tail.leading.count
        if let growing = tail.growing {
            if position == 0 { return Settlement.of(growing, incompleteFrom: incomplete, source: source, readsText: &readsText) }
            position -= 1
        }
        return Settlement.of(tail.trailing[position], incompleteFrom: incomplete, source: source, readsText: &readsText)
    }

    /// Makes the open blocks' settlements of this frame again, unless those kept were made from
    /// the same blocks and line being written, without reading the text. A frame that changed
    /// the blocks keeps none: its view asks for them once; the frames after it that change no
    /// block (deferred parses) would ask for the same again.
    mutating func keepSettlements() {
        let incomplete = incompleteLineStart ?? .max
        guard !settlements.holds(revision: revision, incompleteFrom: incomplete) else { return }
        guard settlements.revision == revision else {
            settlements = KeptSettlements(revision: revision)
            return
        }
        var kept = KeptSettlements(revision: revision, incompleteFrom: incomplete)
        kept.values.reserveCapacity(tail.count)
        var readsText = false
        for index in 0..<tail.count {
            kept.values.append(settlement(ofOpen: index, incompleteFrom: incomplete, readsText: &readsText))
        }
        kept.readsText = readsText
        settlements = kept
    }
}

/// The open blocks' settlements as a frame made them, and what from: a deferred frame asks
/// for them again of the same blocks.
struct KeptSettlements: Sendable {
    var revision = -1
    var incompleteFrom = 0
    var values: [Settlement] = []
    /// Whether making them read the text, which a frame that changed no block may still change
    /// (or none were made).
    var readsText = true

    /// Whether they are those of the blocks of `revision` with the line being written at
    /// `incompleteFrom`.
    func holds(revision: Int, incompleteFrom: Int) -> Bool {
        !readsText && self.revision == revision && self.incompleteFrom == incompleteFrom
    }
}
