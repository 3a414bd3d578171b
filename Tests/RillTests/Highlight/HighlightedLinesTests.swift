@testable import Rill
import Testing

extension RillTests.Highlight {
    /// A code block's highlighted lines kept between layouts: each complete line highlighted
    /// once, the open line from the state its complete lines left.
    @Suite struct HighlightedLinesTests {}
}

extension RillTests.Highlight.HighlightedLinesTests {
    static func lines() throws -> (HighlightedLines, HighlightCounts) {
        let counts = HighlightCounts()
        return (HighlightedLines(language: try #require(CodeLanguage.named("c")), counts: counts), counts)
    }

    /// Asks for every line of `code` in order, as a layout does; the last is open unless `complete`.
    @discardableResult
    static func layOut(_ code: [String], _ lines: HighlightedLines, lastComplete: Bool = true) -> [[CodeToken]] {
        code.indices.map { index in
            lines.tokens(ofLine: index, text: code[index][...], complete: lastComplete || index < code.count - 1) { code[$0][...] }
        }
    }

    @Test("Laid out again and again, a complete line is highlighted once")
    func onceEach() throws {
        let (lines, counts) = try Self.lines()
        let code = ["int main(void) {", "    /* start", "       end */ return 0;", "}"]
        let first = Self.layOut(code, lines)
        for _ in 0..<5 { #expect(Self.layOut(code, lines) == first) }
        #expect(counts.completeLines == code.count)
        #expect(counts.calls == code.count)
        #expect(counts.openLines == 0)
    }

    @Test("The open line is highlighted from the state its complete lines left, and not kept")
    func openLine() throws {
        let (lines, counts) = try Self.lines()
        var code = ["int x; /* a comment", "still"]
        let open = Self.layOut(code, lines, lastComplete: false)
        #expect(open[1].first?.element == .comment, "the open line continues the comment")
        #expect(counts.completeLines == 1 && counts.openLines == 1 && counts.calls == 2)
        code[1] = "still */ int y;"
        let grown = Self.layOut(code, lines, lastComplete: false)
        #expect(counts.completeLines == 1 && counts.openLines == 2 && counts.calls == 3)
        // The line ends as it was last shown: it keeps those colours, without a new highlight.
        let ended = Self.layOut(code, lines)
        #expect(ended == grown)
        #expect(counts.completeLines == 2 && counts.calls == 3)
        Self.layOut(code + ["int z;"], lines)
        #expect(counts.completeLines == 3 && counts.calls == 4, "only the new line")
    }

    @Test("A changed line is highlighted again, and the lines after it from its new state")
    func changedLine() throws {
        let (lines, counts) = try Self.lines()
        let before = ["int a;", "int b;", "int c;"]
        let plain = Self.layOut(before, lines)
        let after = ["int a; /* open", "int b;", "int c;"]
        let changed = Self.layOut(after, lines)
        #expect(counts.completeLines == 6, "the changed line and every line after it")
        #expect(changed[1].allSatisfy { $0.element == .comment } && !changed[1].isEmpty)
        #expect(changed[1] != plain[1])
        // A fresh record of the new text agrees.
        let (fresh, _) = try Self.lines()
        #expect(Self.layOut(after, fresh) == changed)
    }

    @Test("Asked for a later line first, the lines before it are highlighted from the text they have")
    func gapsAreFilled() throws {
        let (lines, counts) = try Self.lines()
        let code = ["/* one", "two", "three */", "int four;"]
        let start = lines.start(ofLine: 3) { code[$0][...] }
        #expect(counts.completeLines == 3)
        let (fresh, _) = try Self.lines()
        let tokens = Self.layOut(code, fresh)
        #expect(lines.tokens(ofLine: 3, text: code[3][...], complete: true) { code[$0][...] } == tokens[3])
        #expect(start.isEquivalent(to: fresh.start(ofLine: 3) { code[$0][...] }))
    }
}
