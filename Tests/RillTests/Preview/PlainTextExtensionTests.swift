@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

/// A paragraph whose incomplete line grows by plain words is shown without parsing again; every
/// such frame must show exactly what a parse shows, ranges included.
@Suite struct PlainTextExtensionTests {
    /// Every open block of `tail`, with kind, identity and range, one per line (depth-indented).
    static func dump(_ tail: OpenTail) -> String {
        var out = ""
        func add(_ block: Block, _ depth: Int) {
            out += String(repeating: "  ", count: depth) + "\(block.id) \(block.range) \(block.kind)\n"
            for child in block.children { add(child, depth + 1) }
        }
        for block in tail.leading { add(block, 0) }
        if let growing = tail.growing {
            out += "growing:\n"
            add(growing.head, 0)
            switch growing.content {
            case .children(let final, let open):
                for block in final { add(block, 1) }
                out += "open:\n"
                for block in open { add(block, 1) }
            case .code(let lines, let openLine):
                out += "code \(lines) \(String(describing: openLine))\n"
            }
        }
        out += "trailing:\n"
        for block in tail.trailing { add(block, 0) }
        return out
    }

    /// Streams `bytes` in `pieces` with and without the extension, comparing every frame.
    /// Returns the frames that differed (described) and how many frames the extension made.
    static func compare(_ bytes: [UInt8], pieces: [Range<Int>]) -> (differences: [String], extended: Int) {
        var fast = MarkdownStream()
        var full = MarkdownStream()
        full.extendsPlainText = false
        var differences: [String] = []
        for piece in pieces {
            fast.append(bytes[piece])
            full.append(bytes[piece])
            fast.advance()
            full.advance()
            let (a, b) = (dump(fast.tail), dump(full.tail))
            if a != b || fast.finalBlocks.count != full.finalBlocks.count || fast.provisionalClosers != full.provisionalClosers {
                differences.append("after \(piece.upperBound) bytes:\nextended:\n\(a)parsed:\n\(b)")
            }
        }
        fast.finish()
        full.finish()
        if fast.blocks != full.blocks { differences.append("final blocks differ") }
        return (differences, fast.extendedFrames)
    }

    @Test("Extended frames equal parsed frames on every Corpus document", arguments: Corpus.documentNames)
    func corpus(_ name: String) {
        let bytes = Corpus.bytes(name)
        for size in [3, 16] {
            let pieces = Chunkings.capped(Chunkings.fixed(bytes.count, size: size), maxPieces: 600, seed: UInt64(size))
            let result = Self.compare(bytes, pieces: pieces)
            #expect(result.differences.isEmpty, "\(name), \(size)-byte pieces: \(result.differences.prefix(2).joined())")
        }
    }

    /// 300 documents by default, 3,000 with RILL_EXHAUSTIVE=1.
    static var generatedBatches: Range<UInt64> { TestEnvironment.isExhaustive ? 0..<120 : 0..<12 }

