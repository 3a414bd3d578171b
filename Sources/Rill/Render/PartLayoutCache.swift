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
    }

    private var entries: [Key: Entry] = [:]
    /// The last table plan made, with what it was made from.
    private var tablePlan: (head: Block, isFinal: Bool, sample: [Block], sections: TableSections, mayAwaitDefinition: Bool)?
    /// Parts laid out (cache misses).
    private(set) var misses = 0

    /// Forgets every layout and plan (the width changed).
    mutating func removeAll() {
        entries.removeAll()
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
        if let entry = entries[key], entry.block == parts.head, entry.settlement == parts.settlement,
           entry.index == parts.index {
            return (entry.laidOut, entry.awaitsDefinition)
        }
        misses += 1
        // The old lines go first: a paragraph's wrap memo then holds its lines alone, and adds
        // the new text's lines to them in place (see ``TextWrapper/wrap(_:width:memo:unchangedPrefix:grownFrom:)``).
        entries[key] = nil
        let laidOut = parts.headLines(in: context, sections: nil)
        let awaits = parts.head.mayHoldUnresolvedReference
        entries[key] = Entry(block: parts.head, code: nil, settlement: parts.settlement, planFixed: true, plan: 0,
                             index: parts.index, laidOut: laidOut, awaitsDefinition: awaits)
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
        if let entry = entries[key], entry.block == child, entry.code == code, entry.settlement == settlement,
           entry.planFixed == planFixed, entry.plan == plan, entry.codeStart === codeStart {
            return (entry.laidOut, entry.awaitsDefinition)
        }
        misses += 1
        entries[key] = nil  // as in ``single(_:in:)``
        let laidOut = PartLines(laidOut: parts.childLines(position, in: context, settlement: settlement, sections: sections),
                                separated: false)
        let awaits = child?.mayHoldUnresolvedReference ?? false
        entries[key] = Entry(block: child, code: code, settlement: settlement, planFixed: planFixed, plan: plan,
                             index: parts.index, laidOut: laidOut, awaitsDefinition: awaits, codeStart: codeStart)
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
