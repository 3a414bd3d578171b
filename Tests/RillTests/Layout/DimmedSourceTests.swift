@testable import Rill
import Testing

/// Shown reasoning drawn dimmed: blocks starting in a dimmed range are dimmed whole, the quote
/// gutter around them and everything else are not.
@Suite struct DimmedSourceTests {
    /// `pieces` decoded with reasoning shown, parsed, and laid out in colour with its ranges dimmed.
    static func layout(_ pieces: [(text: String, reasoning: Bool)], isPlain: Bool = false) -> [StyledLine] {
        var writer = ModelTextWriter(showsReasoning: true)
        var markdown: [UInt8] = []
        for piece in pieces {
            if piece.reasoning { writer.write(reasoning: piece.text, into: &markdown) } else { writer.write(text: piece.text, into: &markdown) }
        }
        var context = LayoutContext(width: 40, theme: isPlain ? .plain : .dark, isPlain: isPlain)
        context.dimmed = DimmedSource()
        context.dimmed?.set(writer.reasoningRanges)
        return DocumentLayout.lines(for: MarkdownStream.parse(markdown), in: context)
    }

    /// Each line's text and whether each of its spans is dimmed (`~` dim, `.` not), for spans with text.
    static func looks(_ lines: [StyledLine]) -> [String] {
        lines.map { line in
            guard !line.spans.isEmpty else { return "" }
            return line.plainText + " " + line.spans.filter { !$0.text.allSatisfy(\.isWhitespace) }.map { $0.style.isDim ? "~" : "." }.joined()
        }
    }
}

extension DimmedSourceTests {
    @Test("An offset is inside a range or not, at the edges too")
    func contains() {
        let source = DimmedSource()
        #expect(!source.contains(0))
        source.set([2..<5, 9..<10, 20..<30])
        #expect([0, 1, 2, 4, 5, 8, 9, 10, 19, 20, 29, 30, 1000].map(source.contains)
                == [false, false, true, true, false, false, true, false, false, true, true, false, false])
    }

    @Test("The reasoning's blocks are dimmed, list markers and code too; its gutter and the answer are not")
    func reasoningDimmed() {
        let looks = Self.looks(Self.layout([("Plan:\n\n- a `b`\n", true), ("**Answer**", false)]))
        #expect(looks == ["│ Plan: .~", "│ .", "│ • a b .~~~", "", "Answer ."])
    }

    @Test("Plain output dims nothing")
    func plainUndimmed() {
        let lines = Self.layout([("Plan", true), ("Answer", false)], isPlain: true)
        #expect(lines.allSatisfy { $0.spans.allSatisfy { !$0.style.isDim } })
        #expect(lines.map(\.plainText) == ["│ Plan", "", "Answer"])
    }
}
