import Foundation
@_spi(Testing) import Rill
import RillTestSupport
import Testing

/// The JSONL protocol: every line is one JSON object that Foundation can read back, with the
/// documented fields, and no raw control character.
@Suite struct EventEncoderTests {
    static func object(_ line: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        #expect(line.last == 0x0A, "a line ends in a newline", sourceLocation: sourceLocation)
        #expect(line.dropLast().allSatisfy { $0 != 0x0A }, "one line only", sourceLocation: sourceLocation)
        let parsed = try JSONSerialization.jsonObject(with: Data(line))
        return try #require(parsed as? [String: Any], sourceLocation: sourceLocation)
    }

    static func blocks(_ text: String) -> [Block] { Oracle.parse(Array(text.utf8)) }

    /// The JSON of a one-block document's block.
    static func json(_ text: String) throws -> [String: Any] {
        let done = try object(EventEncoder.doneLine(blocks(text)))
        let blocks = try #require(done["blocks"] as? [[String: Any]])
        return try #require(blocks.first)
    }

    /// Differences between blocks and their JSON: id, kind, range and children, recursively.
    static func mismatches(_ blocks: [Block], _ json: [[String: Any]], path: String = "") -> [String] {
        guard blocks.count == json.count else { return ["\(path): \(json.count) blocks in JSON, \(blocks.count) expected"] }
        var out: [String] = []
        for (index, (block, object)) in zip(blocks, json).enumerated() {
            let here = "\(path)[\(index)]"
            if object["id"] as? String != block.id.description { out.append("\(here): id \(object["id"] ?? "nil")") }
            if object["kind"] as? String != block.kind.name { out.append("\(here): kind \(object["kind"] ?? "nil")") }
            if object["range"] as? [Int] != [block.range.lowerBound, block.range.upperBound] {
                out.append("\(here): range \(object["range"] ?? "nil")")
            }
            guard let children = object["children"] as? [[String: Any]] else {
                out.append("\(here): no children array")
                continue
            }
            out += mismatches(block.children, children, path: here)
        }
        return out
    }
}

extension EventEncoderTests {
    @Test("A frame line has frame, final, upsert and remove")
    func frameLine() throws {
        var stream = MarkdownStream()
        stream.stabilizesTail = false  // report the parse itself, so that `2` exists to be removed
        stream.append(Array("1.\n\n2".utf8))
        _ = stream.update()
        stream.append(Array(".\n\n# h\n\nx".utf8))
        let update = stream.update()
        let object = try Self.object(EventEncoder.frameLine(update))
        #expect(object["frame"] as? Int == 2)
        #expect(object["final"] as? [String] == update.finalized.map(\.description))
        #expect(object["remove"] as? [String] == ["e4"])
        let upsert = try #require(object["upsert"] as? [[String: Any]])
        #expect(upsert.map { $0["id"] as? String } == update.upserted.map(\.id.description))
        #expect(Self.mismatches(update.upserted, upsert).isEmpty)
        #expect(Set(object.keys).isSuperset(of: ["frame", "final", "upsert", "remove"]))
    }

    @Test("The done line has done: true and every top-level block, IDs and ranges as in the stream",
          arguments: Corpus.documentNames)
    func doneLineRoundTrips(_ name: String) throws {
        let blocks = Oracle.parse(Corpus.bytes(name))
        let object = try Self.object(EventEncoder.doneLine(blocks))
        #expect(object["done"] as? Bool == true)
        let json = try #require(object["blocks"] as? [[String: Any]])
        let mismatches = Self.mismatches(blocks, json)
        #expect(mismatches.isEmpty, "\(name): \(mismatches.prefix(5))")
    }

    @Test("Kind-specific fields: heading level, code info/fenced/literal, HTML literal")
    func leafFields() throws {
        let heading = try Self.json("### Title *x*\n")
        #expect(heading["level"] as? Int == 3)
        let inlines = try #require(heading["inlines"] as? [[String: Any]])
        #expect(inlines.map { $0["type"] as? String } == ["text", "emph"])
        #expect(inlines.first?["text"] as? String == "Title ")

        let code = try Self.json("```swift title=\"a\"\nlet x = 1\n```\n")
        #expect(code["kind"] as? String == "code_block")
        #expect(code["info"] as? String == "swift title=\"a\"")
        #expect(code["fenced"] as? Bool == true)
        #expect(code["literal"] as? String == "let x = 1\n")
        #expect((try Self.json("    indented\n"))["fenced"] as? Bool == false)

        let html = try Self.json("<div>\nhi\n</div>\n")
        #expect(html["kind"] as? String == "html_block")
        #expect(html["literal"] as? String == "<div>\nhi\n</div>\n")
    }

