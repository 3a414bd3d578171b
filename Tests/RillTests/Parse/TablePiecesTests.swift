@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

/// A big top-level table parsed a few rows at a time (``TablePieces``) gives exactly what one
/// parse of the whole text gives: blocks, cells, inlines, ranges, blank-line and header joins.
@Suite struct TablePiecesTests {
    /// `text` parsed with its tables in pieces of `rows` rows (nil when it is not pieced).
    static func pieced(_ text: [UInt8], rows: Int, context: [UInt8] = []) -> ParsedSlice? {
        (context + text).withUnsafeBytes {
            TablePieces.parse($0, prefixLength: context.count, dropped: 0, base: 0) { _ in rows }
        }
    }

    /// `text` parsed in one cmark parse.
    static func whole(_ text: [UInt8], context: [UInt8] = []) -> ParsedSlice {
        (context + text).withUnsafeBytes { SliceParser.parseWhole(buffer: $0, prefixLength: context.count, dropped: 0, base: 0) }
    }

    /// Where two parses differ, to the first difference (nil when they are the same).
    static func difference(_ actual: ParsedSlice, _ expected: ParsedSlice) -> String? {
        guard actual.entries.count == expected.entries.count else {
            return "\(actual.entries.count) entries, expected \(expected.entries.count): "
                + actual.entries.map { BlockTree.summary($0.block) }.joined(separator: ", ")
        }
        for (index, (a, e)) in zip(actual.entries, expected.entries).enumerated() {
            if a.lineStart != e.lineStart || a.startsOnCompleteLine != e.startsOnCompleteLine || a.inContext != e.inContext {
                return "entry \(index): line \(a.lineStart) \(a.startsOnCompleteLine) \(a.inContext), expected "
                    + "\(e.lineStart) \(e.startsOnCompleteLine) \(e.inContext)"
            }
            if let found = blockDifference(a.block, e.block, path: "[\(index)]") { return found }
        }
        return nil
    }

    /// Where two blocks differ in anything a parse sets.
    static func blockDifference(_ a: Block, _ e: Block, path: String) -> String? {
        if a.kind != e.kind { return "\(path): \(a.kind), expected \(e.kind)" }
        if a.range != e.range || a.hasOwnPosition != e.hasOwnPosition {
            return "\(path) \(a.kind.name): range \(a.range) \(a.hasOwnPosition), expected \(e.range) \(e.hasOwnPosition)"
        }
        if a.followsBlankLine != e.followsBlankLine || a.joinsNext != e.joinsNext || a.isFlattenedNesting != e.isFlattenedNesting {
            return "\(path) \(a.kind.name): blank \(a.followsBlankLine) joins \(a.joinsNext), expected \(e.followsBlankLine) \(e.joinsNext)"
        }
        guard a.children.count == e.children.count else {
            return "\(path) \(a.kind.name): \(a.children.count) children, expected \(e.children.count)"
        }
        for (index, (x, y)) in zip(a.children, e.children).enumerated() {
            if let found = blockDifference(x, y, path: "\(path).\(index)") { return found }
        }
        return nil
    }

    /// Expects `text` to be pieced at each of `rows` rows a piece, and equal to the whole parse;
    /// returns how many times it was pieced.
    @discardableResult
    static func expectPiecedEqualsWhole(_ text: String, rows: [Int], sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        let bytes = Array(text.utf8)
        let expected = whole(bytes)
        var piecedCount = 0
        for count in rows {
            guard let parsed = pieced(bytes, rows: count) else {
                Issue.record("not pieced, \(count) rows a piece: \(text.debugDescription)", sourceLocation: sourceLocation)
                continue
            }
            piecedCount += 1
            if let found = difference(parsed, expected) {
                Issue.record("\(count) rows a piece: \(found)\nin \(text.debugDescription)", sourceLocation: sourceLocation)
            }
        }
        return piecedCount
    }

    /// A table of `columns` columns whose body rows are `rows`, the header line `header` above.
    static func table(columns: Int, header: String? = nil, alignments: String = "---", rows: [String]) -> String {
        let head = header ?? "| " + (1...columns).map { "h\($0)" }.joined(separator: " | ") + " |"
        let delimiter = "|" + Array(repeating: alignments, count: columns).joined(separator: "|") + "|"
        return ([head, delimiter] + rows).joined(separator: "\n") + "\n"
    }

