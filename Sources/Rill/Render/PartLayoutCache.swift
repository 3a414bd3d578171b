/// The layouts of the parts a live layout drew (see ``BlockParts``), kept while they may be
/// drawn again: a part is laid out again only when it, its settlement or what its layout depends
/// on changed, and forgotten once the commit frontier passed it.
struct PartLayoutCache: Sendable {
    private struct Key: Hashable, Sendable {
        var block: BlockID
        var part: Int
    }

    /// A part's lines, and what they were laid out from besides the layout context.
    private struct Entry: Sendable {
        /// The block laid out: a whole block, or a child (nil for a code line, or a head).
        var block: Block?
        /// A code block's line.
        var code: Substring?
        /// How settled the block or line is (nil for a split block's head, see ``head``).
        var settlement: Settlement?
        /// Whether a table's plan is settled, and which plan it is (a table row's only).
        var planFixed: Bool
        var plan: Int
        /// A whole block's position in the document.
        var index: Int
        var laidOut: PartLines
        /// Whether the part may hold a reference still unresolved.
        var awaitsDefinition: Bool
        /// The highlight state a code line started in (nil when not highlighted).
        var codeStart: HighlightState? = nil
        /// A split block's head (see ``BlockParts/HeadKey``).
        var head: BlockParts.HeadKey? = nil
        /// The stream's growing text that ``block`` ends with, let go of after the frame (an
        /// empty text in its place; see ``TextGrowth``).
        var textLetGo: LetGoText? = nil
    }

    private var entries: [Key: Entry] = [:]
    /// The last table plan made, with what it was made from.
    private var tablePlan: (head: Block, isFinal: Bool, sample: [Block], sections: TableSections, mayAwaitDefinition: Bool)?
    /// Parts laid out (cache misses).
    private(set) var misses = 0
    /// The stream's growing text this frame, and the parts that let go of a growing text.
    private var growth = GrowingTextFrame()
    private var lettingGo: [(key: Key, held: LetGoText)] = []

    /// Starts a frame whose stream's growing text is `growth`: the parts that let go of the text
    /// of the generation the stream just ended take it back; those that let go of a text neither
    /// taken back nor still growing are forgotten, laid out again (see ``GrowingTextFrame/fate(of:)``).
    ///
    /// - Complexity: O(1) while the generation goes on, else O(parts that let go of its text).
    mutating func takeBack(_ growth: GrowingTextFrame) {
        self.growth = growth
        guard !lettingGo.allSatisfy({ growth.fate(of: $0.held) == .stillGrowing }) else { return }
        let parts = lettingGo
        lettingGo = []
        for part in parts {
            switch growth.fate(of: part.held) {
            case .takeBack(let text):
                // Its entry holds the empty text, unless the part was laid out again since
                // without letting go of a text (then it is forgotten too).
                guard var entry = entries.removeValue(forKey: part.key), entry.textLetGo != nil else { continue }
                entry.block?.editLastText { $0 = text }
                entry.textLetGo = nil
                entries[part.key] = entry
            case .stillGrowing:
                lettingGo.append(part)
            case .forget:
                entries[part.key] = nil
            }
        }
    }

    /// Ends a frame: lets go of the growing text (the parts keep no reference to it).
    mutating func endFrame() {
        growth = GrowingTextFrame()
    }

    /// Whether `entry` was laid out from `block` as it is, and if not, the length its last text
    /// had when only that text grew at its end since (let go of by the entry: a text of the same
    /// generation, which only extensions of that text grew, which change nothing else).
    ///
    /// - Complexity: O(depth of `block`) when the entry let go of its last text, else as `==`.
    private func compare(_ entry: Entry, with block: Block?) -> (same: Bool, grownFrom: Int?) {
        guard let held = entry.textLetGo else { return (entry.block == block, nil) }
        guard let text = block?.lastText, growth.continues(held, in: text) else { return (false, nil) }
        return text.utf8.count == held.length ? (true, nil) : (false, held.length)
    }

