/// Line-level questions the engine asks about what to show while the last line of input is
/// incomplete, so that settled output does not flicker.
///
/// An incomplete line can momentarily parse as something it will not be: a lone `|` starting the
/// next table row closes the table, `#` before `#b` is an empty heading that ends the paragraph,
/// `***` before `***b*` is a thematic break, `-` under a paragraph makes it a setext heading,
/// and a first backtick of a closing fence shows as code. Such a line is held back: the open
/// blocks are shown as if it had not arrived yet, until it is decided (see ``LineHold`` for
/// lines that begin like a block marker; here, closing fences and link reference definitions).
enum TailStabilizer {
    /// Characters that can begin a block marker (after indentation and `>`).
    private static let markerBytes: Set<UInt8> = Set("#|-*_+=`~<:0123456789".utf8)

    /// Whether the incomplete `line` may still be read two ways: it begins like a block marker
    /// and holds no letter yet (``LineHold`` decides whether it is shown). Once a letter
    /// follows the marker (`- item`, `# Head`, `| a |`), one more character can no longer
    /// change what it is.
    static func mayBeAmbiguous(_ line: ArraySlice<UInt8>) -> Bool {
        guard let first = content(of: line).first, markerBytes.contains(first) else { return false }
        return !line.contains { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || byte >= 0x80
        }
    }

    /// Whether the incomplete `line` is only digits (after indentation and `>`): it may become
    /// an ordered list marker (`2.`) or stay paragraph text (`2024`), and only the next
    /// character tells.
    static func isBareNumber(_ line: ArraySlice<UInt8>) -> Bool {
        let content = content(of: line)
        return !content.isEmpty && content.count <= 9 && content.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// Whether the incomplete `line` may be a link reference definition still being written:
    /// it begins with `[` (after at most three spaces and any `>`) and its label is unclosed, or
    /// closed and followed by `:` or by nothing yet. Shown, a half-written destination would
    /// resolve the links that use it (`[docs][r]` → `https://www.r`) and be committed so; held
    /// back, it costs nothing visible, since a definition draws nothing. A label longer than
    /// cmark-gfm reads (``maxLabelBytes``) is none: the line is text.
    ///
    /// - Complexity: O(the line's indentation and `>` markers + its label, at most ``maxLabelBytes``).
    static func mayBeDefinition(_ line: ArraySlice<UInt8>) -> Bool {
        mayBeDefinition(content: content(of: line))
    }

    /// ``mayBeDefinition(_:)`` for a line whose ``content(of:)`` is `content`.
    static func mayBeDefinition(content: ArraySlice<UInt8>) -> Bool {
        guard content.first == UInt8(ascii: "[") else { return false }
        let labelStart = content.index(after: content.startIndex)
        var index = labelStart
        while index < content.endIndex {
            guard index - labelStart <= maxLabelBytes else { return false }
            switch content[index] {
            case UInt8(ascii: "\\"):
                index = content.index(index, offsetBy: 2, limitedBy: content.endIndex) ?? content.endIndex
                continue
            case UInt8(ascii: "["):
                return false  // a label holds no unescaped bracket
            case UInt8(ascii: "]"):
                let next = content.index(after: index)
                return next == content.endIndex || content[next] == UInt8(ascii: ":")
            default:
                index = content.index(after: index)
            }
        }
        return index - labelStart <= maxLabelBytes  // the label may still close
    }

    /// The most bytes cmark-gfm reads between a link label's brackets (escapes included).
    static let maxLabelBytes = 1_000

    /// Whether the complete line `previous` is a link reference definition's label alone
    /// (`[bare]:`), so that the incomplete line after it is the definition's destination being
    /// written and must be held back like the label line itself.
    static func opensDefinition(_ previous: ArraySlice<UInt8>) -> Bool {
        var content = content(of: previous)
        while let last = content.last, last == 0x20 || last == 0x09 || last == 0x0A || last == 0x0D {
            content = content.dropLast()
        }
        guard content.count >= 3, content.first == UInt8(ascii: "["), content.last == UInt8(ascii: ":"),
              content[content.index(before: content.index(before: content.endIndex))] == UInt8(ascii: "]") else {
            return false
        }
        return !content.dropFirst().dropLast(2).contains(UInt8(ascii: "["))
    }

    /// Whether `line`, in a block fenced with `fence`, is only that character so far after its
    /// indentation: a closing fence may be being typed.
    static func mayCloseFence(_ line: ArraySlice<UInt8>, fence: UInt8) -> Bool {
        let content = content(of: line)
        guard content.first == fence else { return false }
        return content.allSatisfy { $0 == fence || $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    /// `line` after its indentation and block-quote markers (spaces, tabs and `>`, in any order).
    static func content(of line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        line.drop(while: { $0 == 0x20 || $0 == 0x09 || $0 == 0x3E })
    }

    /// The shape of a run of blocks: kinds and child counts in document order, without text.
    /// A parse with anticipated closers is shown only if it has the shape of the parse without.
    static func shape(_ blocks: some Sequence<Block>) -> [Int] {
        var shape: [Int] = []
        for block in blocks {
            block.forEachDescendant { node, depth in
                shape.append(depth)
                shape.append(kindCode(node.kind))
                shape.append(node.children.count)
            }
        }
        return shape
    }

    private static func kindCode(_ kind: BlockKind) -> Int {
        switch kind {
        case .paragraph: 1
        case .heading: 2
        case .codeBlock: 3
        case .htmlBlock: 4
        case .thematicBreak: 5
        case .blockQuote: 6
        case .list: 7
        case .item: 8
        case .table: 9
        case .tableRow: 10
        case .tableCell: 11
        }
    }
}
