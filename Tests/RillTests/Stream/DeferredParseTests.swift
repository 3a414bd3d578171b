import Rill
import RillTestSupport
import Testing

/// A large open part is parsed again only as it grows geometrically: streaming one huge
/// block costs work in proportion to its size, and deferring parses changes nothing final.
@Suite struct DeferredParseTests {
    /// A threshold small enough that the Corpus documents defer most of their parses.
    static let tinyThreshold = 256

    /// A paragraph of `lines` lines of about 80 bytes.
    static func paragraph(lines: Int) -> [UInt8] {
        var text = ""
        for index in 0..<lines { text += "Line \(index) of a long paragraph with *some emphasis* and `code` in it, more.\n" }
        return Array(text.utf8)
    }

    /// Link reference definitions one after another (`[l0]: /u0`, …), at least `bytes` long.
    static func definitions(_ bytes: Int) -> String {
        var text = ""
        var label = 0
        while text.utf8.count < bytes { text += "[l\(label)]: /u\(label)\n"; label += 1 }
        return text
    }

    /// Streams `bytes` in `size`-byte chunks and returns the stream after `finish()`.
    static func streamed(_ bytes: [UInt8], size: Int, threshold: Int? = nil,
                         configure: (inout MarkdownStream) -> Void = { _ in }) -> MarkdownStream {
        var stream = MarkdownStream()
        if let threshold { stream.reparseThreshold = threshold }
        configure(&stream)
        for piece in Chunkings.fixed(bytes.count, size: size) {
            stream.append(bytes[piece])
            stream.advance()
        }
        stream.finish()
        return stream
    }

    /// ``streamed(_:size:threshold:configure:)`` with the defaults, its final state checked
    /// against a one-shot parse.
    static func streamedExactly(_ bytes: [UInt8], size: Int) -> MarkdownStream {
        let stream = streamed(bytes, size: size)
        #expect(BlockTree.differences(stream.finalBlocks, Oracle.parse(bytes)).isEmpty)
        return stream
    }
}

extension DeferredParseTests {
    @Test("With a tiny threshold, every Corpus document streams exactly as before", arguments: Corpus.documentNames)
    func corpusWithTinyThreshold(_ name: String) {
        let bytes = Corpus.bytes(name)
        // The pieces and compared frames of PrefixReplayTests (comparing at every frame also finds
        // a frame, with or without deferred parses, where a definition held back on the
        // incomplete line leaves an open block's reference unresolved).
        let pieces = PrefixReplayTests.pieces(bytes, seed: UInt64(bytes.count))
        let every = max(1, pieces.count / 40)
        let check = StreamCheck.run(bytes, pieces: pieces, reparseThreshold: Self.tinyThreshold,
                                    compareWithPrefix: { $0 % every == every - 1 })
        #expect(check.violations.isEmpty, "\(name) fed in \(pieces.count) pieces:\n\(check.report)")
        // Two seeded chunkings with RILL_EXHAUSTIVE=1; by default one of them, chosen by the document.
        let chunkSeeds: [UInt64] = TestEnvironment.isExhaustive ? [1, 2] : [1 + UInt64(bytes.count % 2)]
        for chunkSeed in chunkSeeds {
            let (chunking, chunked) = Chunkings.seeded(bytes, seed: UInt64(bytes.count) &+ chunkSeed)
            let run = StreamCheck.run(bytes, pieces: chunked, reparseThreshold: Self.tinyThreshold)
            #expect(run.violations.isEmpty, "\(name) fed in \(chunking):\n\(run.report)")
        }
    }

    @Test("With a tiny threshold, generated documents stream exactly as before", arguments: 0..<4 as Range<UInt64>)
    func generatedWithTinyThreshold(_ batch: UInt64) {
        var generator = DocumentGenerator(seed: 0xDEF0_0000 + batch)
        for index in 0..<GeneratedDocumentTests.batchSize {
            let bytes = generator.next()
            let failure = StreamCheck.firstFailure(bytes, chunkSeeds: [batch &* 100 &+ UInt64(index)], reparseThreshold: 32)
            #expect(failure == nil, "document \(index) of batch \(batch) \(failure ?? "")")
        }
    }

