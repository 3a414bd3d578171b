/// Encodes the engine's updates as JSON lines: the `rill --format jsonl` protocol.
///
/// One line per frame that changed something:
/// `{"frame":N,"final":[ids],"upsert":[blocks],"append":[appends],"remove":[ids]}` (an empty
/// list left out), and a last
/// line when input ends: `{"done":true,"blocks":[every top-level block]}`. An append
/// (``BlockAppend``) carries what a block gained at its end instead of the whole block. See the
/// README for the block shape and a consumer's reducer.
public enum EventEncoder {
    /// The JSON line for one frame, newline included.
    public static func frameLine(_ update: DocumentUpdate) -> [UInt8] {
        var json = JSONWriter()
        json.beginObject()
        json.field("frame", update.frame)
        if !update.finalized.isEmpty {
            json.key("final")
            json.beginArray()
            for id in update.finalized { json.value(id.description) }
            json.endArray()
        }
        let upserted = update.upserted
        if !upserted.isEmpty {
            json.key("upsert")
            json.beginArray()
            for block in upserted { write(block, to: &json) }
            json.endArray()
        }
        if !update.appended.isEmpty {
            json.key("append")
            json.beginArray()
            for edit in update.appended { write(edit, to: &json) }
            json.endArray()
        }
        if !update.removed.isEmpty {
            json.key("remove")
            json.beginArray()
            for id in update.removed { json.value(id.description) }
            json.endArray()
        }
        json.endObject()
        json.newline()
        return json.bytes
    }

    private static func write(_ edit: BlockAppend, to json: inout JSONWriter) {
        json.beginObject()
        json.field("id", edit.id.description)
        if edit.depth > 0 { json.field("depth", edit.depth) }
        if let end = edit.ends.first, edit.ends.allSatisfy({ $0 == end }) {
            json.field("end", end)
        } else {
            json.key("ends")
            write(edit.ends, to: &json)
        }
        switch edit.addition {
        case .text(let text, let cut):
            json.key("at")
            write(edit.inlinePath, to: &json)
            if cut > 0 { json.field("cut", cut) }
            json.field("text", text)
        case .inlines(let keep, let inlines):
            json.key("at")
            write(edit.inlinePath, to: &json)
            json.field("keep", keep)
            json.key("inlines")
            write(inlines, to: &json)
        case .children(let keep, let children):
            json.field("keep", keep)
            if !children.isEmpty, children.allSatisfy(\.isPlainCell) {
                json.key("cells")
                writeCells(children, to: &json)
            } else if !children.isEmpty, children.allSatisfy(\.isPlainBodyRow) {
                json.key("rows")
                json.beginArray()
                for row in children {
                    json.beginArray()
                    writePosition(row, to: &json)
                    writeCells(row.children, to: &json)
                    json.endArray()
                }
                json.endArray()
            } else {
                json.key("children")
                json.beginArray()
                for child in children { write(child, to: &json) }
                json.endArray()
            }
        case .rangesOnly:
            break
        }
        json.endObject()
    }

    /// Table cells as `[id, start, end, inlines]`, a lone text inline as its text: a row of
    /// short cells costs about its text, not a block object per cell.
    private static func writeCells(_ cells: [Block], to json: inout JSONWriter) {
        json.beginArray()
        for cell in cells {
            json.beginArray()
            writePosition(cell, to: &json)
            if let text = cell.kind.inlines?.loneText {
                json.value(text)
            } else {
                write(cell.kind.inlines ?? [], to: &json)
            }
            json.endArray()
        }
        json.endArray()
    }

    /// A block's id, start and end, as the first values of its compact array.
    private static func writePosition(_ block: Block, to json: inout JSONWriter) {
        json.value(block.id.description)
        json.value(block.range.lowerBound)
        json.value(block.range.upperBound)
    }

    private static func write(_ numbers: [Int], to json: inout JSONWriter) {
        json.beginArray()
        for number in numbers { json.value(number) }
        json.endArray()
    }

    /// The last JSON line, holding the whole document, newline included.
    public static func doneLine(_ blocks: [Block]) -> [UInt8] {
        var line: [UInt8] = []
        doneLine(blocks, pieceSize: .max) { line += $0 }
        return line
    }

