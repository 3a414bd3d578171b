/// Names blocks after where they start in the stream.
///
/// Walking blocks in document order, a block with a position of its own that starts after the
/// last keyed block is keyed: `e<offset>`. Any other block (no position, or sharing the offset of
/// an enclosing or earlier block, like a list and its first item) is named after the last keyed
/// block plus a counter: `e812+1`, `e812+2`.
///
/// Keys strictly increase, so no two blocks share an ID; and a block's name depends only on the
/// blocks before it, so text appended at the end never renames an earlier block. The whole state
/// is two integers, cheap to save at the engine's frontier and resume from.
struct IdentityAssigner: Sendable, Equatable {
    /// Offset of the last keyed block, or -1 before the first.
    private(set) var lastAnchor = -1
    /// How many blocks have been named after it.
    private(set) var counter = 0

    /// Creates an assigner for the start of a document.
    init() {}

    /// Assigns identities to `blocks` and all their descendants, in document order.
    ///
    /// - Complexity: O(n) in the number of blocks, without recursion.
    mutating func assign(_ blocks: inout [Block]) {
        for index in blocks.indices {
            assign(&blocks[index])
        }
    }

    /// Assigns identities to one block and its descendants.
    mutating func assign(_ block: inout Block) {
        // Pre-order walk with an explicit stack of child index paths; blocks are values, so each
        // subtree is taken out, renamed and put back.
        block.id = nextID(for: block)
        guard !block.children.isEmpty else { return }
        var stack: [(children: [Block], index: Int)] = [(block.children, 0)]
        block.children = []
        while !stack.isEmpty {
            let top = stack.count - 1
            if stack[top].index == stack[top].children.count {
                let finished = stack.removeLast().children
                if stack.isEmpty {
                    block.children = finished
                } else {
                    let parent = stack.count - 1
                    stack[parent].children[stack[parent].index].children = finished
                    stack[parent].index += 1
                }
                continue
            }
            let index = stack[top].index
            stack[top].children[index].id = nextID(for: stack[top].children[index])
            let grandchildren = stack[top].children[index].children
            if grandchildren.isEmpty {
                stack[top].index += 1
            } else {
                stack[top].children[index].children = []
                stack.append((grandchildren, 0))
            }
        }
    }

    /// Advances the state as if `block` and its descendants had been named, without naming them.
    mutating func advance(past block: Block) {
        block.forEachDescendant { node, _ in _ = nextID(for: node) }
    }

    /// Advances past `block`'s own name only (its children are accounted for one by one).
    mutating func assignOwnIDSkippingChildren(_ block: Block) {
        _ = nextID(for: block)
    }

    /// Names `block` itself, not its children (they are named separately, in order).
    mutating func assignOwnID(_ block: inout Block) {
        block.id = nextID(for: block)
    }

    private mutating func nextID(for block: Block) -> BlockID {
        let offset = block.range.lowerBound
        // The very first block is always keyed, so every counter name has a keyed block before it.
        if (block.hasOwnPosition && offset > lastAnchor) || lastAnchor < 0 {
            lastAnchor = max(offset, lastAnchor + 1)
            counter = 0
            return BlockID(anchor: lastAnchor)
        }
        counter += 1
        return BlockID(anchor: lastAnchor, ordinal: counter)
    }
}
