@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

/// The open top-level block is parsed from deep inside it (``ResumePath``): every frame must
/// still equal a one-shot parse of the text so far, whatever the levels meet, and a frame must
/// cost what changed, not the size of the block.
@Suite struct ResumePathTests {
    /// Streams `text` a character at a time and expects every frame to equal a one-shot parse
    /// of the text so far.
    static func expectEveryFrameMatches(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let bytes = Array(text.utf8)
        let check = StreamCheck.run(bytes, pieces: Chunkings.everyCharacter(bytes), compareWithPrefix: { _ in true })
        #expect(check.violations.isEmpty, "\(check.report)", sourceLocation: sourceLocation)
    }

    /// `bytes` streamed in 16-byte pieces, followed inside or parsed from each top-level block's
    /// first line.
    static func streamed(_ bytes: [UInt8], inside: Bool) -> MarkdownStream {
        DeferredParseTests.streamed(bytes, size: 16) { $0.growsIncrementally = inside }
    }
}

extension ResumePathTests {
    @Test("Tables and lists streamed a byte at a time equal their one-shot parse at every frame", arguments: [
        // A paragraph continued into the header line; a header with a reference, code holding a
        // pipe, an escaped pipe; rows with fewer and more cells than the header.
        "Intro line\n| a | b |\n|:--|--:|\n| 1 | 2 |\n| 3 |\n| 4 | 5 | 6 |\nafter\n",
        "[h]: /u\n\n| [h] | `a|b` | c \\| d |\n|---|:-:|---|\n| x | y | z |\n| `p|q` | [h] | \\| |\n| last |\n",
        // A row that looks like a delimiter row, a row that looks like a definition, emphasis.
        "| a | b |\n| - | - |\n| --- | --- |\n| [p]: x | *em* |\n[p]: /p\n| **s** | _t_ |\n\n- item\n",
        // One column without outer pipes; a table in a block quote after it.
        "a\n-\n|x|\n|-|\n| 1 |\n| 2 |\n> | q | r |\n> |---|---|\n> | 1 | 2 |\n",
        // Lines that start like an item but become a thematic break, a setext underline, an
        // empty item, another list or a nested one.
        "- a\n- - -\n- b\n* **bold** c\n* * *\n",
        "Para\n- a\n--\n- b\n-\n- c\n+ d\n1. e\n1) f\n2) g\n",
        "- a\n\n- b\n- c\n  - d\n  - e\n- f\n\n\n- g\n",
        "1. a\n2. b\n10. c\n   - d\n3. e *f\n4. g*\n",
        "- [ ] a\n- [x] b\n- [c]: /u\n- [c]\n",
        // Block quotes: children, a lazy line, a list inside, a blank line ending it.
        "> a\n>\n> b\nlazy\n> - c\n> - d\n\nafter\n",
    ])
    func streamedTablesAndLists(_ text: String) {
        Self.expectEveryFrameMatches(text)
    }

    @Test("Nested lists streamed a character at a time equal their one-shot parse at every frame", arguments: [
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
        // Four levels, each with settled children; paragraphs wrapped inside items; a fence in a
        // deep item, closed, then more items.
        "- a\n  - b\n    - c\n      - d\n      - e\n        more e\n        and more\n      - f\n    - g\n  - h\n- i\n",
        "1. one\n   two\n   three\n\n   four\n   - x\n   - y\n     ```js\n     let a = [1]\n     ```\n   - z\n2. end\n",
        // A quote's children, then a list item continuing a paragraph lazily inside it.
        "> 1. a\n>    - b\n>    - c\n> 2. d\nlazy\n",
    ])
    func streamedNestedLists(_ text: String) {
        Self.expectEveryFrameMatches(text)
    }

