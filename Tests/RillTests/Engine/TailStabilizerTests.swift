import Rill
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
