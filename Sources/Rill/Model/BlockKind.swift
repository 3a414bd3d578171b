/// What a block is, with the data that belongs to its kind.
///
/// Names follow cmark's node types; leaf blocks carry their inline content or literal text,
/// container blocks hold their content in ``Block/children``.
public enum BlockKind: Hashable, Sendable {
    /// A paragraph and its inline content.
    case paragraph([Inline])
    /// An ATX or setext heading of level 1–6.
    case heading(level: Int, [Inline])
    /// A fenced or indented code block.
    case codeBlock(CodeBlock)
    /// A raw HTML block, literally.
    case htmlBlock(String)
    /// A thematic break (`---`, `***`, `___`).
    case thematicBreak
    /// A block quote; its content is in `children`.
    case blockQuote
    /// A bullet or ordered list; its items are in `children`.
    case list(ListStyle)
    /// A list item, possibly a GFM task item; its content is in `children`.
    case item(task: TaskState?)
    /// A GFM table with one alignment per column; its rows are in `children`.
    case table(alignments: [ColumnAlignment])
    /// A table row; its cells are in `children`.
    case tableRow(isHeader: Bool)
    /// A table cell and its inline content.
    case tableCell([Inline])
}

extension BlockKind {
    /// The same case with equal content. Inline content is compared from its last inline back
    /// (``Swift/Array/equalsFromEnd(_:)``): a block still being written differs from its last
    /// frame at its end, so telling the two apart does not walk the whole block.
    public static func == (lhs: BlockKind, rhs: BlockKind) -> Bool {
        switch (lhs, rhs) {
        case (.paragraph(let a), .paragraph(let b)), (.tableCell(let a), .tableCell(let b)): a.equalsFromEnd(b)
        case (.heading(let l, let a), .heading(let m, let b)): l == m && a.equalsFromEnd(b)
        case (.codeBlock(let a), .codeBlock(let b)): a == b
        case (.htmlBlock(let a), .htmlBlock(let b)): a == b
        case (.thematicBreak, .thematicBreak), (.blockQuote, .blockQuote): true
        case (.list(let a), .list(let b)): a == b
        case (.item(let a), .item(let b)): a == b
        case (.table(let a), .table(let b)): a == b
        case (.tableRow(let a), .tableRow(let b)): a == b
        case (.paragraph, _), (.heading, _), (.codeBlock, _), (.htmlBlock, _), (.thematicBreak, _), (.blockQuote, _),
             (.list, _), (.item, _), (.table, _), (.tableRow, _), (.tableCell, _):
            false
        }
    }
}

extension Array where Element: Equatable {
    /// Whether the two arrays are equal, compared from their last elements back.
    ///
    /// - Complexity: O(1) for copies of one array; otherwise O(n) when equal, O(k) when they
    ///   differ k elements from the end.
    func equalsFromEnd(_ other: [Element]) -> Bool {
        guard count == other.count else { return false }
        // A copy of the same array (an unchanged block) shares its storage.
        let shared = withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress }
        }
        if shared { return true }
        var index = count
        while index > 0 {
            index -= 1
            if self[index] != other[index] { return false }
        }
        return true
    }
}

/// The literal content of a code block and how it was written.
public struct CodeBlock: Hashable, Sendable {
    /// The info string of a fenced block (`swift title="x"`); empty for indented code.
    public var info: String
    /// The code, each line ending in `\n`.
    public var literal: String
    /// Whether the block is fenced (as opposed to indented).
    public var isFenced: Bool

    /// Creates a code block value.
    public init(info: String, literal: String, isFenced: Bool) {
        self.info = info
        self.literal = literal
        self.isFenced = isFenced
    }

    /// The first word of the info string: the language, if any.
    public var language: String? {
        let word = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
        return word?.isEmpty == false ? word : nil
    }
}

/// How a list is marked and spaced.
public struct ListStyle: Hashable, Sendable {
    /// Ordered (`1.`) or bullet (`-`).
    public var isOrdered: Bool
    /// The number of the first item of an ordered list; 1 for bullet lists.
    public var start: Int
    /// Tight lists have no blank lines between items.
    public var isTight: Bool
    /// The ordered-list delimiter.
    public var delimiter: Delimiter

    /// The character after an ordered list's number.
    public enum Delimiter: String, Hashable, Sendable {
        case none, period, paren
    }

    /// Creates a list style.
    public init(isOrdered: Bool, start: Int, isTight: Bool, delimiter: Delimiter) {
        self.isOrdered = isOrdered
        self.start = start
        self.isTight = isTight
        self.delimiter = delimiter
    }
}

/// The state of a GFM task-list item.
public enum TaskState: String, Hashable, Sendable {
    case unchecked, checked
}

/// A GFM table column alignment.
public enum ColumnAlignment: String, Hashable, Sendable {
    case none, left, center, right
}

extension BlockKind {
    /// cmark's name for this kind (`paragraph`, `code_block`, `table_cell`, …).
    public var name: String {
        switch self {
        case .paragraph: "paragraph"
        case .heading: "heading"
        case .codeBlock: "code_block"
        case .htmlBlock: "html_block"
        case .thematicBreak: "thematic_break"
        case .blockQuote: "block_quote"
        case .list: "list"
        case .item: "item"
        case .table: "table"
        case .tableRow: "table_row"
        case .tableCell: "table_cell"
        }
    }

    /// The inline content of a leaf block that has some.
    public var inlines: [Inline]? {
        switch self {
        case .paragraph(let i), .heading(_, let i), .tableCell(let i): i
        case .codeBlock, .htmlBlock, .thematicBreak, .blockQuote, .list, .item, .table, .tableRow: nil
        }
    }
}
