@_spi(Testing) @testable import Rill
import Testing

/// What is shown while the last line is incomplete: a line that one more character would
/// reinterpret is held back; any other line is shown as it arrives.
@Suite struct TailStabilizerTests {
    /// The kinds of the blocks shown after feeding `text` as one frame.
    static func shown(_ text: String) -> [String] {
        var stream = MarkdownStream()
        stream.append(Array(text.utf8))
        stream.advance()
        return stream.blocks.map(\.kind.name)
    }

    @Test("An incomplete line that would change the blocks above is held back", arguments: [
        ("a\n#", ["paragraph"]),                                  // `#b` would continue the paragraph
        ("| a |\n|---|\n| 1 |\n|", ["table"]),                    // a lone `|` closes the table
        ("***", []),                                              // `***b*` is emphasis, not a rule
        ("a\n-", ["paragraph"]),                                  // a setext underline in the making
        ("> a\n-", ["block_quote"]),                              // `-b` is a lazy continuation
        ("1.\n\n2", ["list"]),                                    // `2.` would continue the list
    ])
    func heldBack(text: String, expected: [String]) {
        #expect(Self.shown(text) == expected)
    }

    @Test("An incomplete line that is already unambiguous is shown at once", arguments: [
        ("a\n\nHello wor", ["paragraph", "paragraph"]),
        ("- item one\n- item tw", ["list"]),
        ("# Head", ["heading"]),
        ("| a |\n|---|\n| 1 |\n| 2", ["table"]),
        ("```swift\nlet x", ["code_block"]),
    ])
    func shownAtOnce(text: String, expected: [String]) {
        #expect(Self.shown(text) == expected)
    }

    @Test("The incomplete line shows its text as soon as it is unambiguous")
    func textAppears() {
        var stream = MarkdownStream()
        stream.append(Array("First.\n\nSecond par".utf8))
        stream.advance()
        #expect(stream.openBlocks.last?.kind == .paragraph([.text("Second par")]))
    }

    @Test("Backticks that may close a fence are held back; the final state is unaffected")
    func closingFenceHeldBack() {
        var stream = MarkdownStream()
        stream.append(Array("```\ncode\n``".utf8))
        stream.advance()
        guard case .codeBlock(let code)? = stream.openBlocks.first?.kind else {
            Issue.record("no code block shown")
            return
        }
        #expect(code.literal == "code\n")
        stream.finish()
        #expect(stream.finalBlocks == MarkdownStream.parse(Array("```\ncode\n``".utf8)))
    }

    @Test("Holding back never changes what becomes final")
    func finalStateUnaffected() {
        let text = Array("a\n#b\n\n| x |\n|---|\n| 1 |\n| 2 |\n\n***b*\n".utf8)
        var held = MarkdownStream()
        var raw = MarkdownStream()
        raw.stabilizesTail = false
        for byte in text {
            held.append([byte])
            raw.append([byte])
            held.advance()
            raw.advance()
            #expect(held.finalBlocks == raw.finalBlocks)
        }
        held.finish()
        raw.finish()
        #expect(held.finalBlocks == raw.finalBlocks)
    }
}

extension TailStabilizerTests {
    @Test("A line that may be a link reference definition is held back until it is one or is not", arguments: [
        ("[r]: https://www.r", true),
        ("   [r]: /u", true),
        ("> [r]: /u", true),
        ("[a label", true),
        ("[r]", true),                 // `:` may follow
        ("[a [b]", false),             // no label holds an unescaped bracket
        ("[r] and more", false),       // a link or plain text, not a definition
        ("[r](/u", false),             // an inline link
        ("text [r]: /u", false),
        ("\\[r]: /u", false),
        ("[" + String(repeating: "a", count: 1_000) + "]:", true),  // cmark-gfm's longest label
        ("[" + String(repeating: "a", count: 1_001), false),         // longer: text, whatever follows
        ("[" + String(repeating: "\\[", count: 501), false),
    ])
    func definitionCandidates(line: String, held: Bool) {
        #expect(TailStabilizer.mayBeDefinition(Array(line.utf8)[...]) == held)
    }

    @Test("A link never shows a destination that is still being written")
    func noHalfWrittenDestination() {
        let text = "Read [the docs][r] first.\n\n[r]: https://www.rust-lang.org/learn\n\nMore.\n"
        let bytes = Array(text.utf8)
        var stream = MarkdownStream()
        var destinations: Set<String> = []
        for byte in bytes {
            stream.append([byte])
            stream.advance()
            for block in stream.blocks {
                guard case .paragraph(let inlines) = block.kind else { continue }
                for case .link(let destination, _, _) in inlines { destinations.insert(destination) }
            }
        }
        #expect(destinations == ["https://www.rust-lang.org/learn"], "destinations shown: \(destinations.sorted())")
    }
}

extension TailStabilizerTests {
    @Test("A destination written on the line after its label is held back too", arguments: [
        ("[bare]:", true), ("  [bare]:  ", true), ("> [b]:", true), ("[bare]: /u", false), ("text [b]:", false), ("[a[b]:", false),
    ])
    func labelLineOpensDefinition(previous: String, opens: Bool) {
        #expect(TailStabilizer.opensDefinition(Array((previous + "\n").utf8)[...]) == opens)
    }

    @Test("The label line is found before the destination's line whatever the line endings",
          arguments: ["\n", "\r\n", "\r"])
    func labelLineFoundWithAnyLineEnding(ending: String) {
        // All in one piece, so that the paragraph using the label is still open.
        var stream = MarkdownStream()
        stream.append(Array("See [foo].\(ending)\(ending)[foo]:\(ending)/half-writ".utf8))
        stream.advance()
        let links = stream.blocks.flatMap { block -> [String] in
            guard case .paragraph(let inlines) = block.kind else { return [] }
            return inlines.compactMap { if case .link(let destination, _, _) = $0 { destination } else { nil } }
        }
        #expect(links.isEmpty, "a link to a destination still being written: \(links)")
        #expect(stream.heldBackFrames == 1)
    }

    @Test("A link never shows a destination that is still being written on the line after its label")
    func noHalfWrittenDestinationOnNextLine() {
        for text in ["See [no title][bare].\n\n[bare]:\n  https://example.com/destination-on-next-line\n\nMore.\n",
                     "See [no title][bare].\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[bare]:\n  https://example.com/destination-on-next-line\n"] {
            var stream = MarkdownStream()
            var destinations: Set<String> = []
            func collect() {
                for block in stream.blocks {
                    guard case .paragraph(let inlines) = block.kind else { continue }
                    for case .link(let destination, _, _) in inlines { destinations.insert(destination) }
                }
            }
            for byte in Array(text.utf8) {
                stream.append([byte])
                stream.advance()
                collect()
            }
            stream.finish()
            collect()
            #expect(destinations == ["https://example.com/destination-on-next-line"], "destinations shown: \(destinations.sorted())")
        }
    }
}