    /// Body rows of every kind the piecing must keep as they are.
    static let rowKinds = [
        "a", "| x | y |", "x | y | z | w | v", "| `a|b` | c \\| d |", "| [link](/u) | *em | ph* |", "a \\| b",
        "  | indented | two |", "| **bold** | ~~s~~ | www.example.com |", "|---|---|", "| :-- | --: |", "| <<<< | <b>x</b> |",
        "| | |", "| 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 |", "é | ü | 漢字", "| $x|y$ | \\` |",
    ]

    /// `count` body rows drawn from ``rowKinds``, starting at `seed`.
    static func rows(_ count: Int, seed: Int) -> [String] {
        (0..<count).map { rowKinds[($0 * 7 + seed) % rowKinds.count] }
    }
}

extension TablePiecesTests {
    @Test("Top-level tables in pieces equal the whole parse: columns, row shapes, ends, what comes before and after")
    func piecedEqualsWhole() {
        let befores = ["", "Intro line\n", "# Title\n\n", "- item\n- item\n\n", "```\ncode\n```\n", "Para\n\n"]
        let afters = [
            "", "\nAfter.\n", "# Heading\n", "> quote\n", "- item\n", "```\ncode\n```\n", "---\n", "    indented\n",
            "<div>\nx\n</div>\n", "\n| a | b |\n|---|---|\n| 1 | 2 |\n", "\nlead\n| p | q |\n|:-:|--:|\n| 3 | 4 |\n| 5 |\n",
            "\n\n\ntext\nmore\n", "| not | a | new | table |\n", "|\nends the table\n",
        ]
        var checked = 0
        for columns in [1, 2, 3, 7, 31, 32] {
            for (index, after) in afters.enumerated() {
                let before = befores[(index + columns) % befores.count]
                let alignments = [":--", "--:", ":-:", "---"][index % 4]
                let count = 4 + (index * 5 + columns) % 9
                let text = before + Self.table(columns: columns, alignments: alignments, rows: Self.rows(count, seed: index)) + after
                checked += Self.expectPiecedEqualsWhole(text, rows: [1, 2, 3])
            }
        }
        #expect(checked == 6 * 14 * 3)
    }

    @Test("Edge cases in pieces equal the whole parse", arguments: [
        // The last row without a line ending; `\r\n` line endings; rows that end at a blank line
        // holding spaces; a heading right after the last row.
        "| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n| 5 | 6 |\n| 7 | 8 |",
        "| a | b |\r\n|---|---|\r\n| 1 | 2 |\r\n| 3 |\r\n| 5 | 6 |\r\n| 7 | 8 |\r\n\r\nend\r\n",
        "| a | b |\n|---|---|\n| 1 | 2 |\n| 3 |\n| 5 | 6 |\n| 7 | 8 |\n   \nafter\n",
        "a | b\n--|--\n1 | 2\n3 | 4\n5 | 6\n7 | 8\n## h\ntext\n",
        // Two big tables in a row, the second's header continuing a paragraph; a list after.
        "| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n| 5 | 6 |\n| 7 | 8 |\n\npara\n| c | d |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n| 5 | 6 |\n- x\n",
        // Delimiter-like rows all through the body (never a cut before one).
        "| a | b |\n|---|---|\n|---|---|\n| 1 | 2 |\n|:-|-:|\n|---|\n| 3 | 4 |\n|--|--|\n| 5 | 6 |\n",
        // A row that starts a list item, a quote, a fence, an HTML block: the table ends there.
        "| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n| 5 | 6 |\n- 7 | 8\n- 9\n\n10\n",
        "| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n| 5 | 6 |\n> 7 | 8\n> 9\n\n10\n",
        "| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n| 5 | 6 |\n```\n7 | 8\n\n| x |\n```\nz\n",
        "| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n| 5 | 6 |\n<div>\n\n| x |\n\n</div>\n",
        // Links without definitions, autolinks and emphasis across cells.
        "| [a] | [b][c] |\n|---|---|\n| [x] | <http://a.b> |\n| *a | b* |\n| [d](e \"t|u\") | f |\n| g | h |\n",
    ])
    func edgeCases(_ text: String) {
        #expect(Self.expectPiecedEqualsWhole(text, rows: [1, 2]) == 2)
    }