    /// Two generated documents that streamed wrongly with frequent deferred parses: a table
    /// whose header line `    ---` continued a paragraph was parsed again alone, as code, when
    /// a definition re-resolved it; and a bullet item `- |` was rewritten by the table guard
    /// into text when a parse started at it (the guard read it as a delimiter row without a
    /// header line).
    @Test("A table after a continued paragraph, and a bullet that looks like a delimiter row, stream exactly",
          arguments: [
              "[foo]: /url\n    indented code\n_z_ 日本 é—ü\n1. \n>> (see `y` ](\n1.\nfoo bar baz\n    ---\n|:-:|\n1+1 ]: _z_\n  - nested\n``` a`b\né combining\n   \n  continuation of item\n",
              "* </pre>\n1. 한국어 문장\nx/y\n* text\n  ---\n[foo]:\n> - | 日本 alpha )_ (see\n      # indented\r-   continuation of item\nwww\r-\ra\n1+1\n- |\n--- | ---\n# Heading\n",
              "1+1\n- |\n--- | ---\n# H\n", "x\n2. | b |\n|---|---|\n[r]: /u\n| [r] | c |\n",
          ])
    func continuedTableAndBulletRow(_ text: String) {
        let bytes = Array(text.utf8)
        for threshold in [32, 64 * 1024] {
            let check = StreamCheck.run(bytes, pieces: Chunkings.everyCharacter(bytes), reparseThreshold: threshold,
                                        compareWithPrefix: { _ in true })
            #expect(check.violations.isEmpty, "threshold \(threshold):\n\(check.report)")
        }
    }

    @Test("A 400 KB paragraph streamed in 1 KB chunks is parsed a bounded number of times over")
    func hugeParagraphIsLinear() {
        let bytes = Self.paragraph(lines: 5_000)
        let stream = Self.streamedExactly(bytes, size: 1024)
        // Parsing the whole open paragraph at each of 365 frames hands cmark ≈ 190 × its size;
        // deferred, the parses grow geometrically (≈ 12 × with the probes, and the frames below
        // the threshold).
        #expect(stream.bytesParsed < 20 * bytes.count, "parsed \(stream.bytesParsed) bytes of a \(bytes.count)-byte paragraph")
        #expect(stream.deferredFrames > 0)
    }

    @Test("A 300 KB line without a line ending streamed in 4 KB chunks is parsed a bounded number of times over")
    func hugeLineIsLinear() {
        let bytes = Array(String(repeating: "*a ", count: 100_000).utf8)
        let stream = Self.streamedExactly(bytes, size: 4096)
        #expect(stream.bytesParsed < 20 * bytes.count, "parsed \(stream.bytesParsed) bytes of a \(bytes.count)-byte line")
    }

    @Test("A line of 3,000 nested block quotes streamed byte by byte is parsed a bounded number of times over")
    func nestedQuotesAreWeighedByTheirNodes() {
        // Small in bytes, but every `>` is a node: parsed at every frame, its open part would hand
        // cmark about 3,000 times its size; weighed by its nodes, it is deferred once it passes
        // about a kilobyte.
        let bytes = Array((String(repeating: ">", count: 3_000) + " " + String(repeating: "word ", count: 600)).utf8)
        let stream = Self.streamedExactly(bytes, size: 1)
        // A dense line is parsed at every frame over a few hundred bytes only, not a kilobyte
        // (which cost ≈ 90 × its size).
        #expect(stream.bytesParsed < 40 * bytes.count, "parsed \(stream.bytesParsed) bytes of a \(bytes.count)-byte line")
        #expect(stream.deferredFrames > bytes.count / 2)
    }

    @Test("A run of `[` streamed byte by byte is weighed by the text nodes cmark made of it")
    func bracketRunIsWeighedByItsNodes() {
        // cmark merges the text node of each `[` into one: weighed by that one node, the line
        // looked like prose and was parsed whole at every frame (≈ 1,000 × its size).
        let bytes = Array(String(repeating: "[", count: 2_000).utf8)
        let stream = Self.streamedExactly(bytes, size: 1)
        #expect(stream.bytesParsed < 100 * bytes.count, "parsed \(stream.bytesParsed) bytes of a \(bytes.count)-byte line")
    }

    @Test("A list nested past the depth cap, streamed in 4 KB pieces, is parsed a bounded number of times over")
    func listPastDepthCapIsDeferred() {
        // A parse from inside it flattens its nesting at another depth, so each frame parsed it
        // whole while the schedule weighed the parse from inside (≈ 14 × its size at 100 KB,
        // growing with it).
        var text = ""
        for line in 0..<1_100 { text += String(repeating: " ", count: 4 * (line % 40)) + "- item \(line)\n" }
        let bytes = Array(text.utf8)
        let stream = Self.streamedExactly(bytes, size: 4096)
        #expect(stream.bytesParsed < 10 * bytes.count, "parsed \(stream.bytesParsed) bytes of a \(bytes.count)-byte list")
    }

    @Test("A huge paragraph becomes final soon after a new block begins, before it has grown by a quarter")
    func newBlockEndsDeferral() {
        var stream = MarkdownStream()
        stream.reparseThreshold = 1024
        stream.append(Self.paragraph(lines: 100))
        stream.advance()
        stream.append(Array("last line\n".utf8))
        stream.advance()
        #expect(stream.deferredFrames == 1)
        #expect(stream.finalBlocks.isEmpty)
        stream.append(Array("\nNext paragraph\n".utf8))
        stream.advance()
        #expect(stream.finalBlocks.count == 1)
        #expect(stream.openBlocks.count == 1)
    }

