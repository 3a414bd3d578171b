import Rill

/// Random markdown documents assembled from lines that are tricky to parse incrementally.
///
/// Deterministic per seed. Each document is 1–`maxLines` lines; a line is a template from
/// ``lines`` (or a bit of plain text), sometimes inside a container prefix (`> `, `- `, `1. `,
/// indentation), ended by LF, CRLF or a bare CR; the last line may have no ending.
public struct DocumentGenerator {
    private var random: SplitMix64
    /// Most lines in a document.
    public var maxLines = 24

    public init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// Lines that look like (or almost like) block starts and ends.
    public static let lines: [String] = [
        // Paragraph text and lazy continuations.
        "Some text", "lazy continuation", "more text with *emphasis* and `code`", "a *b", "**strong", "x~~y~~z",
        "trailing hard break  ", "backslash break\\", "a", "foo bar baz",
        "see [a](b \"t\" and (c)", "cost $5 + 10% = more (or less)", "em—dash café 日本語", "a # b ^ c / d",
        // Setext underlines and thematic breaks.
        "===", "=", "---", "-", "- - -", "***", "* * *", "___", "+++", "  ---", "    ---",
        // ATX headings.
        "#", "# Heading", "#b", "## h2 ##", "###### six", "####### seven", "#\tTab", "#5", "  # indented",
        // Bullets, tasks, ordered markers, nested indentation.
        "- item", "* item", "+ item", "- [ ] task", "- [x] done", "-\ttab item", "-", "*",
        "1. one", "1.", "2.", "2", "1)", "10) ten", "3. three", "0. zero", "123456789. big", "01. lead",
        "  - nested", "    - deeper", "   1. nested ordered", "      - deepest", "  continuation of item",
        // Fences, open and closed.
        "```", "```swift", "~~~", "~~~ python", "````", "``` a`b", "   ```", "let x = 1", "~~~~",
        // Indented code.
        "    indented code", "\tcode after tab", "        deep code",
        // HTML blocks, all 7 kinds, with their ends.
        "<script>", "</script>", "<pre>", "</pre>", "<style>", "<textarea>", "<!-- comment", "-->",
        "<?php echo 1;", "?>", "<!DOCTYPE html>", "<![CDATA[", "]]>", "<div>", "</div>", "<table>",
        "<my-tag attr=\"x\">", "</my-tag>", "<details>", "<summary>s</summary>", "<a href=\"x\">",
        // GFM tables: rows, delimiter rows, a lone pipe.
        "| a | b |", "|---|---|", "| :-- | --: |", "|:-:|", "a | b", "--- | ---", "|", "| x |", "| 1 | 2 | 3 |",
        "| `a|b` | \\| |", "||",
        // Link reference definitions and uses.
        "[foo]: /url", "[foo]: /url \"title\"", "[foo]:", "  /next-line-url", "\"title on next line\"",
        "[bar]: <http://x.y> 'T'", "[Foo]: /other", "[baz]: /b (paren title)", "[foo]", "[foo][]", "[text][bar]",
        "![img][foo]", "see [baz] and [nope]", "[foo]: /url\n\"title\"",
        // Block quotes.
        "> quote", ">", "> > nested", ">- list in quote", "> ```", "> # heading", ">\ttab quote", "> | a | b |",
        // Wide characters.
        "日本語のテキスト", "| 表 | 😀 |", "한국어 문장", "emoji 👨‍👩‍👧 🇯🇵 👍🏽", "é combining", "中文｜全角",
        // Blank and whitespace-only.
        "", "", "", "   ", "\t", " \t ",
    ]

    /// Container prefixes a line may be put in.
    private static let prefixes = ["> ", "- ", "1. ", "  ", "   ", "    ", "\t", ">> ", "> - ", "* ", "10) "]

    /// Words for plain-text lines.
    private static let words = ["alpha", "beta", "[foo]", "*x*", "`y`", "日本", "😀", "|", "]:", "<b>", "**", "_z_", "\\*",
                                "(see", "this)", "[a](b", "\"q\"", "x/y", "a=b", "#tag", "1+1", "50%", "$5", "2^3", "é—ü",
                                "](", "http", "://x", "www", "*(", ")_"]

    private mutating func draw(_ bound: Int) -> Int {
        Int(random.next() % UInt64(bound))
    }

    /// The next document, as raw bytes (mostly valid UTF-8; now and then an invalid byte or a NUL).
    public mutating func next() -> [UInt8] {
        var bytes: [UInt8] = []
        let lineCount = 1 + draw(maxLines)
        for index in 0..<lineCount {
            var line: [UInt8]
            switch draw(20) {
            case 0..<2:
                line = Array((0..<(1 + draw(6))).map { _ in Self.words[draw(Self.words.count)] }.joined(separator: " ").utf8)
            case 2:
                line = Array("text ".utf8) + [[0xFF], [0x00], [0xE2, 0x82], [0xC0, 0xAF], [0xED, 0xA0, 0x80]][draw(5)]
            default:
                line = Array(Self.lines[draw(Self.lines.count)].utf8)
            }
            if draw(5) == 0 {
                line = Array(Self.prefixes[draw(Self.prefixes.count)].utf8) + line
            }
            bytes += line
            let isLast = index == lineCount - 1
            if isLast && draw(3) == 0 { break }
            switch draw(12) {
            case 0: bytes += [0x0D, 0x0A]
            case 1: bytes += [0x0D]
            default: bytes += [0x0A]
            }
        }
        return bytes
    }
}
