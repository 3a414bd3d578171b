@testable import Rill
import Testing

/// Delimiters left open at the end of a paragraph being written are shown closed, so their
/// markers never flash in and out.
@Suite struct ProvisionalClosersTests {
    @Test("What is left open at the end, innermost first", arguments: [
        ("plain text", ""),
        ("some *emph", "*"),
        ("**bold te", "**"),
        ("a **b *c", "***"),
        ("`code", "`"),
        ("``code ` still", "``"),
        ("`*not emphasis*", "`"),
        ("~~gone", "~~"),
        ("*done* and *open", "*"),
        ("an \\*escaped star", ""),
        ("a * b", ""),
        ("ends in a space *emph ", ""),
    ])
    func closers(text: String, expected: String) {
        let bytes = Array(text.utf8)
        #expect(String(decoding: ProvisionalClosers.closers(for: bytes[...]), as: UTF8.self) == expected)
    }

    @Test("A paragraph being written shows open emphasis and code as closed")
    func shownClosed() {
        var stream = MarkdownStream()
        stream.append(Array("Ownership is **the idea".utf8))
        stream.advance()
        #expect(stream.openBlocks.first?.kind == .paragraph([.text("Ownership is "), .strong([.text("the idea")])]))
        #expect(stream.provisionalClosers == Array("**".utf8))
        stream.append(Array(" that** matters".utf8))
        stream.advance()
        #expect(stream.openBlocks.first?.kind == .paragraph([.text("Ownership is "), .strong([.text("the idea that")]), .text(" matters")]))
    }

    @Test("A space typed inside open emphasis keeps it shown closed")
    func trailingSpace() {
        var stream = MarkdownStream()
        stream.append(Array("Ownership is *the ".utf8))
        stream.advance()
        #expect(stream.openBlocks.first?.kind == .paragraph([.text("Ownership is "), .emphasis([.text("the")])]))
    }

    @Test("Never inside code blocks, and never in what becomes final")
    func onlyParagraphs() {
        var stream = MarkdownStream()
        stream.append(Array("```\nlet *x".utf8))
        stream.advance()
        #expect(stream.provisionalClosers.isEmpty)
        stream.finish()
        var literal = MarkdownStream()
        literal.append(Array("A *star that never closes\n".utf8))
        literal.finish()
        #expect(literal.finalBlocks.first?.kind == .paragraph([.text("A *star that never closes")]))
    }
}
