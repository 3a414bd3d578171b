@_spi(Testing) @testable import Rill
import RillTestSupport

/// Tables for the table tests: random ones for property tests, and prefixes of a table.
enum TableSamples {
    /// Cell contents that stress layout: wide and zero-width characters, emoji sequences, long
    /// words, inline markup, escaped pipes, control characters, nothing at all.
    static let cellPieces = [
        "a", "word", "two words", "a longer run of prose that wraps", "42", "3.14", "",
        "日本語", "東京の天気。", "한국어 텍스트", "ＡＢＣ", "中文，标点", "क्षत्रिय", "กำลัง",
        "👍🏽", "👨‍👩‍👧‍👦 family", "🇯🇵🇰🇷", "1️⃣", "❤️", "e\u{301}t\u{301}e\u{301}",
        "https://example.com/a/very/long/path/to/something", "supercalifragilisticexpialidocious",
        "`code`", "`a \\| b`", "**bold** text", "*em*", "[link](https://e.x/y)", "~~gone~~",
        "x \\| y", "\u{1B}[2J", "bell\u{07}", "\u{9B}31m", "tab\there",
    ]

    /// A random GFM table in markdown, ending in a newline.
    static func markdown(columns: Int, rows: Int, using random: inout LayoutFixtures.Random) -> String {
        func cell() -> String {
            (0..<Int.random(in: 1...3, using: &random)).map { _ in cellPieces.randomElement(using: &random)! }
                .joined(separator: " ")
        }
        let delimiters = [":--", ":-:", "--:", "---"]
        var lines = ["| " + (0..<columns).map { _ in cell() }.joined(separator: " | ") + " |"]
        lines.append("|" + (0..<columns).map { _ in delimiters.randomElement(using: &random)! }.joined(separator: "|") + "|")
        for _ in 0..<rows {
            // Rows may have fewer or more cells than the header.
            let count = Int.random(in: 0..<10, using: &random) == 0 ? Int.random(in: 1...columns + 2, using: &random) : columns
            lines.append("| " + (0..<count).map { _ in cell() }.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `table` with only its header and first `rows` data rows.
    static func prefix(of table: Block, rows: Int) -> Block {
        var copy = table
        copy.children = Array(table.children.prefix(1 + rows))
        return copy
    }

    /// Every table in the Corpus documents (parsed once).
    static let corpusTables: [(name: String, table: Block)] = {
        var tables: [(name: String, table: Block)] = []
        for name in Corpus.documentNames {
            for block in MarkdownStream.parse(Corpus.bytes(name)) {
                block.forEachDescendant { candidate, _ in
                    if case .table = candidate.kind { tables.append((name, candidate)) }
                }
            }
        }
        return tables
    }()
}