    @Test("Tables in lists and quotes, and text with a link definition anywhere, are parsed whole", arguments: [
        "- item\n\n  | a | b |\n  |---|---|\n  | 1 | 2 |\n  | 3 | 4 |\n  | 5 | 6 |\n",
        "> | a | b |\n> |---|---|\n> | 1 | 2 |\n> | 3 | 4 |\n> | 5 | 6 |\n",
        "1. | a | b |\n   |---|---|\n   | 1 | 2 |\n   | 3 | 4 |\n   | 5 | 6 |\n",
        "```\n| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n| 5 | 6 |\n```\n",
        // A definition after the table resolves its links (a late definition), one before too.
        "| [a] | b |\n|---|---|\n| [x] | 2 |\n| 3 | 4 |\n| 5 | 6 |\n\n[a]: /u\n[x]: /v\n",
        "[x]: /v\n\n| a | b |\n|---|---|\n| [x] | 2 |\n| 3 | 4 |\n| 5 | 6 |\n",
    ])
    func notPieced(_ text: String) {
        let bytes = Array(text.utf8)
        #expect(Self.pieced(bytes, rows: 1) == nil, "\(text.debugDescription)")
        let parsed = SliceParser.parse(prefix: [], slice: bytes[...], base: 0)
        #expect(Self.difference(parsed, Self.whole(bytes)) == nil)
    }

    @Test("A table's rows after its header as context, as the stream parses them, in pieces equal the whole parse")
    func afterContext() {
        let context = ResumeContext.table([.left, .none, .right])
        let text = Array((Self.rows(9, seed: 3).joined(separator: "\n") + "\n\nafter\n").utf8)
        let expected = Self.whole(text, context: context)
        let pieced = Self.pieced(text, rows: 2, context: context)
        #expect(pieced != nil)
        if let pieced { #expect(Self.difference(pieced, expected) == nil) }
    }

    @Test("Generated documents with tables in pieces equal the whole parse")
    func generated() {
        var random = SplitMix64(seed: 33)
        let lines = ["", "text", "# h", "- item", "  - sub", "> q", "```", "    code", "---", "| x | y |", "a | b", "|-|-|",
                     "`a|b` | c", "\\| e", "<div>", "1. one"]
        let count = TestEnvironment.isExhaustive ? 5_000 : 300
        var pieced = 0
        for _ in 0..<count {
            var text = ""
            for _ in 0..<Int(random.next() % 4) { text += lines[Int(random.next() % UInt64(lines.count))] + "\n" }
            let columns = 1 + Int(random.next() % 4)
            let rowCount = 3 + Int(random.next() % 8)
            var rows: [String] = []
            for _ in 0..<rowCount {
                let pick = random.next() % 10
                rows.append(pick < 7 ? Self.rowKinds[Int(random.next() % UInt64(Self.rowKinds.count))]
                                     : lines[Int(random.next() % UInt64(lines.count))])
            }
            text += Self.table(columns: columns, rows: rows)
            for _ in 0..<Int(random.next() % 4) { text += lines[Int(random.next() % UInt64(lines.count))] + "\n" }
            let bytes = Array(text.utf8)
            let rowsPerPiece = 1 + Int(random.next() % 3)
            guard let result = Self.pieced(bytes, rows: rowsPerPiece) else { continue }
            pieced += 1
            if let difference = Self.difference(result, Self.whole(bytes)) {
                Issue.record("\(rowsPerPiece) rows a piece: \(difference)\nin \(text.debugDescription)")
                return
            }
        }
        #expect(pieced > count / 4)
    }

    @Test("A big table streams to its one-shot parse, and that parse is made in pieces")
    func bigTableStreams() {
        let text = Self.table(columns: 31, rows: (0..<300).map { $0 % 50 == 0 ? "| `x|y` | \\| | z" : "a" }) + "\nAfter.\n"
        let bytes = Array(text.utf8)
        let whole = Self.whole(bytes)
        let pieced = bytes.withUnsafeBytes { TablePieces.parse($0, prefixLength: 0, dropped: 0, base: 0) }
        #expect(pieced.map { Self.difference($0, whole) } == .some(nil))
        for pieces in [Chunkings.fixed(bytes.count, size: 4_096), Chunkings.random(bytes.count, maxSize: 600, seed: 7)] {
            let check = StreamCheck.run(bytes, pieces: pieces)
            #expect(check.violations.isEmpty, "\(check.report)")
        }
    }
}
