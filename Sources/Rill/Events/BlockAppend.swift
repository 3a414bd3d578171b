/// Content added at the end of one top-level block, sent instead of the whole block:
/// `{"id":"e0","depth":2,"ends":[48,48,47],"at":[2],"text":" more"}`, or `"end":48` when every
/// block on the way ends at the same offset (`depth` left out when 0).
///
/// It reaches its target from the top-level block `id` down ``depth`` levels, each time to the
/// last child (content is only ever added at the end), sets the range end of every block it
/// passes (``ends``, the top-level block's first), then makes one ``Addition`` there. Several
/// appends to one block in a frame apply in order.
public struct BlockAppend: Sendable, Equatable {
    /// What is added at the target.
    public enum Addition: Sendable, Equatable {
        /// Text added to the end of the text, code or HTML inline at ``BlockAppend/inlinePath``,
        /// or of the block's literal when that path is empty, after cutting its last `cut`
        /// Unicode scalars (a code block's closing line break): `"cut":1,"text":"more\n"`.
        case text(String, cut: Int = 0)
        /// The inline list at ``BlockAppend/inlinePath`` (the children of the inline it names, or
        /// the block's own inlines when empty) cut to `keep` inlines, then these added:
        /// `"keep":3,"inlines":[{"type":"softbreak"},{"type":"text","text":"next"}]`.
        case inlines(keep: Int, [Inline])
        /// The block's children cut to `keep`, then these added: `"keep":4,"children":[{…}]`;
        /// table cells as `"cells":[[id, start, end, text or inlines]]` and body rows as
        /// `"rows":[[id, start, end, cells]]` (see ``EventEncoder``).
        case children(keep: Int, [Block])
        /// Nothing but the range ends changed (a closing fence arrived): no further field.
        case rangesOnly
    }

    /// The top-level block changed: `"id":"e0"`.
    public var id: BlockID
    /// Levels from the top-level block down to the block changed, each to the last child:
    /// `"depth":2`.
    public var depth: Int
    /// The new range end of each block on the way, the top-level block's first (``depth`` + 1 of
    /// them): `"ends":[48,48,47]`, or `"end":48` when they are all the same.
    public var ends: [Int]
    /// Indices into the target's inline tree, for a text or inline addition: `"at":[2,0]`.
    public var inlinePath: [Int]
    /// What is added.
    public var addition: Addition

    /// Creates an append.
    public init(id: BlockID, depth: Int, ends: [Int], inlinePath: [Int] = [], addition: Addition) {
        self.id = id
        self.depth = depth
        self.ends = ends
        self.inlinePath = inlinePath
        self.addition = addition
    }
}

extension BlockAppend {
    /// Applies the append to the top-level block it names.
    ///
    /// - Complexity: O(d + a) for a target `d` levels deep and an addition of size `a`, plus
    ///   the copies of the arrays on the way that are shared with another value.
    public func apply(to block: inout Block) {
        apply(to: &block, depth: 0)
    }

    private func apply(to block: inout Block, depth: Int) {
        if depth < ends.count { block.range = block.range.lowerBound..<max(block.range.lowerBound, ends[depth]) }
        if depth < self.depth {
            guard !block.children.isEmpty else { return }
            apply(to: &block.children[block.children.count - 1], depth: depth + 1)
            return
        }
        switch addition {
        case .rangesOnly:
            break
        case .children(let keep, let added):
            block.children.removeSubrange(min(keep, block.children.count)...)
            block.children += added
        case .text(let text, let cut) where inlinePath.isEmpty:
            block.kind.appendToLiteral(text, cut: cut)
        case .text, .inlines:
            block.kind.editInlines { Self.apply(addition, at: inlinePath[...], to: &$0) }
        }
    }

    private static func apply(_ addition: Addition, at path: ArraySlice<Int>, to inlines: inout [Inline]) {
        guard let index = path.first else {
            if case .inlines(let keep, let added) = addition {
                inlines.removeSubrange(min(keep, inlines.count)...)
                inlines += added
            }
            return
        }
        guard inlines.indices.contains(index) else { return }
        let rest = path.dropFirst()
        if rest.isEmpty, case .text(let text, let cut) = addition {
            inlines[index].appendText(text, cut: cut)
        } else {
            inlines[index].editChildren { apply(addition, at: rest, to: &$0) }
        }
    }
}

extension BlockKind {
    /// Adds text to the end of a code or HTML block's literal.
    mutating func appendToLiteral(_ text: String, cut: Int) {
        switch self {
        case .codeBlock(var code):
            code.literal = code.literal.cutting(cut) + text
            self = .codeBlock(code)
        case .htmlBlock(let literal):
            self = .htmlBlock(literal.cutting(cut) + text)
        case .paragraph, .heading, .thematicBreak, .blockQuote, .list, .item, .table, .tableRow, .tableCell:
            break
        }
    }
}

extension Inline {
    /// Adds text to the end of a text, code or HTML inline.
    mutating func appendText(_ added: String, cut: Int) {
        switch self {
        case .text(let text): self = .text(text.cutting(cut) + added)
        case .code(let text): self = .code(text.cutting(cut) + added)
        case .html(let text): self = .html(text.cutting(cut) + added)
        case .emphasis, .strong, .strikethrough, .link, .autolink, .image, .softBreak, .hardBreak,
             .math, .footnoteReference, .htmlElement:
            break
        }
    }
}

extension String {
    /// The string without its last `count` Unicode scalars.
    func cutting(_ count: Int) -> String {
        count <= 0 ? self : String(String.UnicodeScalarView(unicodeScalars.dropLast(count)))
    }
}
