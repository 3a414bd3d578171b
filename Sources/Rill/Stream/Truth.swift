/// What cmark reads of the text received so far, kept up to date frame by frame: the top-level
/// blocks that can no longer change (final) and the open part after them, parsed again each
/// frame from where it can still change.
///
/// Everything before the last top-level block that starts on a complete line is final (the
/// *frontier* moves past it): an incomplete last line can look like a new block start and close
/// the block before it (`a\n#` against `a\n#b`), so a block starting on it cannot anchor. So is
/// the block before one that starts on the incomplete line when nothing that line becomes can
/// reach back into it (``closesBeforeIncompleteLine(_:)``), and the last block when the blank
/// line the text ends with closes it (``closesAtEndingBlankLine(_:source:incompleteFrom:)``);
/// blank lines and link definitions after the final blocks are passed over once a blank line
/// ends them (``passClosedLines(before:of:source:incompleteFrom:)``). The open top-level block
/// is parsed from deep inside it when it can be (``ResumePath``). Link reference definitions in
/// final text are carried into later parses (``DefinitionCarrier``), and final blocks whose
/// links a newly kept definition may resolve are parsed again (``reresolve(upTo:also:labels:)``).
///
/// The truth never holds anything back and never anticipates: the live view's preview is made
/// from it afterwards (see ``Preview``).
struct Truth: Sendable {
    /// Top-level blocks that will not change again, in document order.
    var finalBlocks: [Block] = []
    /// The open part as parsed this frame.
    var open = OpenTail()
    /// Offset of the first line of the open part.
    var frontier = 0
    /// Bytes handed to cmark so far, carried definitions included.
    var bytesParsed = 0
    /// What the parses of the open part cost so far (what the schedule weighs them by).
    var openPartWork = ParseWork()
    /// Whether the open top-level block is parsed from deep inside it (turned off only to compare).
    var resumesInside = true

    /// Identity state at the frontier.
    var identity = IdentityAssigner()
    var definitions = DefinitionCarrier()
    /// What the engine remembers about each final block, parallel to `finalBlocks`.
    var finalRecords: [FinalRecord] = []
    /// End of the last final block.
    var lastFinalEnd: Int?
    /// Indices of final blocks that a later link definition may change, in order.
    var referencing: [Int] = []
    /// The open top-level block, followed inside (see ``ResumePath``).
    var path: ResumePath?
    /// Whether the last parse of the open part was made from the frontier although a path was
    /// followed (its parse did not continue what it settled): the next is weighed so too.
    private var pathParseFailed = false
    /// Where the split-off paragraph whose definitions final blocks were last resolved without
    /// starts (so that it is done once, not every frame while its table grows).
    private var lastDroppedDefinitions: Int?
    /// The definitions the open part carried, with what they were chosen for.
    private var carried: (key: CarriedKey, prefix: [UInt8])?
    /// How many final blocks, from the first, were released.
    var releasedFinalCount = 0

    /// What the engine remembers about a final block.
    struct FinalRecord: Sendable {
        /// Offset of the block's first line.
        var lineStart: Int
        /// Identity state just before the block, to rename it if it is parsed again.
        var identityBefore: IdentityAssigner
        /// Whether its text holds a `]`, so that a later link definition could change it.
        var mayReference: Bool
        /// What its text may reference, read the first time a late definition asks.
        var referenceTokens: Set<[UInt8]>?
        /// Where its own text ends.
        var textEnd: Int
        /// Whether only a stub of it is kept (see ``MarkdownStream/releaseFinalBlocks(before:keepingResolvable:)``).
        var isReleased = false
    }

    /// One top-level block of this frame's parse: the followed block, or one parsed whole.
    enum Item {
        case followed(ResumePath.Resumed)
        case entry(ParsedSlice.Entry)

        /// The top-level block: the followed block's head, or the block parsed whole.
        var block: Block {
            switch self {
            case .followed(let resumed): resumed.head
            case .entry(let entry): entry.block
            }
        }
    }

    /// What one frame did to the final blocks.
    struct Outcome {
        /// Blocks that became final, in order.
        var finalized: [BlockID] = []
        /// Index of the first of them.
        var firstNewFinal = 0
        /// Earlier final blocks a late definition changed.
        var reresolved: [Block] = []
        /// Whether the block being grown was parsed whole again because a definition kept this
        /// frame may change its final children (their links).
        var regrown = false
        /// When ``regrown``, its final children as they were before (parsed without the
        /// definition), to compare its new version with.
        var finalChildrenBeforeRegrowing: [Block] = []
    }