    @Test("Kind-specific fields: list style, task state, table alignments, header rows")
    func containerFields() throws {
        let list = try Self.json("3) a\n4) b\n")
        #expect(list["ordered"] as? Bool == true)
        #expect(list["start"] as? Int == 3)
        #expect(list["tight"] as? Bool == true)
        #expect(list["delimiter"] as? String == "paren")

        let tasks = try Self.json("- [ ] todo\n- [x] done\n- plain\n")
        let items = try #require(tasks["children"] as? [[String: Any]])
        #expect(items.map { $0["task"] as? String } == ["unchecked", "checked", nil])

        let table = try Self.json("| a | b | c | d |\n|:--|:-:|--:|---|\n| 1 | 2 | 3 | 4 |\n")
        #expect(table["alignments"] as? [String] == ["left", "center", "right", "none"])
        let rows = try #require(table["children"] as? [[String: Any]])
        #expect(rows.map { $0["header"] as? Bool } == [true, false])
        let cells = try #require(rows.last?["children"] as? [[String: Any]])
        #expect(cells.map { $0["kind"] as? String } == Array(repeating: "table_cell", count: 4))
        #expect(((cells.first?["inlines"] as? [[String: Any]])?.first?["text"]) as? String == "1")
    }

    @Test("Inline content is a tree: code, links, images, autolinks, breaks, strikethrough, HTML")
    func inlineTree() throws {
        let paragraph = try Self.json("`c` [l](/u \"t\") ![i](/s) <https://a.b> ~~s~~ **b** <em>x</em>  \nnext\nlast\n")
        let inlines = try #require(paragraph["inlines"] as? [[String: Any]])
        let types = inlines.compactMap { $0["type"] as? String }.filter { $0 != "text" }
        #expect(types == ["code", "link", "image", "autolink", "strikethrough", "strong",
                          "html_inline", "html_inline", "linebreak", "softbreak"])
        let link = try #require(inlines.first { $0["type"] as? String == "link" })
        #expect(link["destination"] as? String == "/u" && link["title"] as? String == "t")
        #expect((link["children"] as? [[String: Any]])?.first?["text"] as? String == "l")
        let image = try #require(inlines.first { $0["type"] as? String == "image" })
        #expect(image["source"] as? String == "/s")
        let autolink = try #require(inlines.first { $0["type"] as? String == "autolink" })
        #expect(autolink["destination"] as? String == "https://a.b" && autolink["text"] as? String == "https://a.b")
    }

    @Test("Model idioms are inlines of their own: math with its TeX and delimiter, footnote references, kbd/sup/sub")
    func idiomInlines() throws {
        let paragraph = try Self.json("a \\(x_i\\) $$y$$ note[^1] <kbd>K</kbd><sup>2</sup><sub>i</sub>\n")
        let inlines = try #require(paragraph["inlines"] as? [[String: Any]])
        let types = inlines.compactMap { $0["type"] as? String }.filter { $0 != "text" }
        #expect(types == ["math", "math", "footnote_reference", "html_element", "html_element", "html_element"])
        let math = try #require(inlines.first { $0["type"] as? String == "math" })
        #expect(math["tex"] as? String == "x_i" && math["delimiter"] as? String == "parenthesis" && math["display"] as? Bool == false)
        let display = try #require(inlines.last { $0["type"] as? String == "math" })
        #expect(display["delimiter"] as? String == "doubleDollar" && display["display"] as? Bool == true)
        #expect(inlines.first { $0["type"] as? String == "footnote_reference" }?["label"] as? String == "1")
        let elements = inlines.filter { $0["type"] as? String == "html_element" }
        #expect(elements.compactMap { $0["tag"] as? String } == ["kbd", "sup", "sub"])
        #expect((elements.first?["children"] as? [[String: Any]])?.first?["text"] as? String == "K")
    }

    @Test("Control characters are escaped: no raw C0, DEL or C1 byte, and the text reads back the same")
    func controlCharactersEscaped() throws {
        let hostile = "a\u{1B}[2J\u{07}\u{7F}\u{9B}31m\u{01}\"\\\t\r\u{0C}é😀"
        let block = Block(id: BlockID(anchor: 0), kind: .htmlBlock(hostile), range: 0..<1)
        let line = EventEncoder.doneLine([block])
        for (index, byte) in line.dropLast().enumerated() {
            #expect(byte >= 0x20 && byte != 0x7F, "raw control byte \(byte) at \(index)")
            if byte == 0xC2, index + 1 < line.count - 1 {
                #expect(!(0x80...0x9F).contains(line[index + 1]), "raw C1 character at \(index)")
            }
        }
        #expect(String(decoding: line, as: UTF8.self).contains("\\u001b[2J\\u0007\\u007f\\u009b"))
        let object = try Self.object(line)
        let blocks = try #require(object["blocks"] as? [[String: Any]])
        #expect(blocks.first?["literal"] as? String == hostile)
        #expect(EventEncoder.json(block).hasPrefix("{\"id\":\"e0\",\"kind\":\"html_block\",\"range\":[0,1]"))
    }
}