    @Test("The incomplete last line is found as before, whatever line endings arrive")
    func incompleteLineStart() {
        for text in ["a", "a\n", "a\r", "a\r\n", "a\nb", "\r\r", "\n\r", "a\r\nb\r", "ab\rc", ""] {
            let bytes = Array(text.utf8)
            for size in 1...3 {
                var stream = MarkdownStream()
                for piece in Chunkings.fixed(bytes.count, size: size) { stream.append(bytes[piece]) }
                var expected: Int?
                if let last = bytes.lastIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
                    if last + 1 < bytes.count {
                        expected = last + 1
                    } else if bytes[last] == 0x0D {
                        expected = (bytes[..<last].lastIndex(where: { $0 == 0x0A || $0 == 0x0D }) ?? -1) + 1
                    }
                } else if !bytes.isEmpty {
                    expected = 0
                }
                #expect(stream.incompleteLineStart == expected, "\(StreamCheck.quote(bytes)) in \(size)-byte chunks")
            }
        }
    }
}

extension DeferredParseTests {
    @Test("A light line that every frame must parse, streamed byte by byte, is parsed a bounded number of times over")
    func lightLineIsHeldToABudget() {
        // A run of `<` is one text node (light, under the threshold however long) that no frame
        // shows without a parse: parsed whole at every frame below the threshold, it cost about
        // 78 × its size here (t²/2 for a threshold t of 1 KB), growing with the threshold.
        let bytes = Array(String(repeating: "<", count: 4_000).utf8)
        let stream = Self.streamed(bytes, size: 1, threshold: 1024)
        #expect(BlockTree.differences(stream.finalBlocks, Oracle.parse(bytes)).isEmpty)
        #expect(stream.bytesParsed < 30 * bytes.count, "parsed \(stream.bytesParsed) bytes of a \(bytes.count)-byte line")
        #expect(stream.deferredFrames > bytes.count / 2)
    }
}

extension DeferredParseTests {
    @Test("A light part of many complete lines that stays open, streamed byte by byte, is held to a budget too")
    func lightLinesAreHeldToABudget() {
        // Link definitions one after another stay one open paragraph (none settles, cmark makes
        // no node of them): light, under the threshold, yet parsed whole at every frame they
        // would cost t²/2 (here about 1,500 × their size).
        let bytes = Array((Self.definitions(3_000) + "[l0] [l1]\n").utf8)
        let stream = Self.streamed(bytes, size: 1, threshold: 4096)
        #expect(BlockTree.differences(stream.finalBlocks, Oracle.parse(bytes)).isEmpty)
        #expect(stream.bytesParsed < 600 * bytes.count, "parsed \(stream.bytesParsed) bytes of \(bytes.count)")
        #expect(stream.deferredFrames > 0)
    }
}

extension DeferredParseTests {
    @Test("A part that shows nothing (link definitions alone) is held to the lower floor, visible text after it shown")
    func invisiblePartHasTheLowerFloor() {
        // With a threshold of 4 KB the floors are 64 K and 1 M: 6 KB of definitions parsed
        // whole at every byte until 1 M was spent cost about 170 × their size.
        let bytes = Array((Self.definitions(6_000) + "\n[l0] and [l1], then words.\n").utf8)
        var stream = MarkdownStream()
        stream.reparseThreshold = 4096
        var shownAfter: [BlockID] = []
        for piece in Chunkings.fixed(bytes.count, size: 1) {
            stream.append(bytes[piece])
            stream.advance()
            if piece.upperBound == bytes.count { shownAfter = stream.blocks.map(\.id) }
        }
        stream.finish()
        #expect(BlockTree.differences(stream.finalBlocks, Oracle.parse(bytes)).isEmpty)
        #expect(stream.bytesParsed < 40 * bytes.count, "parsed \(stream.bytesParsed) bytes of \(bytes.count)")
        #expect(stream.deferredFrames > 0)
        // The paragraph after a blank line is a new part, parsed at once.
        #expect(shownAfter == stream.finalBlocks.map(\.id))
    }
}

extension DeferredParseTests {
    @Test("A table row of pipes past the column cap, streamed byte by byte, is weighed by its pipes")
    func pipesPastTheCapAreWeighed() {
        // Past the cap the pipes make no cell (the row keeps its header's two), so each parse of
        // the row makes the same few nodes: weighed by its bytes alone, the row would be parsed
        // whole at every frame until the budget's floor is spent (about 200 × its size); weighed
        // by its pipes too, about 47 ×.
        let bytes = Array(("a|b\n-|-\n" + String(repeating: "|", count: 3_000) + "\n").utf8)
        let stream = Self.streamed(bytes, size: 1)
        #expect(BlockTree.differences(stream.finalBlocks, Oracle.parse(bytes)).isEmpty)
        #expect(stream.bytesParsed < 80 * bytes.count, "parsed \(stream.bytesParsed) bytes of \(bytes.count)")
        #expect(stream.deferredFrames > bytes.count / 2)
    }
}