    /// A parse of the open part, named, without any change to the state.
    struct Parse {
        var items: [Item] = []
        /// Identity state before each item.
        var identityBefore: [IdentityAssigner] = []
        /// Identity state after the last item.
        var identityAfter = IdentityAssigner()
    }

    // MARK: - Parsing the open part

    /// Parses the open part up to `end`, plus `extra` bytes after it (a preview's probe), from
    /// the deepest point it can: inside the followed block, else from the frontier. Nothing of
    /// the state changes but the byte count.
    mutating func parseOpenPart(_ source: [UInt8], end: Int, extra: [UInt8] = [], incompleteFrom: Int) -> Parse {
        let definitions = carriedDefinitions(source)
        // A parse that leaves out the end (a held-back line) follows the path only if no list's
        // looseness was read through a line it leaves out (a blank line, then the held item).
        if let path, path.levels.allSatisfy({ $0.looseReadAt < end || !$0.looseBefore }),
           let (resumed, cost) = path.parse(source, end: end, extra: extra, definitions: definitions,
                                                      incompleteFrom: incompleteFrom) {
            pathParseFailed = false
            bytesParsed += cost.bytes
            openPartWork += cost
            var parse = Parse(items: [.followed(resumed)], identityBefore: [path.identityBefore])
            parse.items += resumed.later.map(Item.entry)
            parse.identityBefore += resumed.identityBeforeLater
            parse.identityAfter = resumed.identityAfter
            return parse
        }
        pathParseFailed = path != nil
        var slice = source[min(frontier, end)..<end]
        var extended: [UInt8] = []
        if !extra.isEmpty {
            extended = Array(slice) + extra
            slice = extended[...]
        }
        bytesParsed += definitions.count + slice.count
        let parsedSlice = SliceParser.parse(prefix: definitions, slice: slice, base: frontier)
        openPartWork += ParseWork(bytes: definitions.count + slice.count, nodes: parsedSlice.nodes)
        var entries = parsedSlice.entries
        var parse = Parse()
        var assigner = identity
        for index in entries.indices {
            parse.identityBefore.append(assigner)
            assigner.assign(&entries[index].block)
        }
        if let lastFinalEnd, !entries.isEmpty {
            entries[0].block.followsBlankLine = source.hasBlankLine(between: lastFinalEnd, and: entries[0].block.range.lowerBound)
        }
        parse.items = entries.map(Item.entry)
        parse.identityAfter = assigner
        return parse
    }

    /// Where a parse of the open part starts, and the bytes it would hand cmark up to `end`
    /// (what the schedule weighs). When the followed block's last parse could not continue
    /// what it settled (the text after its resume point no longer fits the levels above it),
    /// the parse starts from the frontier, and is weighed so: a path started again at every
    /// frame and failing at every frame would otherwise look cheap and never be deferred.
    func parseCost(_ source: [UInt8], end: Int) -> (start: Int, bytes: Int) {
        guard let path, !pathParseFailed else { return (frontier, max(0, end - frontier)) }
        let depth = path.deepestUsableLevel(source, end: end)
        // Read in place: a level is a large value, and this runs at every frame.
        let resumeLine = path.levels[depth].resumeLine
        // A paragraph counts whole even when its settled lines are not parsed again: what else a
        // frame does with it (its inlines put together, styled and compared) still grows with it.
        var counted = resumeLine
        if case .paragraph = path.levels[depth].kind {
            counted = source.lineStart(containing: path.levels[depth].head.range.lowerBound)
        }
        return (resumeLine, max(0, end - counted) + (path.contextCount(at: depth) ?? 0))
    }

    /// Reads the followed block's resume slices on through the text received (see
    /// ``ResumePath/readSlices(_:)``): once a frame, before the frame weighs its parse, so that
    /// weighing it and parsing it read only the text that arrived since.
    mutating func readResumeSlices(_ source: [UInt8]) {
        path?.readSlices(source)
    }

    /// The kept definitions a parse of the open part carries: those that may define a label its
    /// text references. Made once a frame.
    ///
    /// - Complexity: O(the open part), then O(1) in the same frame.
    private mutating func carriedDefinitions(_ source: [UInt8]) -> [UInt8] {
        guard !definitions.isEmpty else { return [] }
        let key = CarriedKey(frontier: frontier, end: source.count, definitions: definitions.count)
        if let carried, carried.key == key { return carried.prefix }
        let prefix = definitions.prefix(for: source[min(frontier, source.count)...])
        carried = (key, prefix)
        return prefix
    }

