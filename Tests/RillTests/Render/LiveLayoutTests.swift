@_spi(Testing) import Rill
import RillTestSupport
import Testing

/// The live layout on its own, as a view other than a terminal would use it: the lines it
/// commits, frame after frame, are the batch render, and the live region keeps to its height.
@Suite struct LiveLayoutTests {
    /// What a view that appends committed lines to a history shows once `bytes` streamed in
    /// `size`-byte pieces: the committed lines, in order, and the tallest live region.
    static func committed(_ bytes: [UInt8], size: Int, width: Int, maxLines: Int)
        -> (lines: [StyledLine], tallest: Int, layout: LiveLayout) {
        var layout = LiveLayout(context: LayoutContext(width: width, theme: .dark), maxLines: maxLines)
        var stream = MarkdownStream()
        var history: [StyledLine] = []
        var tallest = 0
        func frame() {
            let frame = layout.frame(stream)
            history += frame.lines.prefix(frame.committed)
            tallest = max(tallest, frame.lines.count - frame.committed)
        }
        for piece in Chunkings.fixed(bytes.count, size: size) {
            stream.append(bytes[piece])
            stream.advance()
            frame()
        }
        stream.finish()
        frame()
        return (history, tallest, layout)
    }

    static let documents = ["answer-rust-ownership.md", "answer-database-comparison.md", "stream-quote-then-list.md",
                            "stream-long-code.md", "stream-link-definitions-late.md"]

    @Test("Lines committed frame after frame are the batch render", arguments: documents)
    func committedIsBatch(name: String) {
        let bytes = Corpus.bytes(name)
        let (lines, _, layout) = Self.committed(bytes, size: 16, width: 72, maxLines: 10_000)
        let batch = DocumentLayout.lines(for: MarkdownStream.parse(bytes), in: LayoutContext(width: 72, theme: .dark))
        #expect(layout.statistics.linesCommittedEarly == 0)
        // The first committed line that differs from the batch render's, if any.
        let differing = (0..<max(lines.count, batch.count)).first { index in
            index >= lines.count || index >= batch.count || lines[index] != batch[index]
        }
        #expect(differing == nil, "line \(differing ?? 0) of \(lines.count) committed, \(batch.count) in batch")
        #expect(layout.statistics.linesCommitted == batch.count)
        #expect(layout.committedBlockCount == MarkdownStream.parse(bytes).count)
    }

    @Test("The live region never holds more than its height; lines beyond are committed early", arguments: documents)
    func keepsToHeight(name: String) {
        let (lines, tallest, layout) = Self.committed(Corpus.bytes(name), size: 16, width: 46, maxLines: 6)
        #expect(tallest <= 6)
        #expect(layout.statistics.linesCommitted == lines.count)
    }

    /// One long line of words after a heading, streamed in pieces of random sizes into a short
    /// region: its wrapped lines are committed early, and the paragraph's wrap lets them go as
    /// they are; what is committed is still the batch render.
    @Test("A long line committed early as it streams is the batch render", arguments: [1, 7, 300])
    func longLineCommittedEarly(size: Int) {
        let words = (0..<900).map { ["lorem", "ipsum", "中文字符", "👍🏽", "dolor,", "(sit)", "amet."][$0 % 7] }
        let bytes = Array(("# Title\n\n" + words.joined(separator: " ") + "\n").utf8)
        let (lines, tallest, layout) = Self.committed(bytes, size: size, width: 33, maxLines: 4)
        let batch = DocumentLayout.lines(for: MarkdownStream.parse(bytes), in: LayoutContext(width: 33, theme: .dark))
        #expect(tallest <= 4)
        #expect(layout.statistics.linesCommittedEarly > 100)
        let differing = (0..<max(lines.count, batch.count)).first { index in
            index >= lines.count || index >= batch.count || lines[index] != batch[index]
        }
        #expect(differing == nil, "line \(differing ?? 0) of \(lines.count) committed, \(batch.count) in batch")
    }

    @Test("Settled lines are committed while the document streams, not only at its end")
    func commitsEarly() {
        let bytes = Corpus.bytes("answer-rust-ownership.md")
        var layout = LiveLayout(context: LayoutContext(width: 72, theme: .dark), maxLines: 10_000)
        var stream = MarkdownStream()
        var committedBeforeEnd = 0
        for piece in Chunkings.fixed(bytes.count, size: 16) {
            stream.append(bytes[piece])
            stream.advance()
            committedBeforeEnd += layout.frame(stream).committed
        }
        #expect(committedBeforeEnd > 100)
    }
}

extension LiveLayoutTests {
    /// Texts whose parse the engine defers at most frames when fed a byte at a time (with a
    /// threshold of 1 KB), and a document with a table, a list and code.
    static let deferredTexts: [(name: String, text: String)] = [
        ("< run", String(repeating: "<", count: 1_000) + "\n"),
        ("row of pipes", "a|b\n-|-\n" + String(repeating: "|", count: 1_000) + "\nafter\n"),
        ("nested emphasis", String(repeating: "*a ", count: 300) + String(repeating: "*", count: 300) + "\n"),
        ("backticks", (1...50).map { String(repeating: "`", count: $0) + "a" }.joined() + "\n"),
        ("quoted definition", "> [label]: /url\n> " + String(repeating: "<", count: 1_200) + "\n\n[label]\n"),
        ("stream-long-table.md", String(decoding: Corpus.bytes("stream-long-table.md").prefix(6_000), as: UTF8.self)),
    ]
}

extension LiveLayoutTests {
    @Test("A frame whose blocks and settlements did not change is the last frame, found without a layout",
          arguments: deferredTexts.map { $0.name })
    func unchangedFramesRepeat(name: String) throws {
        let text = try #require(Self.deferredTexts.first { $0.name == name }?.text)
        let bytes = Array(text.utf8)
        let context = LayoutContext(width: 40, theme: .dark)
        var repeating = LiveLayout(context: context, maxLines: 12)
        var layingOut = LiveLayout(context: context, maxLines: 12)
        layingOut.repeatsUnchangedFrames = false
        var stream = MarkdownStream()
        stream.reparseThreshold = 1024
        var mismatches: [Int] = []
        for piece in Chunkings.fixed(bytes.count, size: 1) {
            stream.append(bytes[piece])
            stream.advance()
            if repeating.frame(stream) != layingOut.frame(stream) { mismatches.append(piece.lowerBound) }
        }
        stream.finish()
        if repeating.frame(stream) != layingOut.frame(stream) { mismatches.append(bytes.count) }
        #expect(mismatches.count == 0, "frames differ after bytes \(mismatches.prefix(10))")
        #expect(stream.deferredFrames > 0)
        #expect(repeating.statistics.framesRepeated > stream.deferredFrames / 2,
                "\(repeating.statistics.framesRepeated) frames repeated, \(stream.deferredFrames) deferred")
        #expect(layingOut.statistics.framesRepeated == 0)
    }
}
