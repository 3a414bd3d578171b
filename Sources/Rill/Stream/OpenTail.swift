/// The open part of the document, shaped so that a consumer can stay cheap per frame however
/// long one block grows: a growing container's final children are separate from its open ones.
public struct OpenTail: Sendable {
    /// Open blocks before the growing one (the paragraph a growing table was split from).
    public var leading: [Block] = []
    /// The open container being extended child by child, if any.
    public var growing: GrowingBlock?
    /// Open blocks after it, or all open blocks when nothing grows.
    public var trailing: [Block] = []

    /// Creates an open tail.
    public init(leading: [Block] = [], growing: GrowingBlock? = nil, trailing: [Block] = []) {
        self.leading = leading
        self.growing = growing
        self.trailing = trailing
    }

    /// Every open block as a whole value.
    ///
    /// - Complexity: O(n) in the size of the growing block.
    public var blocks: [Block] {
        leading + (growing.map { [$0.materialized()] } ?? []) + trailing
    }

    /// Ranges cut back to `end`: a display parsed with provisional closers appended must not
    /// point past the text received.
    mutating func clampRanges(to end: Int) {
        func clamp(_ block: inout Block) {
            block.range = min(block.range.lowerBound, end)..<min(block.range.upperBound, end)
            for index in block.children.indices { clamp(&block.children[index]) }
        }
        for index in leading.indices { clamp(&leading[index]) }
        for index in trailing.indices { clamp(&trailing[index]) }
        if var growing {
            clamp(&growing.head)
            if case .children(let final, var open) = growing.content {
                for index in open.indices { clamp(&open[index]) }
                growing.content = .children(final: final, open: open)
            }
            self.growing = growing
        }
    }

    /// Number of open top-level blocks.
    public var count: Int { leading.count + (growing == nil ? 0 : 1) + trailing.count }
}

/// A top-level container the engine extends incrementally: its leading children (list items,
/// quote children, table rows, code lines) are final and never change again.
public struct GrowingBlock: Sendable {
    /// The children, final then open.
    public enum Content: Sendable {
        /// Block children: list items, quote children, table rows (the header row first).
        case children(final: [Block], open: [Block])
        /// A fenced code block's complete lines (without line endings) and the incomplete last
        /// line as shown, if any.
        case code(lines: [String], openLine: String?)
    }

    /// The container itself, without children (a code block without its literal). Its kind
    /// carries the current attributes (a list's tightness).
    public var head: Block
    /// Its children.
    public var content: Content

    /// Number of final children (or complete code lines).
    public var finalCount: Int {
        switch content {
        case .children(let final, _): final.count
        case .code(let lines, _): lines.count
        }
    }

    /// The whole block.
    ///
    /// - Complexity: O(n) in its size.
    public func materialized() -> Block {
        var block = head
        switch content {
        case .children(let final, let open):
            block.children = final + open
        case .code(let lines, let openLine):
            if case .codeBlock(var code) = head.kind {
                code.literal = Self.literal(lines, open: openLine)
                block.kind = .codeBlock(code)
            }
        }
        return block
    }

    /// A code block's literal from its complete lines and the incomplete one, if shown.
    static func literal(_ lines: [String], open: String?) -> String {
        var text = ""
        for line in lines {
            text += line
            text += "\n"
        }
        if let open {
            text += open
            text += "\n"
        }
        return text
    }
}