    /// What ``carriedDefinitions(_:)`` depends on.
    private struct CarriedKey: Equatable {
        let frontier: Int
        let end: Int
        let definitions: Int
    }

    // MARK: - Frames

    /// Parses the open part up to `parseEnd`, makes final what can no longer change, and keeps
    /// the open part; `incompleteFrom` is where the incomplete last line starts (the text's
    /// length when there is none, or at the end of input).
    mutating func frame(_ source: [UInt8], parseEnd: Int, incompleteFrom: Int, atEnd: Bool, paragraphStep: Int) -> Outcome {
        var outcome = Outcome()
        outcome.firstNewFinal = finalBlocks.count
        if !resumesInside { path = nil }
        // The last frame's view shares the followed block's settled children; let it go, so that
        // they can grow in place instead of being copied every frame.
        open = OpenTail()
        var parsed = parseOpenPart(source, end: parseEnd, incompleteFrom: incompleteFrom)
        if path != nil, case .followed? = parsed.items.first {} else { path = nil }
        var definitionsChanged = false
        var assembled: [Int] = []  // final blocks put together from earlier parses

        let anchor = atEnd ? parsed.items.count : anchorIndex(parsed.items, source: source, incompleteFrom: incompleteFrom)
        if atEnd, parsed.items.isEmpty, frontier < source.count {
            // Only definitions (or blank lines) after the last block.
            definitionsChanged = definitions.absorb(source[frontier...], literalRange: nil) || definitionsChanged
        }
        if anchor > 0 {
            finalize(parsed, upTo: anchor, source: source, atEnd: atEnd, outcome: &outcome, assembled: &assembled,
                     definitionsChanged: &definitionsChanged)
        }
        if !atEnd {
            definitionsChanged = passClosedLines(before: anchor, of: parsed.items, source: source, incompleteFrom: incompleteFrom)
                || definitionsChanged
        }

        let settling = ResumePath.Settling(source: source, incompleteFrom: incompleteFrom,
                                           definitions: carriedDefinitions(source), paragraphStep: paragraphStep)
        var viewItems = parsed.items
        var viewAnchor = anchor
        if !atEnd, anchor < parsed.items.count {
            follow(&parsed, at: anchor, settling, definitionsChanged: &definitionsChanged)
            viewItems = parsed.items
        }

        // A definition that became final may change blocks parsed before it arrived.
        if definitionsChanged {
            outcome.reresolved = reresolve(upTo: outcome.firstNewFinal, also: assembled, source: source)
            if let path, path.settledTextMayReference(source) {
                // Its settled parts were parsed without the definition: parse it whole again
                // (it is followed again from the next frame).
                self.path = nil
                outcome.regrown = true
                outcome.finalChildrenBeforeRegrowing = path.levels[0].settled
                viewItems = parseOpenPart(source, end: parseEnd, incompleteFrom: incompleteFrom).items
                viewAnchor = 0
            }
        }
        // Definitions that a table's header line just split off (cmark-gfm never registers them)
        // may have resolved final blocks while they stood: resolve those again without them.
        if !atEnd, let dropped = droppedDefinitions(parsed.items, from: anchor, source: source),
           dropped.start != lastDroppedDefinitions {
            lastDroppedDefinitions = dropped.start
            for block in reresolve(upTo: finalBlocks.count, also: [], labels: dropped.labels, source: source) {
                outcome.reresolved.removeAll { $0.id == block.id }
                outcome.reresolved.append(block)
            }
        }
        open = atEnd ? OpenTail() : view(viewItems, from: viewAnchor)
        return outcome
    }

