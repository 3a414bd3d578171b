@_spi(Testing) import Rill
import RillTestSupport
import Testing

/// Lines the live layout commits are those no later input can change: what it commits, frame
/// after frame, is the batch render, even where a block after a short one (indented code, a
/// table) is taller than the live region or a list item's marker line is laid out before its
/// task box arrives.
extension LiveLayoutTests {
    /// Where the committed lines of `text`, streamed in `size`-byte pieces at `width` into a
    /// region `maxLines` tall, first differ from the batch render; nil when they do not.
    static func firstDifference(_ text: String, size: Int, width: Int, maxLines: Int) -> String? {
        let bytes = Array(text.utf8)
        let (lines, _, _) = committed(bytes, size: size, width: width, maxLines: maxLines)
        let batch = DocumentLayout.lines(for: MarkdownStream.parse(bytes), in: LayoutContext(width: width, theme: .dark))
        guard let index = (0..<max(lines.count, batch.count)).first(where: { index in
            index >= lines.count || index >= batch.count || lines[index] != batch[index]
        }) else { return nil }
        let shown = { (lines: [StyledLine]) in index < lines.count ? "\"\(lines[index].plainText)\"" : "(none)" }
        return "line \(index): committed \(shown(lines)), batch \(shown(batch))"
    }

    /// A long paragraph (or quote) of numbered words.
    static func words(_ count: Int, prefix: String = "") -> String {
        prefix + (0..<count).map { "word\($0)" }.joined(separator: " ")
    }

    static let afterShortBlock: [(name: String, text: String)] = [
        ("code, paragraph", "Intro paragraph here.\n\n    indented code line\n    another one\n\n" + words(600) + "\n\nEnd.\n"),
        ("code, quote", "Intro paragraph here.\n\n    indented code line\n    another one\n\n" + words(600, prefix: "> ")
            + "\n\nEnd.\n"),
        ("code first, paragraph", "    indented code line\n\n" + words(300) + "\n"),
        ("table, quote", "|a|b|\n|-|-|\n|1|2|\n" + words(600, prefix: "> ") + "\n\nEnd.\n"),
        ("table, list item", "|a|b|\n|-|-|\n|1|2|\n" + words(600, prefix: "- ") + "\n\nEnd.\n"),
        ("table, heading", "|a|b|\n|-|-|\n|1|2|\n" + words(300, prefix: "# ") + "\n\nEnd.\n"),
    ]

    /// Indented code's last band line and blank line, and a table's bottom border, come when the
    /// block closes: it must close before the block after it, taller than the region, commits.
    @Test("A block taller than the live region after indented code or a table keeps what ends them",
          arguments: afterShortBlock.map { $0.name }, [1, 4, 16])
    func endOfShortBlockBeforeTallBlock(name: String, size: Int) throws {
        let text = try #require(Self.afterShortBlock.first { $0.name == name }).text
        for (width, maxLines) in [(80, 23), (33, 6), (40, 5)] {
            let difference = Self.firstDifference(text, size: size, width: width, maxLines: maxLines)
            #expect(difference == nil, "\(width)x\(maxLines): \(difference ?? "")")
        }
    }

    @Test("A task item's marker line is committed with its box, at any width", arguments: [1, 4, 16])
    func taskBoxOnNarrowLines(size: Int) {
        let text = "## Before merging\n\n- [x] Hook extracted and used in all three components\n"
            + "- [x] Storybook story updated\n- [ ] Fix the race condition\n"
        for width in [5, 8, 10, 12, 13, 14, 30] {
            let difference = Self.firstDifference(text, size: size, width: width, maxLines: 10_000)
            #expect(difference == nil, "width \(width): \(difference ?? "")")
        }
    }
}