    /// Whether `block` may hold a reference still unresolved: as `earlier` said when only its
    /// last text grew since, from its length `grownFrom`, unless the text added holds a `]`.
    ///
    /// - Complexity: O(text added) then, else ``Block/mayHoldUnresolvedReference``.
    private static func awaits(_ block: Block, earlier: Bool?, grownFrom: Int?) -> Bool {
        guard let earlier, let grownFrom, let text = block.lastText else { return block.mayHoldUnresolvedReference }
        if earlier { return true }
        return text.withUTF8Bytes { String.contains(0x5D, in: UnsafeBufferPointer(rebasing: $0[grownFrom...])) }
    }

    /// `entry`, kept for part `key`, without the growing text when its block ends with it (an
    /// empty text in its place, its generation and length kept): the stream then holds the text
    /// alone and appends to it in place.
    private mutating func keep(_ entry: Entry, for key: Key) {
        var entry = entry
        if growth.current != nil, let text = entry.block?.lastText, let held = growth.letGo(text) {
            entry.block?.editLastText { $0 = "" }
            entry.textLetGo = held
            lettingGo.removeAll { $0.key == key }
            lettingGo.append((key, held))
        }
        entries[key] = entry
    }

    /// The lines of part `key` and whether it may await a definition, when it was laid out from
    /// `block` as it is and `matches` the rest; else what its entry said about definitions and
    /// the length its last text had, when only that text grew since (nothing of the entry is
    /// held after: its lines must be held once when the part is laid out again).
    private func lookUp(_ key: Key, block: Block?,
                        matches: (Entry) -> Bool) -> (hit: (PartLines, awaits: Bool)?, awaits: Bool?, grownFrom: Int?) {
        guard let entry = entries[key] else { return (nil, nil, nil) }
        let (same, grownFrom) = compare(entry, with: block)
        if same, matches(entry) { return ((entry.laidOut, entry.awaitsDefinition), nil, nil) }
        return (nil, entry.awaitsDefinition, grownFrom)
    }

    /// Forgets every layout and plan (the width changed).
    mutating func removeAll() {
        entries.removeAll()
        lettingGo = []
        tablePlan = nil
    }

    /// Forgets the parts the commit frontier passed: every part of the blocks up to `passed`,
    /// and of block `current` the parts before `part`.
    mutating func forget(blocksThrough passed: BlockID?, partsOf current: BlockID?, before part: Int) {
        // Removed in place: a filtered copy starts small and grows again as parts are added.
        let gone = entries.keys.filter { key in
            if let passed, key.block <= passed { return true }
            if let current, key.block == current { return key.part < part }
            return false
        }
        for key in gone { entries.removeValue(forKey: key) }
    }

    /// A block laid out whole, and whether it may hold a reference still unresolved.
    mutating func single(_ parts: BlockParts, in context: LayoutContext) -> (PartLines, awaits: Bool) {
        let key = Key(block: parts.head.id, part: 0)
        let earlier = lookUp(key, block: parts.head) { $0.settlement == parts.settlement && $0.index == parts.index }
        if let hit = earlier.hit { return hit }
        misses += 1
        // The old lines go first: a paragraph's wrap memo then holds its lines alone, and adds
        // the new text's lines to them in place (see ``TextWrapper/wrap(_:width:memo:unchangedPrefix:grownFrom:grownFromLength:grownBy:)``).
        entries[key] = nil
        let laidOut = parts.headLines(in: context, sections: nil)
        let awaits = Self.awaits(parts.head, earlier: earlier.awaits, grownFrom: earlier.grownFrom)
        keep(Entry(block: parts.head, code: nil, settlement: parts.settlement, planFixed: true, plan: 0,
                   index: parts.index, laidOut: laidOut, awaitsDefinition: awaits), for: key)
        return (laidOut, awaits)
    }

    /// The head of a split block (a table's top border and header, a code block's top line).
    mutating func head(_ parts: BlockParts, sections: TableSections?, in context: LayoutContext) -> PartLines {
        let key = Key(block: parts.head.id, part: 0)
        let headKey = parts.headKey(sections: sections)
        if let headKey, let entry = entries[key], entry.head == headKey { return entry.laidOut }
        misses += 1
        let laidOut = parts.headLines(in: context, sections: sections)
        entries[key] = Entry(block: nil, code: nil, settlement: nil, planFixed: true, plan: 0, index: parts.index,
                             laidOut: laidOut, awaitsDefinition: false, head: headKey)
        return laidOut
    }

