@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

/// The closers anticipated at the end of a leaf being written are those of openers cmark-gfm
/// takes as openers, and cmark-gfm reads the closed text as intended: the text written, less
/// the closed openers' delimiters, never a character more.
@Suite struct AnticipatedClosersTests {
    static func closers(_ text: String) -> String {
        String(decoding: AnticipatedClosers.closers(forInlineText: Array(text.utf8)), as: UTF8.self)
    }

    /// The visible text of the only leaf with inlines in a one-shot parse of `text`.
    static func visible(_ text: String) -> [Unicode.Scalar] {
        var leaves: [[Inline]] = []
        for block in Oracle.parse(Array(text.utf8)) {
            block.forEachDescendant { node, _ in if let inlines = node.kind.inlines { leaves.append(inlines) } }
        }
        return leaves.last.map(PreviewRule.visibleText) ?? []
    }

    /// Checks against cmark-gfm that `text` with `closers` (at its end, or as `closedText`
    /// has them) shows `text` less exactly as many delimiter characters as there are closers
    /// (each closes one opener's character).
    static func expectReadsClosed(_ text: String, _ closers: String, closedText: String? = nil,
                                  sourceLocation: SourceLocation = #_sourceLocation) {
        let written = visible(text)
        let shown = visible(closedText ?? text + closers)
        #expect(PreviewRule.isDelimiterDeletion(of: written, giving: shown),
                "\(text) + \(closers) shows \(String(String.UnicodeScalarView(shown)))", sourceLocation: sourceLocation)
        #expect(shown.count == written.count - closers.unicodeScalars.count,
                "\(text) + \(closers) shows \(String(String.UnicodeScalarView(shown)))", sourceLocation: sourceLocation)
    }

    @Test("What is left open at the end, innermost first, read by cmark as closed", arguments: [
        ("plain text", ""),
        ("some *emph", "*"),
        ("**bold te", "**"),
        ("a **b *c", "***"),
        ("*a **b", "***"),
        ("***a", "***"),
        ("**a*", "*"),
        ("*done* and *open", "*"),
        ("_init", "_"),
        ("(_a", "_"),
        ("\"*quoted", "*"),
        ("~~gone", "~~"),
        ("`code", "`"),
        ("``code ` still", "``"),
        ("`a` and `b", "`"),
        ("**Use `code", "`**"),
        ("*a [b](c) d", "*"),
        ("*see <http://x", "*"),
        ("**see http://x.com", "**"),
        ("Verify with `curl -I https://shop.ex", "`"),   // a bare URL shows as written in code too
        ("# is not special **here", "**"),
    ])
    func anticipated(text: String, expected: String) {
        #expect(Self.closers(text) == expected, "\(text)")
        Self.expectReadsClosed(text, expected)
    }

    @Test("Nothing is anticipated for what cmark would not take as an opener", arguments: [
        "Use `",                      // a lone backtick opens nothing until its text follows
        "Use ``",
        "my_v",                       // no intraword `_`
        "snake_case_na",
        "a * b",                      // followed by a space: not left-flanking
        "a **",                       // at the end: not left-flanking
        "an \\*escaped star",
        "2*3",                        // can close too: left as written
        "foo**bar",
        "~about 5",                   // a single `~` is "about" more often than strikethrough
        "~~a ~b",                     // a `~` closer of another length would end `~~` as text
        "*a\\",                       // a closer after a backslash would be escaped
        "``double `backtick` c",      // the unmatched run is before a code span
        "`*not emphasis*",            // as code the text would show the delimiters it hides
        "Use `a \\* b",               // as code the escape would show
        "Use `a &amp; b",             // as code the entity would show
        "Use `a \\",                  // the next character may make an escape
        "Use `a &am",                 // or an entity
        "<http://a.b/*c",             // inside an autolink being written
        "[a *b](http://x",            // inside a link whose destination is being written
        "http://example.com/_x",      // inside a bare URL
        "www.example.com/*a",
        "ends in a space *emph ",
    ])
    func notAnticipated(text: String) {
        #expect(Self.closers(text) == "", "\(text)")
    }

    @Test("Where nothing is anticipated, a closer would make cmark show what was not written", arguments: [
        ("Use `", "`"), ("my_v", "_"), ("snake_case_na", "_"), ("a * b", "*"), ("a **", "**"),
        ("an \\*escaped star", "*"), ("*a\\", "*"), ("~~a ~b", "~~"), ("``double `backtick` c", "``"),
        ("`*not emphasis*", "`"), ("Use `a \\* b", "`"), ("Use `a &amp; b", "`"), ("ends in a space *emph ", "*"),
    ])
    func naiveCloserReadsWrong(text: String, closer: String) {
        #expect(Self.closers(text) == "", "\(text)")
        let written = Self.visible(text)
        let shown = Self.visible(text + closer)
        #expect(!PreviewRule.isDelimiterDeletion(of: written, giving: shown)
                || shown.count != written.count - closer.unicodeScalars.count, "\(text) + \(closer)")
    }

    @Test("The issue's examples", arguments: [
        ("Use `", ""), ("Use `c", "`"), ("my_v", ""), ("my_var", ""),
        ("2", ""), ("2*", ""), ("2*3", ""), ("2*3 here **bold", "**"),
    ])
    func issueExamples(text: String, expected: String) {
        #expect(Self.closers(text) == expected, "\(text)")
        if !expected.isEmpty { Self.expectReadsClosed(text, expected) }
    }

    @Test("Flanking is judged with Unicode whitespace and punctuation", arguments: [
        ("x\u{00A0}_b", "_"),         // no-break space is whitespace: `_` opens
        ("x—_b", "_"),                // an em dash is punctuation: `_` opens after it
        ("«*a", "*"),                 // so is a guillemet
        ("x_b", ""),                  // inside a word `_` does not open
        ("日本*語", ""),               // between letters of any script `*` can close too
        ("日本 **語", "**"),
    ])
    func unicodeFlanking(text: String, expected: String) {
        #expect(Self.closers(text) == expected, "\(text)")
        if !expected.isEmpty { Self.expectReadsClosed(text, expected) }
    }
}

