/// A top-level block split into parts that are laid out separately: a head, one part per child
/// (list item, quote child, table row, code line) and a tail. Joined, the parts' lines are the
/// block's lines as ``DocumentLayout`` lays them out; apart, a long block costs per frame only
/// the parts that changed, and the live view can commit it part by part.
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
    /// Where the incomplete last line of input starts (`Int.max` for a final block).
    let incompleteFrom: Int
    private let finalChildren: [Block]
    private let openChildren: [Block]
    private let codeLines: CodeLines
    /// Children before the first child part (a table's header row, which is in the head).
    private var childOffset = 0
    /// How many code lines are complete, for a code block the engine grows line by line.
    private let completeCodeLines: Int?

    /// Splits a whole block.
    init(block: Block, index: Int, isFinal: Bool, incompleteFrom: Int) {
        self.head = block
        self.index = index
        self.isFinal = isFinal
        self.incompleteFrom = isFinal ? .max : incompleteFrom
        self.completeCodeLines = nil
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
            var literal = code.literal[...]
            if literal.hasSuffix("\n") { literal = literal.dropLast() }
            codeLines = .split(code.literal.isEmpty ? [] : literal.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map(Substring.init))
        default:
            shape = .single
            finalChildren = []
            codeLines = .split([])
        }
    }

    /// Splits a block the engine is growing: its final children stay apart from the open ones.
    init(growing: GrowingBlock, index: Int, incompleteFrom: Int) {
        self.index = index
        self.isFinal = false
        self.incompleteFrom = incompleteFrom
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
            self.completeCodeLines = nil
            self.codeLines = .split([])
            switch growing.head.kind {
            case .list(let style): shape = .list(style)
            case .table: shape = .table
            default: shape = .quote
            }
        case .code(let lines, let openLine):
            self.head = growing.head
            self.finalChildren = []
            self.openChildren = []
            self.completeCodeLines = lines.count
            self.codeLines = .growing(lines, open: openLine)
            if case .codeBlock(let code) = growing.head.kind { shape = .code(code) } else { shape = .single }
        }
    }

    /// Whether this open quote's only child is a paragraph that may still turn out to be a
    /// link reference definition, leaving the quote empty: its head, drawn as nothing while the
    /// child stands, would then be its gutter alone, so nothing after the head is settled yet.
    /// Such a paragraph starts like a definition being written (``TailStabilizer/mayBeDefinition(_:)``:
    /// `[`, a label still open or closed by `]:`, or by a `]` at the end where `:` may come
    /// next); a title may end on a later, lazy line.
    /// `> [!NOTE]` then text is not one.
    func quoteMayEmpty(_ source: [UInt8]) -> Bool {
        guard case .quote = shape, !isFinal, childCount == 1, case .paragraph = child(0).kind else { return false }
        let start = child(0).range.lowerBound
        return start >= 0 && start < source.count && TailStabilizer.mayBeDefinition(source[start...])
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

    /// Index of the child that may still change most (the last that starts on a complete line),
    /// given where the incomplete line starts: children before it are settled, children after
    /// it are not, and it is as settled as its own layout says.
    func innerAnchor(incompleteFrom: Int) -> Int {
        if isFinal { return childCount }
        if case .code = shape {
            if let completeCodeLines { return completeCodeLines }
            return head.range.upperBound > incompleteFrom ? max(0, codeLines.count - 1) : codeLines.count
        }
        guard childCount > 0 else { return 0 }
        var anchor = 0
        for index in stride(from: childCount - 1, through: 0, by: -1) {
            let block = child(index)
            if block.hasOwnPosition, block.range.lowerBound < incompleteFrom {
                anchor = index
                break
            }
        }
        while anchor > 0, child(anchor - 1).joinsNext { anchor -= 1 }
        return anchor
    }
}
