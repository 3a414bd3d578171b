@_spi(Testing) @testable import Rill
import Testing

extension RillTests.Layout {
    /// Code blocks: the gutter, the language label, the band, wrapped lines.
    @Suite struct CodeBlockLayoutTests {}
}

extension RillTests.Layout.CodeBlockLayoutTests {
    static func lines(_ markdown: String, _ context: LayoutContext) -> [StyledLine] {
        DocumentLayout.lines(for: MarkdownStream.parse(Array(markdown.utf8)), in: context)
    }

    @Test("In colour every line of a closed code block, the bottom corner too, is a band across the width",
          arguments: [12, 40, 80])
    func bandIsSquare(width: Int) {
        let lines = Self.lines("```swift\nlet a = 1\n\nprint(a)\n```\n", LayoutFixtures.dark(width))
        #expect(lines.count == 5)
        for line in lines {
            #expect(line.width == width, "\(line.plainText)")
            #expect(line.spans.allSatisfy { $0.style.background == Theme.dark.codeBlock.background })
        }
    }

    /// A selection in the terminal copies what the rows hold: in colour, the code and the
    /// band's blanks only.
    @Test("In colour a code block's rows hold the code itself: no gutter, no mark inside a wrapped line",
          arguments: [12, 40, 80])
    func bandHoldsTheCodeItself(width: Int) {
        let code = ["func f() {", "    let long = \"" + String(repeating: "ab", count: 60) + "\"", "}"]
        let lines = Self.lines("```swift\n" + code.joined(separator: "\n") + "\n```\n", LayoutFixtures.dark(width))
        var rows = lines.dropFirst().dropLast().map { line in
            var text = line.plainText
            while text.last == " " { text.removeLast() }
            return text
        }
        // The rows of the long line, joined, give it back: each is as wide as the band allows.
        let long = rows[1...].prefix { DisplayWidth.of($0) == width - 1 }
        rows.replaceSubrange(1..<(2 + long.count), with: [rows[1...(1 + long.count)].joined()])
        #expect(rows == code)
        #expect(lines[0].plainText.hasPrefix("swift"), "\(lines[0].plainText)")
    }

    @Test("Plain code blocks are not padded")
    func plainIsNotPadded() {
        let lines = Self.lines("```\nx\n```\n", LayoutFixtures.plain(40))
        #expect(LayoutFixtures.text(lines) == ["╭─", "│ x", "╰─"])
    }
}

extension RillTests.Layout.CodeBlockLayoutTests {
    /// Found by rill-fuzz: the label was printed whole, so a long info string made the top
    /// line wider than the width.
    @Test("A language label wider than the width is cut with an ellipsis", arguments: [12, 40, 80])
    func longLabelFits(width: Int) {
        let label = String(repeating: "\u{FFFD}", count: 60) + String(repeating: "日本", count: 30)
        for context in [LayoutFixtures.plain(width), LayoutFixtures.dark(width)] {
            let top = Self.lines("```\(label)\ncode\n```\n", context)[0]
            #expect(top.width <= width, "\(top.plainText)")
            let corner = context.isPlain ? "╭─ " : ""
            #expect(top.plainText.hasPrefix(corner + "\u{FFFD}") && top.plainText.contains("…"), "\(top.plainText)")
        }
        let short = Self.lines("```swift\ncode\n```\n", LayoutFixtures.plain(width))[0]
        #expect(short.plainText == "╭─ swift")
    }
}

extension RillTests.Layout.CodeBlockLayoutTests {
    /// Found by rill-fuzz: a code line cut right after the joiner that ends an emoji cluster
    /// (`👨‍👩‍👧‍` followed by U+FFFD, which continues nothing) got the continuation mark `↩`, an
    /// emoji by Unicode's rules, straight after the joiner: text and mark made one cluster, the
    /// line was a column narrower on screen than laid out.
    @Test("A code line cut after a joiner keeps its continuation mark a cluster of its own", arguments: [10, 11, 12, 24])
    func joinerBeforeContinuationMark(width: Int) {
        let markdown = "```\n- ZWJ families: 👨‍👩‍👧 👨‍👩‍👧‍\u{FFFD}item and more\n```\n"
        for context in [LayoutFixtures.plain(width), LayoutFixtures.dark(width)] {
            for line in Self.lines(markdown, context) {
                #expect(DisplayWidth.of(line.plainText) == line.width, "\(line.plainText.debugDescription) at \(width)")
            }
        }
    }
}