    /// Child part `position`'s lines, and whether it may hold a reference still unresolved.
    mutating func child(_ parts: BlockParts, _ position: Int, sections: TableSections?,
                        in context: LayoutContext) -> (PartLines, awaits: Bool) {
        let key = Key(block: parts.head.id, part: position + 1)
        var child: Block?
        var code: Substring?
        if case .code = parts.shape { code = parts.codeLine(position) } else { child = parts.child(position) }
        let settlement = parts.settlement(ofChild: position)
        let planFixed = sections.map { parts.planIsSettled($0) } ?? true
        let plan = sections?.plan ?? 0
        // A highlighted code line is coloured from the state the lines above left.
        let codeStart = code == nil ? nil : parts.codeLineStart(position, in: context)
        let earlier = lookUp(key, block: child) { entry in
            entry.code == code && entry.settlement == settlement && entry.planFixed == planFixed
                && entry.plan == plan && entry.codeStart === codeStart
        }
        if let hit = earlier.hit { return hit }
        misses += 1
        entries[key] = nil  // as in ``single(_:in:)``
        let laidOut = PartLines(laidOut: parts.childLines(position, in: context, settlement: settlement, sections: sections),
                                separated: false)
        let awaits = child.map { Self.awaits($0, earlier: earlier.awaits, grownFrom: earlier.grownFrom) } ?? false
        keep(Entry(block: child, code: code, settlement: settlement, planFixed: planFixed, plan: plan,
                   index: parts.index, laidOut: laidOut, awaitsDefinition: awaits, codeStart: codeStart), for: key)
        return (laidOut, awaits)
    }

    /// The plan of a table's parts, made again only when its header or measured rows changed.
    ///
    /// While the table is written its plan is provisional, from its header and its first
    /// complete rows (see ``TableLayout/sampleRows``): a row still being written is left out, so
    /// the widths move at most once per row, not at every character (the whole table would be
    /// redrawn each time). A final table's plan is the batch render's, from all of its rows.
    /// `frozen`, a plan some of whose lines went to scrollback, is kept instead of any new one.
    ///
    /// - Complexity: O(1) when nothing it is made from changed; else O(the measured rows).
    mutating func tableSections(_ parts: BlockParts, frozen: TableSections?, in context: LayoutContext) -> TableSections? {
        guard case .table = parts.shape else { return nil }
        if let frozen { return frozen }
        let sample = parts.isFinal
            ? (0..<parts.childCount).map(parts.child)
            : (0..<min(parts.childCount, TableLayout.sampleRows)).filter(parts.isComplete).map(parts.child)
        var head = parts.head
        head.children = Array(head.children.prefix(1))
        if let cached = tablePlan, cached.head == head, cached.isFinal == parts.isFinal, cached.sample == sample {
            return cached.sections
        }
        // Whether the header or a complete sampled row may hold an unresolved reference: asked
        // once per plan (see ``planMayAwaitDefinition(_:)``).
        let mayAwait = head.children.first?.mayHoldUnresolvedReference == true
            || sample.contains { $0.mayHoldUnresolvedReference }
        // Another plan of the same table passes on the cells it styled and wrapped.
        let cells = tablePlan.flatMap { $0.head.id == head.id ? $0.sections.cache : nil } ?? TableCellCache()
        guard let sections = TableSections(table: parts.head, dataRows: sample, final: parts.isFinal, in: context,
                                           cache: cells) else { return nil }
        tablePlan = (head, parts.isFinal, sample, sections, mayAwait)
        return sections
    }

    /// ``BlockParts/planMayAwaitDefinition`` of the table whose plan was just made: the plan's
    /// answer for its header and complete sampled rows, then the sampled rows still being
    /// written (only those change from frame to frame).
    func planMayAwaitDefinition(_ parts: BlockParts) -> Bool {
        guard case .table = parts.shape else { return false }
        guard let plan = tablePlan, plan.head.id == parts.head.id else { return parts.planMayAwaitDefinition }
        if plan.mayAwaitDefinition { return true }
        return (0..<parts.measuredRowCount).contains { position in
            !parts.isComplete(position) && parts.child(position).mayHoldUnresolvedReference
        }
    }
}
