import Rill

/// Whole-tree queries and comparisons of block lists, for assertions.
public enum BlockTree {
    /// Every block of `blocks` and their descendants, in document order.
    public static func allBlocks(_ blocks: [Block]) -> [Block] {
        var out: [Block] = []
        for block in blocks {
            block.forEachDescendant { descendant, _ in out.append(descendant) }
        }
        return out
    }

    /// The IDs of every block in the tree, in document order.
    public static func allIDs(_ blocks: [Block]) -> [BlockID] {
        allBlocks(blocks).map(\.id)
    }

    /// IDs used by more than one block anywhere in the tree.
    public static func duplicateIDs(_ blocks: [Block]) -> [BlockID] {
        var seen = Set<BlockID>()
        var duplicates: [BlockID] = []
        for id in allIDs(blocks) where !seen.insert(id).inserted {
            duplicates.append(id)
        }
        return duplicates
    }

    /// A short description of a block for failure messages: id, kind, range.
    public static func summary(_ block: Block) -> String {
        "\(block.id) \(block.kind.name) \(block.range.lowerBound)..<\(block.range.upperBound)"
    }

    /// Differences between two trees, comparing IDs, kinds (with content), ranges and children
    /// recursively — stricter than `==`, which ignores ranges. Empty when they are identical.
    public static func differences(_ actual: [Block], _ expected: [Block], limit: Int = 5) -> [String] {
        var out: [String] = []
        var stack: [(path: String, actual: [Block], expected: [Block])] = [("", actual, expected)]
        while let (path, actualList, expectedList) = stack.popLast(), out.count < limit {
            if actualList.count != expectedList.count {
                out.append("\(path.isEmpty ? "top level" : path): \(actualList.count) blocks, expected \(expectedList.count): "
                           + "got [\(actualList.map(summary).joined(separator: ", "))], "
                           + "expected [\(expectedList.map(summary).joined(separator: ", "))]")
                continue
            }
            for (index, (a, e)) in zip(actualList, expectedList).enumerated().reversed() {
                let here = path.isEmpty ? "[\(index)]" : "\(path).children[\(index)]"
                var problems: [String] = []
                if a.id != e.id { problems.append("id \(a.id), expected \(e.id)") }
                if a.kind != e.kind { problems.append("kind \(describe(a.kind)), expected \(describe(e.kind))") }
                if a.range != e.range { problems.append("range \(a.range), expected \(e.range)") }
                if !problems.isEmpty {
                    out.append("\(here) (\(summary(e))): " + problems.joined(separator: "; "))
                }
                stack.append((here, a.children, e.children))
            }
        }
        return Array(out.prefix(limit))
    }

    /// Whether two trees are identical, ranges included.
    public static func identical(_ actual: [Block], _ expected: [Block]) -> Bool {
        differences(actual, expected, limit: 1).isEmpty
    }

    private static func describe(_ kind: BlockKind) -> String {
        let text = String(describing: kind)
        return text.count > 160 ? String(text.prefix(160)) + "…" : text
    }

    /// Violations of what every parse must satisfy, whatever the text: ranges inside the text,
    /// non-empty for blocks keyed by their own offset (but a table cell `||` may be empty),
    /// children inside their parent, siblings in
    /// order without overlapping, and a keyed ID equal to the block's start offset.
    public static func structuralProblems(_ blocks: [Block], sourceLength: Int, limit: Int = 5) -> [String] {
        var out: [String] = []
        func check(_ siblings: [Block], parent: Block?) {
            for (index, block) in siblings.enumerated() {
                let name = summary(block)
                if block.range.lowerBound < 0 || block.range.upperBound > sourceLength {
                    out.append("\(name): range outside the text (0..<\(sourceLength))")
                }
                if block.id.ordinal == 0 {
                    if block.id.anchor != block.range.lowerBound { out.append("\(name): keyed ID is not its start offset") }
                    if block.range.isEmpty, block.kind.name != "table_cell" { out.append("\(name): empty range") }
                }
                if let parent, !(parent.range.lowerBound <= block.range.lowerBound && block.range.upperBound <= parent.range.upperBound) {
                    out.append("\(name): not inside its parent \(summary(parent))")
                }
                if index > 0 {
                    let previous = siblings[index - 1]
                    if block.range.lowerBound < previous.range.lowerBound {
                        out.append("\(name): starts before its previous sibling \(summary(previous))")
                    } else if block.id.ordinal == 0, previous.id.ordinal == 0, previous.range.upperBound > block.range.lowerBound {
                        out.append("\(name): overlaps its previous sibling \(summary(previous))")
                    }
                }
            }
        }
        var stack: [(siblings: [Block], parent: Block?)] = [(blocks, nil)]
        while let (siblings, parent) = stack.popLast(), out.count < limit {
            check(siblings, parent: parent)
            for block in siblings where !block.children.isEmpty { stack.append((block.children, block)) }
        }
        return Array(out.prefix(limit))
    }

    /// `block` with every range cut back to `end`.
    public static func clamped(_ block: Block, to end: Int) -> Block {
        var copy = block
        copy.range = min(block.range.lowerBound, end)..<min(block.range.upperBound, end)
        copy.children = block.children.map { clamped($0, to: end) }
        return copy
    }
}
