@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

/// Footnote references and `<kbd>`/`<sup>`/`<sub>` elements in text.
@Suite struct InlineIdiomsTests {
    static func blocks(_ markdown: String) -> [Block] { Oracle.parse(Array(markdown.utf8)) }
}

extension InlineIdiomsTests {
    @Test("A footnote reference is one by its shape, with or without a definition")
    func footnoteReferences() {
        #expect(Self.blocks("Claim[^1] and[^note-2].").first?.kind == .paragraph([
            .text("Claim"), .footnoteReference(label: "1"), .text(" and"), .footnoteReference(label: "note-2"), .text("."),
        ]))
        #expect(Self.blocks("not [^ a] nor [^]").first?.kind == .paragraph([.text("not [^ a] nor [^]")]))
    }

    @Test("A footnote definition stays where it was written, a paragraph led by its marker")
    func footnoteDefinitions() {
        let blocks = Self.blocks("Text[^1].\n\n[^1]: The note.\n\nAfter.")
        #expect(blocks.count == 3)
        #expect(blocks[1].kind == .paragraph([.footnoteReference(label: "1"), .text(": The note.")]))
        #expect(blocks[2].kind == .paragraph([.text("After.")]))
    }

    @Test("Matched kbd, sup and sub tags hold their content; others stay raw HTML")
    func elements() {
        #expect(Self.blocks("<kbd>Ctrl</kbd>+x<sup>2</sup> <b>b</b> <sub>i").first?.kind == .paragraph([
            .htmlElement(.kbd, [.text("Ctrl")]), .text("+x"), .htmlElement(.sup, [.text("2")]), .text(" "),
            .html("<b>"), .text("b"), .html("</b>"), .text(" "), .html("<sub>"), .text("i"),
        ]))
    }
}