    @Test("Extended frames equal parsed frames on generated documents of tricky lines, fed per character",
          arguments: generatedBatches)
    func generated(_ batch: UInt64) {
        var generator = DocumentGenerator(seed: 0x7E47_0000 + batch)
        for _ in 0..<25 {
            let bytes = generator.next()
            let result = Self.compare(bytes, pieces: Chunkings.everyCharacter(bytes))
            #expect(result.differences.isEmpty,
                    "\(String(decoding: bytes, as: UTF8.self).debugDescription): \(result.differences.prefix(1).joined())")
        }
    }

    @Test("Answers written word by word are mostly shown without parsing")
    func isUsed() {
        let bytes = Corpus.bytes("answer-rust-ownership.md")
        let result = Self.compare(bytes, pieces: Chunkings.fixed(bytes.count, size: 4))
        #expect(result.differences.isEmpty)
        // Prose adds only plain words in most 4-byte pieces; this answer has lists, tables and code.
        #expect(result.extended > bytes.count / 4 / 3, "\(result.extended) of \(bytes.count / 4) frames")
    }

    @Test("A table row written word by word is mostly shown without parsing")
    func extendsTableCells() {
        let bytes = Array("| Engine | Notes |\n|---|---|\n| Postgres | fast and reliable for most workloads today |\n".utf8)
        let result = Self.compare(bytes, pieces: Chunkings.fixed(bytes.count, size: 3))
        #expect(result.differences.isEmpty)
        #expect(result.extended >= 8, "\(result.extended) frames extended")
    }

    @Test("A table row's pipes end its cells and start the next ones without a parse")
    func extendsThroughPipes() {
        let bytes = Array("""
            | Engine | Model | Scale | Notes |
            |---|:-:|--:|---|
            | Postgres | relational | replicas, sharding | safe default (most apps) |
            | SQLite | embedded | one file | tests, "edge" |
            > | a | b |
            > |---|---|
            > | quoted | row |

            """.utf8)
        let result = Self.compare(bytes, pieces: Chunkings.fixed(bytes.count, size: 2))
        #expect(result.differences.isEmpty, "\(result.differences.prefix(1).joined())")
        // Of the body rows' frames only those ending a line or starting the next are parsed:
        // 75 of the 109 frames are extended (59 when every `|` needed a parse).
        #expect(result.extended >= 72, "\(result.extended) of \(bytes.count / 2) frames extended")
    }

    /// 40 tables by default, 400 with RILL_EXHAUSTIVE=1.
    static var tableBatches: Range<UInt64> { TestEnvironment.isExhaustive ? 0..<40 : 0..<4 }

    @Test("Extended frames equal parsed frames on generated tables whose rows hold pipes, fed per character",
          arguments: tableBatches)
    func generatedTableRows(_ batch: UInt64) {
        var random = SplitMix64(seed: 0x7AB1_E000 + batch)
        let cells = ["", " ", "word", "two words", "a (b)", "'q' \"r\"", "x.y", "`c|d`", "\\|", "a\\", "*e*", "[l]",
                     "www.x", "1. n", "# h", "- i", "日本", "😀", "]", ")", "  padded  "]
        for _ in 0..<10 {
            let columns = Int.random(in: 1...4, using: &random)
            let quoted = Int.random(in: 0..<4, using: &random) == 0
            var lines = ["| " + (1...columns).map { "h\($0)" }.joined(separator: " | ") + " |",
                         "|" + String(repeating: "---|", count: columns)]
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let count = Int.random(in: 1...(columns + 2), using: &random)
                var row = (0..<count).map { _ in cells[Int.random(in: 0..<cells.count, using: &random)] }
                    .joined(separator: "|")
                if Bool.random(using: &random) { row = "|" + row }
                if Bool.random(using: &random) { row += "|" }
                lines.append(row.first == "|" ? row : "| " + row)
            }
            let text = lines.map { quoted ? "> " + $0 : $0 }.joined(separator: "\n") + "\n\nAfter.\n"
            let bytes = Array(text.utf8)
            let result = Self.compare(bytes, pieces: Chunkings.everyCharacter(bytes))
            #expect(result.differences.isEmpty, "\(text.debugDescription): \(result.differences.prefix(1).joined())")
        }
    }

    /// A text, then what arrives next: the second frame may or may not be extended, but must
    /// show what a parse shows.
    @Test("Additions that may mean more than text are parsed", arguments: [
        ("Say foo", "bar baz"), ("a *b", "c"), ("a *", "b"), ("x www", "example"), ("x www.", "example"),
        ("mail foo@bar", "com"), ("mail foo@bar.", "com"), ("see http", "s"), ("1", "2"), ("Para\n12", "3"),
        ("- a\n- b", "c"), ("> quote", " more"), ("foo  ", "bar"), ("foo\\", " bar"), ("text &amp", "x"),
        ("[ref]: /u", "rl"), ("[ref]:", " x"), ("# Head", "ing"), ("| a | b |\n|---|---|\n| c", "d"),
        ("term\n   ", "x"), ("a\n\n    code", "x"), ("foo_bar", "baz"), ("**bold", "er"), ("`code", "x"),
        ("<a", "b"), ("a\n-", "-"), ("a\n=", "a"), ("~~gone", "x"), ("- [ ] task", " two"), ("10", " cats"),
        ("> - deep\n>   text", " more"), ("x\n\n1", "0"), ("foo bar ", " baz"),
        ("see x", " www.example.com"), ("see www", ".example.com"), ("see WwW", ".x"), ("go w", "ww.x"),
        ("[a](b", " 'c'"), ("[a](b 'c", "'"), ("e.g", ". more"), ("Hi there", "! Next"), ("a b", "-c--d"),
        ("x *a", " b."), ("x a*", ", b"), ("x &amp", "; y"), ("1. done", ". Next"), ("a b\n2", "."),
        ("- [x", "] ok"), ("Text a", " 1. b"), ("x y\n-", "- z"), ("x y", " -"), ("a ~~b", " c"),
        ("see [a](b", ")"), ("see [a](b", " \"t\")"), ("x [a] (b", ")"), ("[a]\nx (b", ")"), ("x (a", ") b"),
        ("x *a", "—b"), ("x a*", "é"), ("x _a_", "é b"), ("x **a", "** b"), ("x y", " (a) b"), ("x y\n#", " z"),
        ("x y\n=", "=="), ("x y\n+", " z"), ("x 日本", "語 ok"), ("x y", " café"), ("see http", "://x"),
        ("see http:", "//x.y"), ("a b\n1", ") c"), ("[a]: /u \"t", "\""), ("[a]: /u (t", ")"), ("x \"y", "\" z"),
        ("[a]: /u\n'ti", "t'"), ("[j]: /u\n  \"Caching best", "\""), ("- [foo]: /url 'title", "'"), ("x 'y", "' z"),
        ("[j]: /u\n(ti", "t)"), ("> [a]: /u\n> \"t", "\""), ("x [a](b 't", "')"),
        ("| a | b |\n|---|---|\n| c | d", "e f"), ("| a | b |\n|---|---|\n| c | d |", " e"), ("| a | b |\n|---|---|\n| c | d | e", "f"),
        ("| a |\n|---|\n| c", " d"), ("| a | b |\n|---|---|\nc | d", "e"), ("| a | b |\n|---|---|\n| c | d ", " e"),
        ("| a | b |\n|---|---|\n| c | 1", ". x"), ("> | a |\n> |---|\n> | c", "d"), ("| a |\n|---|\n| `c", "d"),
        ("| a |\n|---|\n| c\\", "d"), ("| a |\n|---|\n| *c", " d"), ("| a | b |\n|---|---|\n|", " c"),
        ("| a | b |\n|---|---|\n| c", " | d"), ("| a | b |\n|---|---|\n| c", "|d"), ("| a | b |\n|---|---|\n| c |", " d"),
        ("| a | b |\n|---|---|\n| c | ", "d e"), ("| a | b | c |\n|---|---|---|\n| x", " | | y"), ("| a |\n|---|\n| c", " | d"),
        ("| a | b |\n|---|---|\n| c\\", "| d"), ("| a | b |\n|---|---|\n| c", " |"), ("| a | b |\n|---|---|\n| c |", " |"),
        ("| a | b |\n|---|---|\n| c", " | www.x"), ("| a | b |\n|---|---|\n| c", " | d `e"), ("| a | b |\n|---|---|\n| c", "|\n"),
        ("| a | b |\n|---|---|\n| [c", " | d)"), ("| a | b |\n|---|---|\n| c", " | (d) 'e' \"f\""), ("> | a | b |\n> |---|---|\n> | c", " | d"),
        ("- | a | b |\n  |---|---|\n  | c", " | d e"), ("| a | b | c |\n|---|---|---|\n| x | y", " | z |"),
        // Inside emphasis, strong, strikethrough or code left open (shown closed), and headings.
        ("x **a", " b c"), ("x **a b", " c"), ("x **a", "b"), ("x *a **b", " c"), ("x ***a", " b"), ("x _a", " b"),
        ("x __a", " b"), ("x ~~a", " b"), ("x `a", " b"), ("x `a b", " c."), ("x ``a ` b", " c"), ("**a", " b"),
        ("*a", "b"), ("*a\nb", " c"), ("**a\n2. b** c", " d"), ("**a\n1", ". b"), ("x **a** b", " c"),
        ("x `a` b", " c"), ("`a` 1", ". b"), ("x <a> b", " c"), ("x **a", " www.b"), ("*g _n www.", " 1"), ("*g _n www. ", "1"), ("x **a www.b", " c"), ("x _a WWW.", " b"),
        ("x ~~a www.b.c", " d"), ("x *a", ")"), ("x **a", " (b"),
        ("x **a.", " b"), ("x **a *b* c", " d"), ("x *a **b** c", " d"), ("- **a", " b"), ("> **a", " b"),
        ("| a |\n|---|\n| **b", " c"), ("x **a ", " b"), ("x **a", "  "), ("x `a", "  b"), ("x ** a", " b"),
        ("# Head", " more"), ("## Head", "ing more"), ("# Head #", " x"), ("# C#", " x"), ("# Head ", "#"),
        ("> # Quote head", " more"), ("# **Bold", " head"), ("Title\n=", "=="), ("Title\n-", "--"),
        ("- # Item head", " more"), ("#", " x"), ("# 1", ". x"), ("- [x]", " done"), ("# *a", " b c"),
        ("- [foo]:", " /url"), ("[foo]:", " /url"), ("- [foo]", ": /url"), ("x *a* [b]:", " /u"), ("`a`:", " /url"),
        ("[foo]: /a\n\n- [foo]:", " /url"), ("Mo", "st of"), ("- Mo", "st"), ("> At", " any"), ("1. Mo", "re"),
        // After a closed code span, emphasis, autolink or HTML: words start a new text.
        ("x `a`", " b"), ("x `a` ", "b c"), ("x `a`", "b"), ("x *a*", " b c"), ("x *a.*", "b"), ("x *a.*", " b"),
        ("x _a_", " b"), ("x _a_", "b"), ("x ~~a~~", " b"), ("x <b>", " c"), ("x www.a.com", " b"), ("x https://a.com", " b"),
        ("- `x`", " done"), ("`a`", " b"), ("`a`", "1"), ("# `a`", " b"), ("# *a*", " b #"), ("x **a**", "  "),
        ("x `a`", " www.b"), ("x `a`", " b\n"), ("x *a*", " - b"), ("1. `a`", " b"), ("x *a*", " b *c"),
        ("[l](u)", " x"), ("x `a`\n`b`", " c"), ("***a**", " b"), ("x __a__", " b"), ("x `a``", " b"), ("x `a`", " `b"),
        ("- `a`", " b\n- c"), ("> `a`", " b"), ("| a |\n|---|\n| `c`", " d"), ("x <span>", " y</span>"),
        // A code span left open, closed by the text added.
        ("x `a", "b` c"), ("x `a", "` c"), ("x `a", "`"), ("x `a", "`` c"), ("x ``a", "`` c"), ("x ``a", "` b`` c"),
        ("x ` a", " ` c"), ("x `  ", " ` c"), ("x `a", "`b"), ("x `a", "`www.x"), ("x `a", "b\n` c"), ("x `a", "] b` (c)"),
        ("[a `b", "`](c)"), ("x `a", "*b` c"), ("x `a", "` *b"), ("# x `a", "` b"), ("- x `a", "` b"), ("> x `a", "` b"),
        ("x\n`a", "` b"), ("`a\nb", "` c"), ("x `a` `b", "` c"), ("x \\`a", "` c"), ("x `a|", "` b"), ("| a |\n|---|\n| `b", "` c"),
        ("x `a", "` b `c"), ("x `a", "` b ` c"), ("x `a ", "` b"), ("x ` ", "` b"), ("x `a", "<b>` c"), ("x `a", "&amp;` c"),
        ("[a]: `x", "` y"), ("x ```a", "``` b"), ("x `a", "` b)"), ("x [a] `b", "` (c)"), ("x `a", "` b  "), ("*x `a", "` b*"),
        ("- [ ] Bu", "ild"), ("- [x]Bu", "ild"), ("x\n2. Mo", "re"), ("> - > Mo", "re"), ("x\nA", "-b"), ("Www", ".x"),
        ("a\n  Mo", "re"), ("-Mo", "re"), ("*Mo", "re"), ("[Mo", "re"), ("1.Mo", "re"), ("- [y] Mo", "re"), ("[foo]: /a\n\n[foo]:", " /url"), ("[foo]: /a\n\n> [foo]:", " /b"),
    ])
    func additions(_ text: String, _ next: String) {
        let bytes = Array((text + next).utf8)
        let cut = text.utf8.count
        let result = Self.compare(bytes, pieces: [0..<cut, cut..<bytes.count])
        #expect(result.differences.isEmpty, "\(result.differences.joined())")
    }

    @Test("Words inside open emphasis or code, and in a heading, are extended", arguments: [
        "Ownership is **memory safety without a garbage collector** here.",
        "Call `String::from with a borrowed slice` now.",
        "# Understanding ownership in Rust and why it matters\n",
        "## A *learning checklist for the week ahead* today\n",
    ])
    func extendsOpenInlinesAndHeadings(_ text: String) {
        let bytes = Array(text.utf8)
        let result = Self.compare(bytes, pieces: Chunkings.fixed(bytes.count, size: 3))
        #expect(result.differences.isEmpty, "\(result.differences.prefix(1).joined())")
        #expect(result.extended >= bytes.count / 3 / 2, "\(result.extended) of \(bytes.count / 3) frames extended")
    }

    /// Answers' code spans and the words after closed inlines, fed 3 bytes at a time: equal to
    /// parses at every frame, and extended at least as often as measured when this came in
    /// (44 and 31 frames at `7d32f7c`, when a closed inline's first words, a code span's bytes
    /// and its closing backticks all parsed).
    @Test("Words after closed inlines, and code spans left open and then closed, are extended",
          arguments: [
            ("""
            Call `clone()` when you need a real copy of the data, **not a borrow** of it, and see \
            www.example.com for the rest of the story.

            | Method | Notes |
            |---|---|
            | `clone()` | copies the whole value into a new allocation |

            """, 48),
            ("""
            Call `Vec::with_capacity(n)` before the loop, then `push` each item; ``a ` b`` works \
            too, and `  padded  ` keeps its inner spaces. See `drop()` for the rest.

            """, 38),
          ])
    func extendsAroundClosedInlines(_ text: String, _ minimum: Int) {
        let bytes = Array(text.utf8)
        let result = Self.compare(bytes, pieces: Chunkings.fixed(bytes.count, size: 3))
        #expect(result.differences.isEmpty, "\(result.differences.prefix(1).joined())")
        #expect(result.extended >= minimum, "\(result.extended) of \(bytes.count / 3) frames extended")
    }

    @Test("A plain word added to a paragraph is extended, with the range moved to the new end")
    func extendsParagraph() {
        var stream = MarkdownStream()
        var parsed = MarkdownStream()
        parsed.extendsPlainText = false
        for text in ["Intro\n\nHello wor", "ld and  "] {
            stream.append(Array(text.utf8))
            parsed.append(Array(text.utf8))
            stream.advance()
            parsed.advance()
        }
        #expect(stream.extendedFrames == 1)
        #expect(parsed.extendedFrames == 0)
        guard let paragraph = stream.tail.trailing.last, let reference = parsed.tail.trailing.last else {
            Issue.record("no open paragraph")
            return
        }
        #expect(paragraph.kind == .paragraph([.text("Hello world and")]))
        #expect(paragraph.range == reference.range)
        #expect(paragraph.range.lowerBound == 7)
    }
}
