@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

/// Math found in a paragraph's source, as written, and text that only looks like it.
@Suite struct MathSpansTests {
    /// The inlines of a one-paragraph document.
    static func inlines(_ markdown: String) -> [Inline] {
        guard case .paragraph(let inlines)? = Oracle.parse(Array(markdown.utf8)).first?.kind else { return [] }
        return inlines
    }
}

extension MathSpansTests {
    @Test("Backslash-delimited math keeps its backslashes, and TeX inside is not markdown")
    func backslashDelimiters() {
        #expect(Self.inlines("so \\[ x_i + y_i \\, z \\] and \\(a*b*c\\)") == [
            .text("so "), .math(tex: " x_i + y_i \\, z ", delimiter: .bracket), .text(" and "),
            .math(tex: "a*b*c", delimiter: .parenthesis),
        ])
    }

    @Test("Display math may cross the lines of its paragraph")
    func displayAcrossLines() {
        #expect(Self.inlines("Sum:\n\\[\n\\sum_{i=1}^n i\n\\]\nso.") == [
            .text("Sum:"), .softBreak, .math(tex: "\n\\sum_{i=1}^n i\n", delimiter: .bracket), .softBreak, .text("so."),
        ])
        #expect(Self.inlines("$$\na_1 *b* a_2\n$$") == [.math(tex: "\na_1 *b* a_2\n", delimiter: .doubleDollar)])
    }

    @Test("Prices stay text: a `$` before a space or a digit-led closer opens and closes nothing")
    func prices() {
        #expect(Self.inlines("It costs $5 and $10.") == [.text("It costs $5 and $10.")])
        #expect(Self.inlines("From $5 to $10 a day, or $x^2$.") == [
            .text("From $5 to $10 a day, or "), .math(tex: "x^2", delimiter: .dollar), .text("."),
        ])
        #expect(Self.inlines("Pay $ 5 now$") == [.text("Pay $ 5 now$")])
        #expect(Self.inlines("A $5$10 bill") == [.text("A $5$10 bill")])
    }

    @Test("Code spans and escapes hide delimiters; an unclosed opener is text")
    func codeAndEscapes() {
        #expect(Self.inlines("`$x$` and \\$y$") == [.code("$x$"), .text(" and $y$")])
        #expect(Self.inlines("open \\( never closed") == [.text("open ( never closed")])
    }

    @Test("Math inside emphasis stays inside it; markdown around math still reads")
    func mathInMarkdown() {
        #expect(Self.inlines("**bold $a_b$** and *c*") == [
            .strong([.text("bold "), .math(tex: "a_b", delimiter: .dollar)]), .text(" and "), .emphasis([.text("c")]),
        ])
    }

    @Test("Math in a list item or quote is read from the item's own text")
    func inContainers() {
        let blocks = Oracle.parse(Array("> quote \\(x\\)\n> more $y$\n".utf8))
        #expect(blocks.first?.children.first?.kind == .paragraph([
            .text("quote "), .math(tex: "x", delimiter: .parenthesis), .softBreak, .text("more "),
            .math(tex: "y", delimiter: .dollar),
        ]))
    }
}
