import CCmarkGFM

/// Converts a cmark-gfm tree into immutable ``Block`` and ``Inline`` values.
///
/// Walks the tree with `cmark_iter` and an explicit stack of frames, so deep nesting cannot
/// overflow the call stack. Containers nested deeper than ``maxContainerDepth`` (and inlines
/// deeper than ``maxInlineDepth``) are flattened into their ancestor, which keeps every later
/// recursive operation on the values (equality, hashing, release, layout) shallow; blocks lifted
/// that way are marked ``Block/isFlattenedNesting`` so that layout can show it.
/// Inline positions are never used: cmark-gfm gets them wrong on continuation lines.
struct NodeConverter {
    /// Deepest nesting of block quotes, lists and items kept as such.
    static let maxContainerDepth = ParseLimits.maxContainerDepth
    /// Deepest nesting of emphasis, strong, strikethrough, links and images kept as such.
    static let maxInlineDepth = ParseLimits.maxInlineDepth

    let mapper: SourceMapper
    /// Whether cmark parsed a guard's rewrite (``GuardMarks``), whose marks strings must not keep.
    let restoresGuardMarks: Bool
    /// Containers the parsed text sits in, in the whole document: the depth cap counts them, so
    /// that text parsed from inside a nested list flattens at the level a parse of the whole does.
    let outerContainerDepth: Int
    let types = CmarkGFM.types

    init(mapper: SourceMapper, restoresGuardMarks: Bool = false, outerContainerDepth: Int = 0) {
        self.mapper = mapper
        self.restoresGuardMarks = restoresGuardMarks
        self.outerContainerDepth = outerContainerDepth
    }

    /// Converts the document node's subtree into the slice's top-level entries.
    func convert(document: OpaquePointer) -> ParsedSlice {
        var entries: [ParsedSlice.Entry] = []
        var stack: [Frame] = [Frame(kind: .document, containerDepth: outerContainerDepth)]
        var nodes = 0
        guard let iterator = cmark_iter_new(document) else { return ParsedSlice(entries: []) }
        defer { cmark_iter_free(iterator) }

        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator), node != document else { continue }
            if event == CMARK_EVENT_ENTER {
                nodes += 1
                let parent = stack[stack.count - 1].asParent
                if let leaf = leafBlock(node, parent: parent) {
                    append(leaf.block, startLine: leaf.startLine, to: &stack, entries: &entries)
                } else if let inline = leafInline(node) {
                    nodes += Self.mergedPieces(cmark_node_get_type(node) == CMARK_NODE_TEXT ? cmark_node_get_literal(node) : nil)
                    appendInline(inline, to: &stack[stack[stack.count - 1].inlineTarget].inlines)
                } else {
                    var frame = enter(node, parent: parent)
                    let top = stack.count - 1
                    if frame.isFlattened {
                        frame.liftTarget = stack[top].isFlattened ? stack[top].liftTarget : top
                    }
                    frame.inlineTarget = frame.isTransparent ? stack[top].inlineTarget : top + 1
                    stack.append(frame)
                }
            } else if event == CMARK_EVENT_EXIT, stack.count > 1 {
                let frame = stack.removeLast()
                exit(frame, node: node, stack: &stack, entries: &entries)
            }
        }
        return ParsedSlice(entries: entries, nodes: nodes)
    }

    /// Text nodes cmark made and merged into the text node whose literal is `literal`, beside
    /// the one that is left: its inline parser makes a node of each `[`, `]`, `!`, `*`, `_`,
    /// `` ` ``, `\`, `&`, `<` or `~` that starts nothing, and merges adjacent text nodes only
    /// once the tree is built. A run of `[` is one text node in the end, but cost a node per byte.
    ///
    /// - Complexity: O(n) in the literal's length.
    static func mergedPieces(_ literal: UnsafePointer<CChar>?) -> Int {
        guard var byte = literal else { return 0 }
        var count = 0
        let isSpecial = Self.isSpecial
        while byte.pointee != 0 {
            if isSpecial[Int(UInt8(bitPattern: byte.pointee))] { count += 1 }
            byte += 1
        }
        return count
    }

    /// The bytes that start an inline node of their own in cmark-gfm's inline parser (with
    /// strikethrough's `~`), by value.
    private static let isSpecial: [Bool] = (0...255).map { "[]!*_`\\&<~".utf8.contains(UInt8($0)) }
}
