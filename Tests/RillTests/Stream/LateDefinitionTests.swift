import Rill
import RillTestSupport
import Testing

/// Link reference definitions that arrive after the blocks that use them.
@Suite struct LateDefinitionTests {
    /// Feeds `pieces` with an update after each, then finishes; returns the updates and the stream.
    static func feed(_ pieces: [String]) -> (updates: [DocumentUpdate], stream: MarkdownStream) {
        var stream = MarkdownStream()
        var updates: [DocumentUpdate] = []
        for piece in pieces {
            stream.append(Array(piece.utf8))
            updates.append(stream.update())
        }
        updates.append(stream.finish())
        return (updates, stream)
    }

    static func expectOneShot(_ stream: MarkdownStream, _ pieces: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let differences = BlockTree.differences(stream.blocks, Oracle.parse(Array(pieces.joined().utf8)))
        #expect(differences.isEmpty, "\(differences)", sourceLocation: sourceLocation)
    }
}

extension LateDefinitionTests {
    @Test("A reference used before its definition is a link in the final state, reported as changed")
    func laterDefinitionResolvesFinalBlock() {
        let pieces = ["See [foo].\n", "\n", "More text.\n", "\n", "[foo]: /url \"T\"\n", "\n", "After.\n"]
        let (updates, stream) = Self.feed(pieces)
        // "See [foo]." became final when the blank line after it arrived, and "More text." too …
        #expect(updates[1].finalized.map(\.description) == ["e0"])
        #expect(updates[2].changed.isEmpty && updates[2].inserted.map(\.id.description) == ["e12"])
        #expect(updates[3].finalized.map(\.description) == ["e12"])
        // … and the frame that made the definition final (its blank line arrived) re-resolved it.
        let resolving = updates.firstIndex { $0.changed.contains { $0.id.description == "e0" } }
        #expect(resolving == 5, "the update that finalizes the definition reports e0 in `changed`")
        if let resolving {
            #expect(updates[resolving].finalized.isEmpty)
        }
        #expect(stream.blocks.first?.kind == .paragraph([.text("See "), .link(destination: "/url", title: "T", [.text("foo")]), .text(".")]))
        Self.expectOneShot(stream, pieces)
    }

    @Test("A definition that only becomes final at the end of input still resolves")
    func definitionFinalAtEnd() {
        let pieces = ["[a] and [b][]\n\n", "text\n\n", "[a]: /1\n[B]: /2"]
        let (updates, stream) = Self.feed(pieces)
        #expect(updates.last?.changed.map(\.id.description) == ["e0"])
        Self.expectOneShot(stream, pieces)
    }

    @Test("A definition inside a code block defines nothing; the first of two definitions wins")
    func literalAndDuplicateDefinitions() {
        let pieces = ["[x]\n\n", "```\n[x]: /no\n```\n\n", "mid\n\n", "[x]: /first\n\n", "mid\n\n", "[x]: /second\n\n", "end\n"]
        let (_, stream) = Self.feed(pieces)
        #expect(stream.blocks.first?.kind == .paragraph([.link(destination: "/first", title: "", [.text("x")])]))
        Self.expectOneShot(stream, pieces)
    }

    @Test("A block made final while its definition's destination is still being written ends up with the whole destination")
    func definitionStillBeingWritten() {
        let pieces = ["[a]\n\nb\n\n[a]: h", "t", "tp://x\n"]
        let (_, stream) = Self.feed(pieces)
        #expect(stream.blocks.first?.kind == .paragraph([.link(destination: "http://x", title: "", [.text("a")])]))
        Self.expectOneShot(stream, pieces)
    }

    @Test("A block made final before its definition's title (on the next line) arrives ends up with the title")
    func titleOnNextLine() {
        let pieces = ["[c][j].\n\nb\n\n[j]: /u\n", "  \"Title\"\n"]
        let (_, stream) = Self.feed(pieces)
        #expect(stream.blocks.first?.kind == .paragraph([.link(destination: "/u", title: "Title", [.text("c")]), .text(".")]))
        Self.expectOneShot(stream, pieces)
    }

    /// cmark-gfm never finalizes the paragraph a table's header line splits off, so definitions in
    /// it are never registered and show as text; before the delimiter row arrives they do define.
    /// A block made final meanwhile (resolved) must end up unresolved, and the split-off text must
    /// not define when it is carried alone.
    @Test("Definitions in a paragraph a table header splits off define nothing, however the text arrives",
          arguments: [
              "[x][spec]\n\n[spec]: /s\n[u]: /u\n-|\n",
              "[x][spec]\n\n[spec]: /s\n[u]: /u\n-|\n\n- item\n",
              "[x][spec]\n\n[spec]: /s\nfoo\n-|\n",
              "[x][spec]\n\nB\n\n[spec]: /s\nfoo\n-|\n\nafter [spec]\n",
              "> [x][spec]\n>\n> [spec]: /s\n> [u]: /u\n> -|\n\npara [spec]\n",
              "> a [spec]\n>\n> b\n>\n> [spec]: /s\n> foo\n> -|\n>\n> c [spec]\n",
              "- [x][spec]\n\n  [spec]: /s\n  foo\n  -|\n- z [spec]\n",
          ])
    func definitionsSplitOffByATableHeader(_ text: String) {
        let bytes = Array(text.utf8)
        let expected = Oracle.parse(bytes)
        var links = 0
        for block in expected {
            block.forEachDescendant { descendant, _ in
                for inline in descendant.kind.inlines ?? [] {
                    if case .link = inline { links += 1 }
                }
            }
        }
        #expect(links == 0, "cmark-gfm resolves nothing here")
        for size in [1, 2, 3, 5, bytes.count] {
            let check = StreamCheck.run(bytes, pieces: Chunkings.fixed(bytes.count, size: size))
            #expect(check.violations.isEmpty, "fed in pieces of \(size):\n\(check.report)")
        }
    }

