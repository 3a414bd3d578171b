@testable import Rill
import RillTestSupport
import Testing

/// The open item of a growing list re-parses only its last sub-items (``NestedGrowth``): every
/// frame must still equal a one-shot parse of the text so far, whatever the guards meet.
@Suite struct NestedGrowthTests {
    /// 40 generated documents by default, 400 with RILL_EXHAUSTIVE=1.
    static var seeds: Range<UInt64> { TestEnvironment.isExhaustive ? 0..<400 : 0..<40 }

    /// A document made mostly of list items holding sub-lists, with what the guards are about:
    /// markers of every width and spacing, sub-lists indented more or less than the item's
    /// content, lazy continuation lines, blank lines making either list loose, another bullet,
    /// tabs, code, paragraphs after a sub-list, definitions and references, deeper nesting.
    static func document(seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: 0x4E57_0000 + seed)
        func draw(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        let words = ["check", "the", "`config`", "file", "**now**", "[d]", "and", "*then*", "run", "x", "日本", "|", "1.", "-"]
        func text() -> String { (0..<(1 + draw(5))).map { _ in words[draw(words.count)] }.joined(separator: " ") }
        let ordered = draw(2) == 0
        var out = draw(3) == 0 ? "Steps:\n\n" : ""
        for item in 1...(1 + draw(4)) {
            let marker = ordered ? "\(draw(4) == 0 ? item * 10 : item)\(draw(5) == 0 ? ")" : ".")" : ["-", "*", "+"][draw(4) == 0 ? 1 : 0]
            let spacing = [1, 1, 1, 2, 3, 5][draw(6)]
            let lead = String(repeating: " ", count: draw(5) == 0 ? draw(4) : 0)
            let column = lead.count + marker.count + (spacing > 4 ? 1 : spacing)
            out += lead + marker + String(repeating: " ", count: spacing) + text() + "\n"
            if draw(4) == 0 { out += "\n" }
            let subBullet = ["-", "*", "1.", "2)"][draw(4)]
            for sub in 0..<(1 + draw(6)) {
                var indent = column + (draw(4) == 0 ? draw(4) : 0)
                if draw(12) == 0 { indent = max(0, column - 1 - draw(2)) }
                let pad = draw(15) == 0 ? String(repeating: " ", count: max(0, indent - 4)) + "\t" : String(repeating: " ", count: indent)
                let bullet = draw(10) == 0 ? ["+", "-", "3."][draw(3)] : subBullet
                out += pad + bullet + " " + text() + "\n"
                switch draw(14) {
                case 0: out += "\n"
                case 1: out += "lazy " + text() + "\n"  // a lazy continuation line
                case 2: out += String(repeating: " ", count: indent + 2) + "continued " + text() + "\n"
                case 3: out += String(repeating: " ", count: indent + 2) + "- deeper " + text() + "\n"
                case 4: out += String(repeating: " ", count: indent + 2) + "```\n" + String(repeating: " ", count: indent + 2) + "code \(sub)\n"
                    + (draw(2) == 0 ? String(repeating: " ", count: indent + 2) + "```\n" : "")
                case 5: out += String(repeating: " ", count: indent + 2) + "[d]: /url\n"
                case 6: out += "\n" + String(repeating: " ", count: indent + 2) + text() + "\n"
                default: break
                }
            }
            switch draw(8) {
            case 0: out += "\n" + String(repeating: " ", count: column) + "After the sub-list " + text() + "\n"
            case 1: out += "\n"
            default: break
            }
        }
        if draw(3) == 0 { out += "\n" + text() + " [d]\n" }
        if draw(6) == 0 { out += "\n[d]: /late\n" }
        var bytes = Array(out.utf8)
        if draw(8) == 0 { bytes = Array(out.replacingOccurrences(of: "\n", with: "\r\n").utf8) }
        return bytes
    }

    /// Streams `bytes` in 16-byte pieces, nested growth on or off.
    static func streamed(_ bytes: [UInt8], nested: Bool) -> MarkdownStream {
        DeferredParseTests.streamed(bytes, size: 16) { $0.growsNestedLists = nested }
    }
}