    /// The last JSON line, handed to `body` in pieces of about `pieceSize` bytes, so that a
    /// long document's line is never held whole in memory.
    ///
    /// - Complexity: O(n) in the size of the blocks.
    public static func doneLine<E: Error>(_ blocks: some Sequence<Block>, pieceSize: Int = 64 * 1024,
                                          _ body: ([UInt8]) throws(E) -> Void) throws(E) {
        var json = JSONWriter()
        json.beginObject()
        json.field("done", true)
        json.key("blocks")
        json.beginArray()
        for block in blocks {
            write(block, to: &json)
            if json.bytes.count >= pieceSize { try body(json.take()) }
        }
        json.endArray()
        json.endObject()
        json.newline()
        try body(json.take())
    }

    /// One block as a JSON object (children included).
    public static func json(_ block: Block) -> String {
        var json = JSONWriter()
        write(block, to: &json)
        return String(decoding: json.bytes, as: UTF8.self)
    }

    private static func write(_ block: Block, to json: inout JSONWriter) {
        json.beginObject()
        json.field("id", block.id.description)
        json.field("kind", block.kind.name)
        json.key("range")
        json.beginArray()
        json.value(block.range.lowerBound)
        json.value(block.range.upperBound)
        json.endArray()
        if block.followsBlankLine { json.field("blank_before", true) }
        switch block.kind {
        case .heading(let level, _):
            json.field("level", level)
        case .codeBlock(let code):
            json.field("info", code.info)
            json.field("fenced", code.isFenced)
            json.field("literal", code.literal)
        case .htmlBlock(let literal):
            json.field("literal", literal)
        case .list(let style):
            json.field("ordered", style.isOrdered)
            json.field("start", style.start)
            json.field("tight", style.isTight)
            json.field("delimiter", style.delimiter.rawValue)
        case .item(let task):
            if let task { json.field("task", task.rawValue) }
        case .table(let alignments):
            json.key("alignments")
            json.beginArray()
            for alignment in alignments { json.value(alignment.rawValue) }
            json.endArray()
        case .tableRow(let isHeader):
            json.field("header", isHeader)
        case .paragraph, .tableCell, .thematicBreak, .blockQuote:
            break
        }
        if let inlines = block.kind.inlines {
            json.key("inlines")
            write(inlines, to: &json)
        }
        json.key("children")
        json.beginArray()
        for child in block.children { write(child, to: &json) }
        json.endArray()
        json.endObject()
    }

    private static func write(_ inlines: [Inline], to json: inout JSONWriter) {
        json.beginArray()
        for inline in inlines {
            json.beginObject()
            switch inline {
            case .text(let text):
                json.field("type", "text"); json.field("text", text)
            case .code(let text):
                json.field("type", "code"); json.field("text", text)
            case .html(let text):
                json.field("type", "html_inline"); json.field("text", text)
            case .softBreak:
                json.field("type", "softbreak")
            case .hardBreak:
                json.field("type", "linebreak")
            case .emphasis(let children):
                json.field("type", "emph"); json.key("children"); write(children, to: &json)
            case .strong(let children):
                json.field("type", "strong"); json.key("children"); write(children, to: &json)
            case .strikethrough(let children):
                json.field("type", "strikethrough"); json.key("children"); write(children, to: &json)
            case .link(let destination, let title, let children):
                json.field("type", "link"); json.field("destination", destination); json.field("title", title)
                json.key("children"); write(children, to: &json)
            case .autolink(let destination, let text):
                json.field("type", "autolink"); json.field("destination", destination); json.field("text", text)
            case .image(let source, let title, let children):
                json.field("type", "image"); json.field("source", source); json.field("title", title)
                json.key("children"); write(children, to: &json)
            case .math(let tex, let delimiter):
                json.field("type", "math"); json.field("tex", tex); json.field("delimiter", delimiter.rawValue)
                json.field("display", delimiter.isDisplay)
            case .footnoteReference(let label):
                json.field("type", "footnote_reference"); json.field("label", label)
            case .htmlElement(let element, let children):
                json.field("type", "html_element"); json.field("tag", element.rawValue)
                json.key("children"); write(children, to: &json)
            }
            json.endObject()
        }
        json.endArray()
    }
}

extension Block {
    /// A table cell that its compact form (``EventEncoder``) describes whole: no blank line
    /// before it, no children.
    var isPlainCell: Bool {
        guard case .tableCell = kind else { return false }
        return !followsBlankLine && children.isEmpty
    }

    /// A body row of plain cells, which its compact form describes whole.
    var isPlainBodyRow: Bool {
        guard case .tableRow(isHeader: false) = kind else { return false }
        return !followsBlankLine && children.allSatisfy(\.isPlainCell)
    }
}

extension [Inline] {
    /// The text of a list that is one non-empty text inline.
    var loneText: String? {
        guard count == 1, case .text(let text) = self[0], !text.isEmpty else { return nil }
        return text
    }
}