    /// The paragraph cmark-gfm splits off above a table is taken when the table starts to grow
    /// row by row, and becomes final with the table: a definition that arrived meanwhile must
    /// still resolve it (libFuzzer found it left as text).
    @Test("A paragraph split off above a grown table is resolved by a later definition",
          arguments: [
              "[spec]\ne||\n-|-\ne\n\n[spec]:p",
              "[spec]\ne||\n-|-\ne\n\n[spec]: /p\n\nafter\n",
              "a [spec] b\n| x | y |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n\n[spec]: /p \"T\"\n",
          ])
    func splitOffParagraphOfAGrownTable(_ text: String) {
        let bytes = Array(text.utf8)
        for size in [1, 3, bytes.count] {
            let check = StreamCheck.run(bytes, pieces: Chunkings.fixed(bytes.count, size: size))
            #expect(check.violations.isEmpty, "fed in pieces of \(size):\n\(check.report)")
        }
        var stream = MarkdownStream()
        for byte in bytes {
            stream.append([byte])
            _ = stream.advance()
        }
        _ = stream.finish()
        guard case .paragraph(let inlines)? = stream.blocks.first?.kind else {
            Issue.record("expected a paragraph first, got \(stream.blocks.first.map { "\($0.kind)" } ?? "nothing")")
            return
        }
        #expect(inlines.contains { if case .link = $0 { true } else { false } }, "\(inlines)")
    }

    /// A block made final while the definitions stood shows its links as text again as soon as
    /// the table's delimiter row arrives, not only once the table is final: the prefix so far
    /// parses that way.
    @Test("Links resolved by definitions a table header then splits off turn back into text at once")
    func droppedDefinitionsUnresolveAtOnce() {
        let pieces = ["[x][spec]\n\n[spec]: /s\n[u]: /u\n-", "|", "\n| 1 |\n", "| 2 |\n"]
        let (updates, stream) = Self.feed(pieces)
        let link = BlockKind.paragraph([.link(destination: "/s", title: "", [.text("x")])])
        let text = BlockKind.paragraph([.text("[x][spec]")])
        // `-` after the definitions: a setext underline, so cmark-gfm registers them first.
        #expect(updates[0].finalized.map(\.description) == ["e0"])
        #expect(stream.finalBlocks.first?.kind == text)
        #expect(Oracle.parse(Array(pieces[0].utf8)).first?.kind == link, "the first prefix resolves the link")
        #expect(updates[0].inserted.first { $0.id.description == "e0" }?.kind == link)
        // `-|`: a table whose header splits the definitions off; the table is still open.
        #expect(updates[1].changed.first { $0.id.description == "e0" }?.kind == text)
        #expect(updates[1].finalized.isEmpty && updates[2].finalized.isEmpty)
        Self.expectOneShot(stream, pieces)
    }
}

extension LateDefinitionTests {
    /// The stream check's allowance for the definition lag inside a growing list: only children
    /// before the last, only in what a later definition resolves.
    @Test("Frames may show a growing list's earlier items unresolved, never its last one or other text")
    func growingListAllowance() {
        let resolved = Array("- [a][r]\n- [b][r]\n- [c][r]\n\n[r]: /u\n".utf8)
        let unresolved = Array("- [a][r]\n- [b][r]\n- [c][r]\n\n[x]: /u\n".utf8)  // same offsets, no [r]
        let changed = Array("- [a][r]\n- [B][r]\n- [c][r]\n\n[r]: /u\n".utf8)
        guard let expected = Oracle.parse(resolved).first, let lagging = Oracle.parse(unresolved).first,
              let other = Oracle.parse(changed).first else {
            Issue.record("no list")
            return
        }
        var earlierLag = expected
        earlierLag.children[0] = lagging.children[0]
        earlierLag.children[1] = lagging.children[1]
        #expect(StreamCheck.differsInFinalChildrenOnlyByLateDefinition(earlierLag, expected, in: resolved))
        #expect(!StreamCheck.differsInFinalChildrenOnlyByLateDefinition(lagging, expected, in: resolved))
        var otherText = expected
        otherText.children[1] = other.children[1]
        #expect(!StreamCheck.differsInFinalChildrenOnlyByLateDefinition(otherText, expected, in: resolved))
        // A definition before the list resolves its items in any parse: no allowance.
        let early = Array("[r]: /u\n\n- [a][r]\n- [b][r]\n- [c][r]\n".utf8)
        guard let earlyList = Oracle.parse(early).last, let plain = Oracle.parse(Array("[x]: /u\n\n- [a][r]\n- [b][r]\n- [c][r]\n".utf8)).last else {
            Issue.record("no list")
            return
        }
        var earlyLag = earlyList
        earlyLag.children[0] = plain.children[0]
        #expect(!StreamCheck.differsInFinalChildrenOnlyByLateDefinition(earlyLag, earlyList, in: early))
    }
}
