/// A top-level block split into parts that are laid out separately: a head, one part per child
/// (list item, quote child, table row, code line) and a tail. Joined, a final block's parts'
/// lines are its lines as ``DocumentLayout`` lays them out; apart, a long block costs per frame only
/// the parts that changed, and a live layout (``LiveLayout``) can commit it part by part.
///
/// Other blocks are a single part, the head.
struct BlockParts {
    enum Shape {
        case single
        case list(ListStyle)
        case quote
        case table
        case code(CodeBlock)
    }

    /// The block itself (without children when it is growing).
    let head: Block
    /// Its position in the document (a blank line separates it from the block before).
    let index: Int
    let shape: Shape
    /// Whether the block is final.
    let isFinal: Bool
    /// What of the block can no longer change: ``Settlement/settled`` for a final block.
    let settlement: Settlement
    private let finalChildren: [Block]
    private let openChildren: [Block]
    private let codeLines: CodeLines
    /// Children before the first child part (a table's header row, which is in the head).
    private var childOffset = 0

    /// Splits a final block.
    init(final block: Block, index: Int) {
        self.init(block: block, index: index, isFinal: true, settlement: .settled)
    }

    /// Splits an open block, settled as far as `settlement` says.
    init(open block: Block, index: Int, settlement: Settlement) {
        self.init(block: block, index: index, isFinal: false, settlement: settlement)
    }

    private init(block: Block, index: Int, isFinal: Bool, settlement: Settlement) {
        self.head = block
        self.index = index
        self.isFinal = isFinal
        self.settlement = settlement
        self.openChildren = []
        switch block.kind {
        case .list(let style):
            shape = .list(style)
            finalChildren = block.children
            codeLines = .split([])
        case .blockQuote:
            shape = .quote
            finalChildren = block.children
            codeLines = .split([])
        case .table:
            shape = .table
            finalChildren = block.children
            childOffset = 1
            codeLines = .split([])
        case .codeBlock(let code):
            shape = .code(code)
            finalChildren = []
            codeLines = .split(Settlement.codeLines(code.literal))
        case .paragraph, .heading, .htmlBlock, .thematicBreak, .item, .tableRow, .tableCell:
            shape = .single
            finalChildren = []
            codeLines = .split([])
        }
    }

    /// Splits a block the engine is growing, settled as far as `settlement` says: its final
    /// children stay apart from the open ones.
    init(growing: GrowingBlock, index: Int, settlement: Settlement) {
        self.index = index
        self.isFinal = false
        self.settlement = settlement
        switch growing.content {
        case .children(let final, let open):
            var head = growing.head
            self.finalChildren = final
            if case .table = growing.head.kind {
                // The header row is the table's first final child; it goes with the head.
                head.children = Array(final.prefix(1))
                self.childOffset = 1
            }
            self.head = head
            self.openChildren = open
            self.codeLines = .split([])
            switch growing.head.kind {
            case .list(let style): shape = .list(style)
            case .table: shape = .table
            case .paragraph, .heading, .codeBlock, .htmlBlock, .thematicBreak, .blockQuote, .item, .tableRow, .tableCell:
                shape = .quote
            }
        case .code(let lines, let openLine):
            self.head = growing.head
            self.finalChildren = []
            self.openChildren = []
            self.codeLines = .growing(lines, open: openLine)
            if case .codeBlock(let code) = growing.head.kind { shape = .code(code) } else { shape = .single }
        }
    }

    /// Whether this open quote may yet show its gutter alone in its head, where it now shows
    /// nothing: the engine finds it unsettled as a whole (``Settlement/unsettled``), as its only
    /// paragraph may still turn out to be a link reference definition and leave it empty (or it
    /// has no child yet, and its head is that gutter). Nothing after its head is settled then.
    var mayEmpty: Bool {
        guard case .quote = shape, !isFinal else { return false }
        return settlement.isUnsettled
    }

    /// Number of child parts.
    var childCount: Int {
        if case .code = shape { return codeLines.count }
        return max(0, finalChildren.count + openChildren.count - childOffset)
    }

    /// The child block at `index` (not for code blocks).
    func child(_ index: Int) -> Block {
        let position = index + childOffset
        return position < finalChildren.count ? finalChildren[position] : openChildren[position - finalChildren.count]
    }

    /// The code line at `index`.
    func codeLine(_ index: Int) -> Substring { codeLines[index] }

    /// A code block's lines: split from a whole literal, or the engine's growing lines as they are
    /// (no copy per frame).
    enum CodeLines {
        case split([Substring])
        case growing([String], open: String?)

        var count: Int {
            switch self {
            case .split(let lines): lines.count
            case .growing(let lines, let open): lines.count + (open == nil ? 0 : 1)
            }
        }

        subscript(index: Int) -> Substring {
            switch self {
            case .split(let lines): return lines[index]
            case .growing(let lines, let open): return index < lines.count ? lines[index][...] : (open ?? "")[...]
            }
        }
    }

    /// Whether the block has children laid out one by one.
    var isSplit: Bool {
        if case .single = shape { return false }
        return true
    }

    /// The settlement of child part `position` (a child block, or a code line).
    func settlement(ofChild position: Int) -> Settlement {
        settlement.child(position + childOffset)
    }

    /// Index of the first child part that is not settled for sure: parts before it are
    /// settled, the one at it is as settled as ``settlement(ofChild:)`` says, and those after
    /// it start on the line being written.
    var firstOpenChild: Int {
        isFinal ? childCount : max(0, settlement.firstOpenChild - childOffset)
    }
}