    @Test("Generated documents of nested lists stream as their one-shot parse", arguments: NestedLists.seeds)
    func generated(_ seed: UInt64) {
        let bytes = NestedLists.document(seed: seed)
        guard let report = StreamCheck.firstFailure(bytes, chunkSeeds: [seed]) else { return }
        let minimal = Minimizer.minimize(bytes) { StreamCheck.firstFailure($0, chunkSeeds: [seed]) != nil }
        Issue.record("""
            nested document \(seed) fails; minimal repro: "\(StreamCheck.quote(minimal))"
            \(StreamCheck.firstFailure(minimal, chunkSeeds: [seed]) ?? "")
            original document: "\(StreamCheck.quote(bytes))"
            \(report)
            """)
    }

    @Test("The nested-list generator makes what the levels are about, and they are followed")
    func generatorCoverage() {
        let documents = NestedLists.seeds.prefix(40).map { NestedLists.document(seed: $0) }
        let all = String(decoding: Array(documents.joined()), as: UTF8.self)
        for needle in ["\n   - ", "\n  - ", "\t- ", "\n\n   - ", "]: /url", "```", "- deeper", "2) ", "\r\n",
                       "After the sub-list", "+ ", "- deepest"] {
            #expect(all.contains(needle), "no \(needle.debugDescription) in 40 generated documents")
        }
        // And the documents do take the levels, not only their fallbacks.
        let inside = documents.map { Self.streamed($0, inside: true).bytesParsed }.reduce(0, +)
        let whole = documents.map { Self.streamed($0, inside: false).bytesParsed }.reduce(0, +)
        #expect(inside * 10 < whole * 9, "followed inside \(inside) bytes parsed, whole blocks \(whole)")
    }

    @Test("A table's rows are parsed without its header: a wide header costs nothing per frame")
    func wideHeaderIsNotParsedAgain() {
        func table(header cell: (Int) -> String) -> [UInt8] {
            var text = "| " + (0..<8).map(cell).joined(separator: " | ") + " |\n|" + String(repeating: "---|", count: 8) + "\n"
            for row in 0..<120 { text += "| \(row) | b | c | d | e | f | g | h |\n" }
            return Array(text.utf8)
        }
        let wide = table { "Column number \($0) with a long and descriptive [name](https://example.com/\($0))" }
        let narrow = table { "c\($0)" }
        /// Bytes parsed while the rows after the first are written.
        func rowsCost(_ bytes: [UInt8]) -> Int {
            let firstRow = Array(String(decoding: bytes, as: UTF8.self).utf8).split(separator: 0x0A, maxSplits: 3)
            let prefix = bytes.count - (firstRow.last?.count ?? 0)
            var stream = MarkdownStream()
            var start = 0, before = 0
            while start < bytes.count {
                let end = min(bytes.count, start + 16)
                stream.append(bytes[start..<end])
                stream.advance()
                if start < prefix, end >= prefix { before = stream.bytesParsed }
                start = end
            }
            stream.finish()
            #expect(BlockTree.differences(stream.finalBlocks, Oracle.parse(bytes)).isEmpty)
            return stream.bytesParsed - before
        }
        // The header (≈ 570 bytes wider) parsed again at each of the ≈ 300 frames of the rows
        // would hand cmark over 170 KB more; the rows are parsed after a stand-in header.
        let extra = rowsCost(wide) - rowsCost(narrow)
        #expect(extra < wide.count - narrow.count, "the wide header cost \(extra) more bytes parsed during the rows")
    }

    @Test("An item being written is parsed without the item before it")
    func itemIsParsedAlone() {
        var text = "Steps:\n\n"
        for item in 0..<150 { text += "- **Step \(item).** check the `config-\(item)` file and report back\n" }
        let bytes = Array(text.utf8)
        let stream = Self.streamed(bytes, inside: true)
        #expect(BlockTree.differences(stream.finalBlocks, Oracle.parse(bytes)).isEmpty)
        #expect(stream.bytesParsed < 4 * bytes.count, "parsed \(stream.bytesParsed) bytes of a \(bytes.count)-byte list")
    }