extension AnticipatedClosersTests {
    /// The closing a leaf gets in `text`, applied: the text with the closers at their offset.
    static func closed(_ text: String, _ closing: AnticipatedClosing?) -> String? {
        guard let closing else { return nil }
        let bytes = Array(text.utf8)
        return String(decoding: bytes[..<closing.offset] + closing.closers + bytes[closing.offset...], as: UTF8.self)
    }

    @Test("A paragraph is closed before its trailing spaces, over its continuation lines")
    func paragraph() {
        let text = "> **Bold across\n> lines *and  "
        let start = text.utf8.count - "**Bold across\n> lines *and  ".utf8.count
        let closed = Self.closed(text, AnticipatedClosers.paragraph(from: start, in: Array(text.utf8)))
        #expect(closed == "> **Bold across\n> lines *and***  ")
        Self.expectReadsClosed("> **Bold across\n> lines *and", "***")
    }

    @Test("An ATX heading is closed before its closing sequence")
    func heading() {
        for (text, expected) in [("## A **bold", "## A **bold**"), ("# a *b #", "# a *b* #"), ("# a *C#", "# a *C#*")] {
            #expect(Self.closed(text, AnticipatedClosers.atxHeading(from: 0, in: Array(text.utf8))) == expected)
            Self.expectReadsClosed(text, String(repeating: "*", count: expected.count - text.count), closedText: expected)
        }
        #expect(AnticipatedClosers.atxHeading(from: 0, in: Array("#hash *tag".utf8)) == nil)
    }

    @Test("The last cell of a table row being written is closed where cmark-gfm ends the cell")
    func tableCell() {
        let table = "| a | b |\n|---|---|\n"
        let row = "| 1 | **bold c  "
        let text = table + row
        let closing = AnticipatedClosers.lastCell(ofRowFrom: table.utf8.count, in: Array(text.utf8))
        let closed = Self.closed(text, closing)
        #expect(closed == table + "| 1 | **bold c**  ")
        // cmark-gfm reads the closed row's last cell as bold, the first as it was.
        let rows = Oracle.parse(Array((closed ?? "").utf8)).first?.children ?? []
        #expect(rows.last?.children.map(\.kind) == [.tableCell([.text("1")]), .tableCell([.strong([.text("bold c")])])])
        // A cell closed by its `|` is not written any more; an escaped pipe does not close it.
        #expect(AnticipatedClosers.lastCell(ofRowFrom: table.utf8.count, in: Array((table + "| **b |").utf8)) == nil)
        let escaped = table + "| 1 | **a \\| b"
        #expect(Self.closed(escaped, AnticipatedClosers.lastCell(ofRowFrom: table.utf8.count, in: Array(escaped.utf8)))
                == escaped + "**")
    }
}

extension AnticipatedClosersTests {
    /// The last leaf the stream shows after `text` arrives in one frame.
    static func shownLeaf(_ text: String) -> (kind: BlockKind?, closers: String) {
        var stream = MarkdownStream()
        stream.append(Array(text.utf8))
        stream.advance()
        var leaf = stream.openBlocks.last
        while let block = leaf, let last = block.children.last { leaf = last }
        return (leaf?.kind, String(decoding: stream.provisionalClosers, as: UTF8.self))
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
        #expect(Self.shownLeaf("A space typed inside *the ").kind == .paragraph([.text("A space typed inside "), .emphasis([.text("the")])]))
    }

    @Test("The stream shows what the issue's examples wrote, never more", arguments: [
        ("Use `", BlockKind.paragraph([.text("Use `")])),
        ("Use `c", .paragraph([.text("Use "), .code("c")])),
        ("my_v", .paragraph([.text("my_v")])),
        ("2*3 here **bold", .paragraph([.text("2*3 here "), .strong([.text("bold")])])),
    ])
    func issueExamplesInStream(text: String, expected: BlockKind) {
        #expect(Self.shownLeaf(text).kind == expected, "\(text)")
    }

    @Test("The last cell of a table row being written is shown closed")
    func tableCellInStream() {
        let shown = Self.shownLeaf("| a | b |\n|---|---|\n| a | **bold c")
        #expect(shown.kind == .tableCell([.strong([.text("bold c")])]))
        #expect(shown.closers == "**")
        let nested = Self.shownLeaf("- | a | b |\n  |---|---|\n  | 1 | `code")
        #expect(nested.kind == .tableCell([.code("code")]))
    }

    @Test("Never inside code blocks, and never in what becomes final")
    func onlyLeavesBeingWritten() {
        #expect(Self.shownLeaf("```\nlet *x").closers.isEmpty)
        var literal = MarkdownStream()
        literal.append(Array("A *star that never closes\n".utf8))
        literal.finish()
        #expect(literal.finalBlocks.first?.kind == .paragraph([.text("A *star that never closes")]))
    }
}
