@testable import Rill
import RillTestSupport
import Testing

extension RillTests.Highlight {
    /// No recolouring: at every prefix of a document, the coloured lines of every complete code
    /// line are the final render's. A line's colours depend on the lines above it only.
    @Suite struct HighlightPrefixTests {}
}

extension RillTests.Highlight.HighlightPrefixTests {
    /// Corpus answers with code in languages Source-highlight knows, a long Python block, and
    /// every golden sample in one document.
    static let documents = ["answer-python-asyncio.md", "answer-c-ring-buffer.md", "answer-shell-scripting-tips.md",
                            "answer-rust-ownership.md", "stream-long-code.md", "stream-fences.md", samplesName]
        + (TestEnvironment.isExhaustive ? ["answer-sql-optimisation.md", "answer-git-rebase-workflow.md", "answer-long-guide.md"] : [])
    static let samplesName = "(highlight samples)"

    static func bytes(_ name: String) -> [UInt8] {
        guard name == samplesName else { return Corpus.bytes(name) }
        let text = HighlightSamples.all.map { "Some \($0.language):\n\n```\($0.language)\n\($0.code)\n```\n" }
            .joined(separator: "\n")
        return Array(text.utf8)
    }

    /// Prefix lengths: every character boundary with RILL_EXHAUSTIVE=1; otherwise about 150
    /// line ends and 100 positions inside lines.
    static func prefixes(_ bytes: [UInt8]) -> [Int] {
        let boundaries = Chunkings.characterBoundaries(bytes)
        if TestEnvironment.isExhaustive { return boundaries }
        let lineEnds = bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }
        let sampledEnds = Swift.stride(from: 0, to: lineEnds.count, by: max(1, lineEnds.count / 150)).map { lineEnds[$0] }
        let inside = Swift.stride(from: 0, to: boundaries.count, by: max(1, boundaries.count / 100)).map { boundaries[$0] }
        return Array(Set(sampledEnds + inside)).sorted()
    }

    /// The code blocks of `blocks`, nested ones too.
    static func codeBlocks(_ blocks: [Block]) -> [(id: BlockID, code: CodeBlock, range: Range<Int>)] {
        var found: [(id: BlockID, code: CodeBlock, range: Range<Int>)] = []
        var stack = blocks.reversed() as [Block]
        while let block = stack.popLast() {
            if case .codeBlock(let code) = block.kind, code.language != nil { found.append((block.id, code, block.range)) }
            stack += block.children.reversed()
        }
        return found
    }

    @Test("Complete code lines of every prefix are coloured as in the final render", arguments: documents)
    func noRecolouring(document: String) {
        let bytes = Self.bytes(document)
        let context = LayoutContext(width: 80, theme: .dark)
        // The same lines through a live view's memo, kept across the prefixes as a live view keeps it.
        var remembering = context
        remembering.memos = LayoutMemos()
        var final: [BlockID: [StyledLine]] = [:]
        for block in Self.codeBlocks(MarkdownStream.parse(bytes)) {
            final[block.id] = CodeBlockLayout.layout(block.code, id: block.id, in: context, settlement: .settled).lines
        }
        #expect(!final.isEmpty)
        let syntaxColours = Set(CodeElement.allCases.compactMap { SyntaxTheme.dark.style(for: $0).foreground })
        #expect(final.values.contains { lines in lines.contains { $0.spans.contains { span in
            span.style.foreground.map(syntaxColours.contains) ?? false } } }, "the final render is highlighted")
        var compared = 0
        for length in Self.prefixes(bytes) {
            let prefix = Array(bytes[..<length])
            let endsLine = length == 0 || bytes[length - 1] == 0x0A
            for block in Self.codeBlocks(MarkdownStream.parse(prefix)) {
                guard let expected = final[block.id] else { continue }
                let open = !endsLine && block.range.upperBound >= length
                let lineCount = Settlement.codeLines(block.code.literal).count
                let settlement = Settlement.lines(complete: open ? lineCount - 1 : lineCount)
                for layoutContext in [context, remembering] {
                    let laidOut = CodeBlockLayout.layout(block.code, id: block.id, in: layoutContext, settlement: settlement)
                    // The lines of complete code lines (settled, after the top line, whose
                    // label may be still being written).
                    let settled = Array(laidOut.lines.prefix(laidOut.stableCount).dropFirst())
                    let wanted = Array(expected.dropFirst().prefix(settled.count))
                    compared += settled.count
                    guard wanted == settled else {
                        let index = (0..<min(settled.count, wanted.count)).first { settled[$0] != wanted[$0] }
                            ?? min(settled.count, wanted.count)
                        let shown = index < settled.count ? settled[index].plainText : "(none)"
                        Issue.record("\(document), prefix of \(length) bytes, block \(block.id), screen line \(index + 2) of the block: \(shown)")
                        return
                    }
                }
            }
            remembering.memos?.sweep()
        }
        #expect(compared > 0)
    }
}