    /// Starts or moves the following of the block at `anchor`, the first open one: the followed
    /// block settles more; another block is followed when it can pay.
    private mutating func follow(_ parsed: inout Parse, at anchor: Int, _ settling: ResumePath.Settling,
                                 definitionsChanged: inout Bool) {
        let source = settling.source
        switch parsed.items[anchor] {
        case .followed(let resumed):
            guard var followed = path else { return }
            path = nil  // leave `followed` the only owner of its settled parts, which grow in place
            let settledBefore = followed.levels[0].settled.count
            let linesBefore = followed.levels[0].codeLineCount
            guard followed.advance(resumed, settling) else {
                // No longer followed: shown whole, parsed whole from the next frame. Level 0 only
                // grew (a failed advance keeps it), so its parts as they were are a prefix of it:
                // no copy of the path is kept across the advance, which would make every frame
                // that settles more copy all the settled parts (quadratic in a long table).
                let whole = followed.materialized(resumed, settledCount: settledBefore, codeLineCount: linesBefore)
                parsed.items.replaceSubrange(anchor...anchor, with: whole.map { .entry(Self.entry($0, source: source)) })
                return
            }
            let (text, context) = followed.takeSettledText(source)
            definitionsChanged = definitions.absorb(text, literalRange: nil, context: context) || definitionsChanged
            // The view shows the children settled this frame among the settled ones.
            var shown = resumed
            shown.openChildren.removeFirst(min(shown.openChildren.count, followed.levels[0].settled.count - settledBefore))
            if var lines = shown.codeLines {
                lines.complete.removeFirst(min(lines.complete.count, followed.levels[0].codeLineCount - linesBefore))
                shown.codeLines = lines
            }
            parsed.items[anchor] = .followed(shown)
            path = followed
        case .entry(let entry):
            guard resumesInside, entry.startsOnCompleteLine else { return }
            let entries = parsed.items[anchor...].compactMap { item -> ParsedSlice.Entry? in
                if case .entry(let entry) = item { return entry }
                return nil
            }
            guard entries.count == parsed.items.count - anchor,
                  var started = ResumePath.start(entries, at: 0, identityBefore: parsed.identityBefore[anchor], settling) else {
                return
            }
            // Lines before the block (blank, or definitions) can no longer change.
            if started.lineStart > frontier {
                definitionsChanged = definitions.absorb(source[frontier..<started.lineStart], literalRange: nil)
                    || definitionsChanged
                frontier = started.lineStart
            }
            let (text, context) = started.takeSettledText(source)
            definitionsChanged = definitions.absorb(text, literalRange: nil, context: context) || definitionsChanged
            path = started
            // Shown as followed from this frame on, as a preview's parse of it will be.
            let block = entries[started.intro == nil ? 0 : 1].block
            parsed.items.replaceSubrange(anchor...(anchor + (started.intro == nil ? 0 : 1)),
                                         with: [.followed(started.resumed(block, source: source, incompleteFrom: settling.incompleteFrom))])
        }
    }

    /// The open part as `parse` shows it (a preview's parse of the open part, made after the frame).
    func view(of parse: Parse) -> OpenTail {
        view(parse.items, from: 0)
    }

    /// Whether the line starting at `offset` is inside the fenced code block being written
    /// (followed as the deepest level): it is code, whatever it says.
    func followsOpenCode(from offset: Int) -> Bool {
        guard let level = path?.levels.last, case .code = level.kind else { return false }
        return level.resumeLine <= offset
    }

    /// Where the settled lines of the paragraph being written end, when it is followed inside
    /// (nothing is left open in them).
    var settledParagraphEnd: Int? {
        guard let level = path?.levels.last, case .paragraph(let settled, _) = level.kind, !settled.isEmpty else { return nil }
        return level.resumeLine
    }

    /// The open part as this frame's parse shows it, from item `anchor` on.
    private func view(_ items: [Item], from anchor: Int) -> OpenTail {
        var view = OpenTail()
        for item in items[min(anchor, items.count)...] {
            switch item {
            case .followed(let resumed):
                guard let path else { continue }
                view.leading = path.intro.map { [$0] } ?? []
                switch path.levels[0].kind {
                case .list, .item, .quote, .table:
                    view.growing = GrowingBlock(head: resumed.head, content: .children(final: path.levels[0].settled,
                                                                                       open: resumed.openChildren))
                case .code(_, let lines):
                    // Complete lines a parse found beyond the settled ones (a preview's parse, which
                    // settles nothing) are shown with them; the settled lines alone are not copied.
                    let found = resumed.codeLines?.complete ?? []
                    view.growing = GrowingBlock(head: resumed.head, content: .code(lines: found.isEmpty ? lines : lines + found,
                                                                                   openLine: resumed.codeLines?.open))
                case .paragraph:
                    view.trailing.append(resumed.head)
                }
            case .entry(let entry):
                view.trailing.append(entry.block)
            }
        }
        return view
    }

    /// A block as a parse entry of its own (a followed block shown whole).
    static func entry(_ block: Block, source: [UInt8]) -> ParsedSlice.Entry {
        let lineStart = source.lineStart(containing: block.range.lowerBound)
        return ParsedSlice.Entry(block: block, lineStart: lineStart, startsOnCompleteLine: true)
    }
}