    @Test("A step with many sub-bullets, three levels deep, parses only its last sub-items")
    func longStepParsesLastSubItems() {
        var text = "1. **Prepare the migration.** Work through each check below:\n"
        for sub in 0..<40 {
            text += "   - check the `table_\(sub)` index and note its size\n"
            if sub % 10 == 9 {
                text += "     - and for the large ones:\n"
                for deep in 0..<30 { text += "       - look at `part_\(deep)` as well\n" }
            }
        }
        text += "2. Run it.\n"
        let bytes = Array(text.utf8)
        let inside = Self.streamed(bytes, inside: true), whole = Self.streamed(bytes, inside: false)
        #expect(BlockTree.differences(inside.finalBlocks, Oracle.parse(bytes)).isEmpty)
        #expect(BlockTree.identical(inside.finalBlocks, whole.finalBlocks))
        // The step parsed whole at every frame hands cmark the step so far each time
        // (quadratic); from its deepest level, the sub-item being written after an opener, twice
        // in frames that leave a code span open (the preview shows it closed): at 16-byte
        // frames about 8 times each byte.
        #expect(inside.bytesParsed * 10 < whole.bytesParsed, "inside \(inside.bytesParsed) bytes, whole \(whole.bytesParsed)")
        #expect(inside.bytesParsed < 10 * bytes.count, "parsed \(inside.bytesParsed) bytes of a \(bytes.count)-byte step")
    }

    @Test("A long code block, at the top or in an item, parses only the line being written")
    func codeLinesParsedOnce() {
        let code = (0..<300).map { "let value\($0) = compute(\($0)) // [\($0)]" }
        for (prefix, indent) in [("```swift\n", ""), ("1. Run:\n\n   ```swift\n", "   ")] {
            let text = prefix + code.map { indent + $0 + "\n" }.joined() + indent + "```\n\nDone.\n"
            let bytes = Array(text.utf8)
            let stream = Self.streamed(bytes, inside: true)
            #expect(BlockTree.differences(stream.finalBlocks, Oracle.parse(bytes)).isEmpty)
            // Each 16-byte frame parses the fence's opening line and the line being written.
            #expect(stream.bytesParsed < 7 * bytes.count, "parsed \(stream.bytesParsed) bytes of \(bytes.count)")
        }
    }
}

extension ResumePathTests {
    /// A list nested one level deeper each line, `levels` deep, `groups` times, its items
    /// `indent` spaces per level (the shape of the hostile 400-level list, smaller).
    static func deepList(levels: Int, groups: Int, indent: Int) -> [UInt8] {
        var text = ""
        for line in 0..<(levels * groups) {
            text += String(repeating: " ", count: indent * (line % levels)) + "- item \(line)\n"
        }
        return Array(text.utf8)
    }

    @Test("A list nested past the depth cap is followed from inside and flattens as the whole parse does")
    func listPastDepthCapIsFollowed() {
        // Lists and items both count: the cap flattens from the 17th list level on.
        let depth = ParseLimits.maxContainerDepth / 2 + 4
        for indent in [2, 4] {
            let bytes = Self.deepList(levels: depth, groups: 4, indent: indent)
            #expect(BlockTree.allBlocks(Oracle.parse(bytes)).contains { $0.isFlattenedNesting })
            for size in [16, 300] {
                let check = StreamCheck.run(bytes, pieces: Chunkings.fixed(bytes.count, size: size))
                #expect(check.violations.isEmpty, "indent \(indent), \(size)-byte pieces:\n\(check.report)")
            }
            // Parsed from inside, a frame hands cmark the innermost followed item's lines; a parse
            // from inside that flattened at another depth than the whole would fail at every frame
            // and parse the whole list instead.
            let inside = Self.streamed(bytes, inside: true), whole = Self.streamed(bytes, inside: false)
            #expect(BlockTree.identical(inside.finalBlocks, whole.finalBlocks))
            #expect(inside.bytesParsed * 3 < whole.bytesParsed,
                    "indent \(indent): inside \(inside.bytesParsed) bytes, whole \(whole.bytesParsed)")
        }
    }
}
