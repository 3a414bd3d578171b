/// One block of the document: a leaf (paragraph, code, …) or a container with children.
///
/// Blocks are immutable values. Two blocks are equal when they show the same thing: same
/// identity, kind and content, recursively; the source range is not compared, so a block whose
/// text did not change is reported unchanged even when trailing blank lines moved its end.
public struct Block: Identifiable, Sendable {
    /// Stable identity derived from where the block starts in the stream.
    public internal(set) var id: BlockID
    /// What the block is, with its kind-specific content.
    public var kind: BlockKind
    /// Half-open byte range of the block in the normalized stream.
    public var range: Range<Int>
    /// Child blocks of a container (quote, list, item, table, row); empty for leaves.
    public var children: [Block]
    /// Whether a blank line separates this block from its previous sibling in the source.
    /// Renderers space list items and item content by it, which (unlike cmark's list-wide
    /// tight flag) never changes for blocks above once a later block arrives.
    public internal(set) var followsBlankLine: Bool
    /// Whether the block sat inside more than ``ParseLimits/maxContainerDepth`` block quotes,
    /// lists and items: it is then a child of its ancestor at that depth, and drawn there behind
    /// a `»` marker (nesting beyond the cap is flattened).
    public internal(set) var isFlattenedNesting = false
    /// Whether cmark gave this block a usable position of its own (it then gets keyed).
    var hasOwnPosition: Bool
    /// A paragraph whose continuation line the table that follows it took as its header: the
    /// two start together.
    var joinsNext = false
    /// How many of the block's leading inlines are settled: the complete lines of an open
    /// paragraph that nothing written later can change, and the break after them (see
    /// ``ParagraphLines``). Every later version of the paragraph starts with the same inlines, and
    /// they hold no `]`; a query for unresolved references and the live view's styling memo skip
    /// them. Not compared: it says what is known, not what the block shows.
    var settledInlines: Int {
        get { Int(settledCount) }
        set { settledCount = UInt32(clamping: newValue) }  // fewer is only less known
    }
    /// ``settledInlines``, stored in the room the flags before it leave (a wider field made
    /// every block, copied at every frame, 8 bytes larger).
    private var settledCount: UInt32 = 0

    /// Creates a block; identities are assigned by the engine, so library users rarely need this.
    public init(id: BlockID, kind: BlockKind, range: Range<Int>, children: [Block] = []) {
        self.id = id
        self.kind = kind
        self.range = range
        self.children = children
        self.followsBlankLine = false
        self.hasOwnPosition = true
    }

    init(kind: BlockKind, range: Range<Int>, hasOwnPosition: Bool, children: [Block] = []) {
        self.id = .unassigned
        self.kind = kind
        self.range = range
        self.children = children
        self.followsBlankLine = false
        self.hasOwnPosition = hasOwnPosition
    }
}

extension Block: Equatable {
    /// Children are compared from the last back, as inline content is (see ``BlockKind/==(_:_:)``):
    /// a container still being written differs from its last frame in its last child, so
    /// telling the two apart does not compare every child before it.
    public static func == (lhs: Block, rhs: Block) -> Bool {
        lhs.id == rhs.id && lhs.kind == rhs.kind && lhs.followsBlankLine == rhs.followsBlankLine
            && lhs.isFlattenedNesting == rhs.isFlattenedNesting && lhs.children.equalsFromEnd(rhs.children)
    }
}

extension Block {
    /// Visits this block and all its descendants in document order (pre-order), without recursion.
    ///
    /// - Complexity: O(n) in the number of blocks in the subtree.
    public func forEachDescendant(_ body: (Block, _ depth: Int) throws -> Void) rethrows {
        var stack: [(Block, Int)] = [(self, 0)]
        while let (block, depth) = stack.popLast() {
            try body(block, depth)
            for child in block.children.reversed() { stack.append((child, depth + 1)) }
        }
    }
}
