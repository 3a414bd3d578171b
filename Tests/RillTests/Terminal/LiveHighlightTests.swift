@testable import Rill
import RillTestSupport
import Testing

/// Code highlighted in the live view: each complete line once, the line being written from the
/// state its block's complete lines left, and a transcript whose colours are the batch render's.
@Suite struct LiveHighlightTests {
    /// Complete lines of the code blocks in a language Source-highlight knows, nested ones too.
    static func highlightedLineCount(_ bytes: [UInt8]) -> Int {
        var count = 0
        var stack = MarkdownStream.parse(bytes)
        while let block = stack.popLast() {
            stack += block.children
            guard case .codeBlock(let code) = block.kind, let word = code.language, CodeLanguage.named(word) != nil,
                  !code.literal.isEmpty else { continue }
            count += code.literal.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        }
        return count
    }

    static let samples: [UInt8] = {
        let text = HighlightSamples.all.map { "Some \($0.language):\n\n```\($0.language)\n\($0.code)\n```\n" }
            .joined(separator: "\n")
        return Array(text.utf8)
    }()

    /// Code in list items and quotes (laid out whole at every frame while their item is open),
    /// and lines the highlighter refuses: control bytes, a line over the length limit.
    static let nested: [UInt8] = Array("""
        1. First step:

           ```python
           def first():
               \"\"\"Docstring
               over two lines.\"\"\"
               return {"a": 1}  # comment
           ```

        2. Second step, with a shell command:

           ```sh
           for f in *.md; do echo "$f"; done
           ```

        > ```c
        > /* quoted
        >    comment */ int x = 0x1F;
        > ```

        ```js
        const bell = "\u{07}\u{1B}[31m not red";
        const long = "\(String(repeating: "0123456789", count: 30))";
        let after = 1;
        ```

        """.utf8)

    static let documents: [(name: String, bytes: [UInt8])] = [
        ("stream-long-code.md", Corpus.bytes("stream-long-code.md")),
        ("answer-c-ring-buffer.md", Corpus.bytes("answer-c-ring-buffer.md")),
        ("samples", samples),
        ("nested", nested),
    ]

    /// Token-sized pieces, and 1-byte pieces (a frame per byte) for a document under 5 KB,
    /// 16-byte ones for a longer one.
    static func chunkings(_ bytes: [UInt8], seed: UInt64) -> [[Range<Int>]] {
        [ReplayChunker.ranges(of: bytes, mode: .tokens(seed: seed)),
         Chunkings.fixed(bytes.count, size: bytes.count < 5000 || TestEnvironment.isExhaustive ? 1 : 16)]
    }

    static func replay(_ bytes: [UInt8], pieces: [Range<Int>], context: LayoutContext) -> LiveReplay {
        LiveReplay(bytes, pieces: pieces, context: context, encoder: ANSIEncoder(depth: context.isPlain ? .none : .palette),
                   height: 40)
    }

    @Test("Streamed in token-sized and small pieces, each complete code line is highlighted exactly once",
          arguments: documents.map { $0.name })
    func onceEachLine(document: String) throws {
        let bytes = try #require(Self.documents.first { $0.name == document }).bytes
        let expected = Self.highlightedLineCount(bytes)
        #expect(expected >= 10)
        for pieces in Self.chunkings(bytes, seed: 5) {
            let replay = Self.replay(bytes, pieces: pieces, context: LayoutContext(width: 100, theme: .dark))
            let statistics = replay.statistics
            #expect(statistics.codeLinesHighlighted == expected, "\(document) in \(pieces.count) pieces")
            #expect(statistics.openCodeLinesHighlighted > 0, "lines being written are shown coloured")
            // Calls for complete lines: at most one each (none for a line that ended as shown).
            #expect(statistics.codeHighlightCalls - statistics.openCodeLinesHighlighted <= expected)
        }
    }

    @Test("Without colour, or with highlighting off, nothing is highlighted", arguments: documents.map { $0.name })
    func noWorkWithoutColour(document: String) throws {
        let bytes = try #require(Self.documents.first { $0.name == document }).bytes
        let pieces = ReplayChunker.ranges(of: bytes, mode: .tokens(seed: 5))
        for context in [LayoutContext(width: 100, theme: .plain, isPlain: true),
                        LayoutContext(width: 100, theme: .dark, highlightsCode: false)] {
            let replay = Self.replay(bytes, pieces: pieces, context: context)
            #expect(replay.statistics.codeLinesHighlighted == 0 && replay.statistics.openCodeLinesHighlighted == 0)
        }
    }

    @Test("Highlighting off draws code as without it: in the band's one colour")
    func offIsTheBand() throws {
        let off = DocumentLayout.lines(for: MarkdownStream.parse(Self.samples), in: LayoutContext(width: 80, theme: .dark, highlightsCode: false))
        let band = Theme.dark.codeBlock
        let codeStyles = Set(off.flatMap(\.spans).map(\.style)).filter { $0.background == band.background }
        #expect(codeStyles == [band, Theme.dark.codeLabel])
        let on = DocumentLayout.lines(for: MarkdownStream.parse(Self.samples), in: LayoutContext(width: 80, theme: .dark))
        #expect(Set(on.flatMap(\.spans).map(\.style)).count > codeStyles.count + 8)
        #expect(on.map(\.plainText) == off.map(\.plainText))
    }

    @Test("In colour, the live transcript has the batch render's text and attributes, highlighting included",
          arguments: documents.map { $0.name }, [40, 100])
    func transcriptEqualsBatch(document: String, width: Int) throws {
        let bytes = try #require(Self.documents.first { $0.name == document }).bytes
        // The batch render is highlighted (a keyword's colour, 176 on the dark band).
        let batch = DocumentLayout.lines(for: MarkdownStream.parse(bytes), in: LayoutContext(width: width, theme: .dark))
        #expect(batch.contains { $0.spans.contains { $0.style.foreground == SyntaxTheme.dark.keyword.foreground } })
        for theme in width < 100 ? [Theme.light] : [Theme.dark] {
            for pieces in Self.chunkings(bytes, seed: 9) {
                let replay = Self.replay(bytes, pieces: pieces, context: LayoutContext(width: width, theme: theme))
                #expect(LiveOutputAudit.violations(in: replay.output, styled: true, hyperlinks: false) == [])
                #expect(replay.linesCommittedEarly == 0)
                #expect(replay.difference() == nil, "\(document) at \(width)")
                #expect(replay.difference(attributes: true) == nil, "\(document) at \(width)")
            }
        }
    }
}