extension NestedGrowthTests {
    @Test("Sub-lists streamed a character at a time equal their one-shot parse at every frame", arguments: [
        // Numbered steps with sub-bullets; the next step; a paragraph after a sub-list.
        "1. Back up\n   - dump\n   - copy\n   - verify\n2. Migrate\n   - lock\n   - run\n\n   Then check.\n3. Done\n",
        // A lazy continuation line; a sub-item indented less than the content; a tab.
        "- a\n  - b\n  - c\nlazy\n  - d\n - e\n  - f\n\t- g\n  - h\n",
        // Blank lines: between sub-items (the sub-list goes loose late), inside one, at the end.
        "1. a\n   - b\n   - c\n   - d\n\n   - e\n   - f\n2. g\n   - h\n   - i\n\n     i2\n   - j\n\n",
        // Another bullet or delimiter ends the sub-list; ordered sub-lists; wide markers.
        "- a\n  - b\n  - c\n  + d\n  + e\n10.  x\n     1. y\n     2. z\n     3) w\n     4) v\n",
        // Code inside sub-items, deeper nesting, a definition in a sub-item used before and after.
        "1. [d] a\n   - b\n     ```\n     code\n     ```\n   - c\n     - c1\n     - c2\n   - [d]: /u\n   - e [d]\n   - f\n[d]\n",
        // Five spaces after the marker (content at one space), an empty item, tasks.
        "-     code\n  - a\n  - b\n-\n  - c\n  - d\n- [ ] t\n  - [x] u\n  - v\n",
    ])
    func streamedNestedLists(_ text: String) {
        ChildGrowthTests.expectEveryFrameMatches(text)
    }

    @Test("Generated documents of nested lists stream as their one-shot parse", arguments: seeds)
    func generated(_ seed: UInt64) {
        let bytes = Self.document(seed: seed)
        guard let report = StreamCheck.firstFailure(bytes, chunkSeeds: [seed]) else { return }
        let minimal = Minimizer.minimize(bytes) { StreamCheck.firstFailure($0, chunkSeeds: [seed]) != nil }
        Issue.record("""
            nested document \(seed) fails; minimal repro: "\(StreamCheck.quote(minimal))"
            \(StreamCheck.firstFailure(minimal, chunkSeeds: [seed]) ?? "")
            original document: "\(StreamCheck.quote(bytes))"
            \(report)
            """)
    }

    @Test("The generator makes what the guards are about")
    func generatorCoverage() {
        let all = String(decoding: Array(Self.seeds.prefix(40).map { Self.document(seed: $0) }.joined()), as: UTF8.self)
        for needle in ["\n   - ", "\n  - ", "\t- ", "\n\n   - ", "]: /url", "```", "- deeper", "2) ", "\r\n", "After the sub-list", "+ "] {
            #expect(all.contains(needle), "no \(needle.debugDescription) in 40 generated documents")
        }
        // And the documents do take the nested path, not only its fallbacks.
        let documents = Self.seeds.prefix(40).map { Self.document(seed: $0) }
        let nested = documents.map { Self.streamed($0, nested: true).bytesParsed }.reduce(0, +)
        let whole = documents.map { Self.streamed($0, nested: false).bytesParsed }.reduce(0, +)
        #expect(nested * 20 < whole * 19, "nested \(nested) bytes parsed, whole items \(whole)")
    }

    @Test("A step with many sub-bullets parses only its last sub-items")
    func longStepParsesLastSubItems() {
        var text = "1. **Prepare the migration.** Work through each check below:\n"
        for sub in 0..<120 { text += "   - check the `table_\(sub)` index and note its size\n" }
        text += "2. Run it.\n"
        let bytes = Array(text.utf8)
        let nested = Self.streamed(bytes, nested: true), whole = Self.streamed(bytes, nested: false)
        #expect(BlockTree.differences(nested.finalBlocks, Oracle.parse(bytes)).isEmpty)
        #expect(BlockTree.identical(nested.finalBlocks, whole.finalBlocks))
        // The step parsed whole at every frame hands cmark the step so far each time
        // (quadratic); its last sub-items alone, about one sub-item per frame.
        #expect(nested.bytesParsed * 10 < whole.bytesParsed, "nested \(nested.bytesParsed) bytes, whole \(whole.bytesParsed)")
        #expect(nested.bytesParsed < 6 * bytes.count, "parsed \(nested.bytesParsed) bytes of a \(bytes.count)-byte step")
    }

    @Test("Content columns and openers", arguments: [
        ("- a", 2), ("1. a", 3), ("10.  a", 5), ("-     a", 2), ("  * a", 4), ("-", 2), ("1)", 3), ("123456789. a", 11),
    ])
    func contentColumn(_ line: String, _ column: Int) throws {
        let bytes = Array(line.utf8)
        let marker = bytes.firstIndex { $0 != 0x20 } ?? 0
        #expect(NestedGrowth.contentColumn(bytes, itemLine: 0, marker: marker) == column)
        // The opener makes an item whose content starts at that column.
        let opener = try #require(NestedGrowth.opener(column: column))
        let spaces = String(repeating: " ", count: column)
        let blocks = Oracle.parse(opener + Array("\(spaces)- x\n".utf8))
        #expect(blocks.count == 1 && blocks.first?.children.count == 1)
        if case .list? = blocks.first?.children.first?.children.first?.kind {} else {
            Issue.record("column \(column): the opener's item does not hold the sub-list")
        }
    }
}
