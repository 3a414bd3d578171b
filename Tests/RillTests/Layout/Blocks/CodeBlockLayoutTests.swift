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
            #expect(top.plainText.hasPrefix("╭─ \u{FFFD}") && top.plainText.contains("…"), "\(top.plainText)")
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
