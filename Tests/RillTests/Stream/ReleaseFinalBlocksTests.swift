import Rill
import RillTestSupport
import Testing

/// A consumer that never looks back releases final blocks as it hands them on: what the stream
/// retains stays bounded however long the input, and nothing else changes.
@Suite struct ReleaseFinalBlocksTests {
    /// A long answer: the Corpus answers one after another, with a heading between rounds.
    static func longAnswer(bytes size: Int) -> [UInt8] {
        let answers = Corpus.documentNames.filter { $0.hasPrefix("answer-") }.map(Corpus.bytes)
        var text: [UInt8] = []
        var round = 0
        while text.count < size {
            for answer in answers where text.count < size {
                text += Array("\n\n## Part \(round)\n\n".utf8) + answer
            }
            round += 1
        }
        return text
    }

    /// Streams `bytes` in `chunk`-byte pieces, releasing every final block after each frame.
    static func streamReleasing(_ bytes: [UInt8], chunk: Int, check: (MarkdownStream) -> Void = { _ in }) -> MarkdownStream {
        var stream = MarkdownStream()
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + chunk)
            stream.append(bytes[start..<end])
            stream.advance()
            stream.releaseFinalBlocks(before: stream.finalBlocks.count)
            check(stream)
            start = end
        }
        stream.finish()
        return stream
    }
}

extension ReleaseFinalBlocksTests {
    @Test("Streaming a long answer and releasing as it goes: the retained final blocks stay bounded")
    func retainedStaysBounded() {
        // 10 MB with RILL_EXHAUSTIVE=1; 2 MB by default.
        let size = (TestEnvironment.isExhaustive ? 10 : 2) << 20
        let bytes = Self.longAnswer(bytes: size)
        var largestRetained = 0
        let stream = Self.streamReleasing(bytes, chunk: 64 * 1024) { stream in
            largestRetained = max(largestRetained, stream.retainedFinalNodeCount)
            #expect(stream.releasedFinalCount == stream.finalBlocks.count)
        }
        #expect(largestRetained == 0, "final blocks were retained after release")
        #expect(stream.finalBlocks.count > 1_000, "the document has many blocks: \(stream.finalBlocks.count)")
        // What was not released (the blocks made final by finish) is a small part of the document.
        let retained = stream.retainedFinalNodeCount
        var all = 0
        for block in Oracle.parse(bytes) { block.forEachDescendant { _, _ in all += 1 } }
        #expect(retained * 100 < all, "\(retained) of \(all) nodes retained")
        // Every released block is a childless stub.
        #expect(stream.finalBlocks[..<stream.releasedFinalCount].allSatisfy { $0.children.isEmpty })
    }

    @Test("Releasing changes nothing but the released blocks: identities, ranges and the rest equal a one-shot parse",
          arguments: ["answer-long-guide.md", "stream-long-list.md", "stream-long-table.md", "stream-fences.md",
                      "stream-invalid-utf8.md", "stream-tabs-crlf.md"])
    func releasingKeepsTheRest(_ name: String) {
        let bytes = Corpus.bytes(name)
        let oneShot = Oracle.parse(bytes)
        for chunk in [1, 7, 256] {
            var releasedAt: [Int] = []
            let stream = Self.streamReleasing(bytes, chunk: chunk) { releasedAt.append($0.releasedFinalCount) }
            #expect(stream.finalBlocks.map(\.id) == oneShot.map(\.id), "\(name), \(chunk)-byte pieces: identities")
            #expect(stream.finalBlocks.map(\.range) == oneShot.map(\.range), "\(name), \(chunk)-byte pieces: ranges")
            let kept = stream.releasedFinalCount
            #expect(Array(stream.finalBlocks[kept...]) == Array(oneShot[kept...]), "\(name), \(chunk)-byte pieces: the rest")
            #expect(releasedAt == releasedAt.sorted(), "released blocks never come back")
        }
    }

    @Test("Released blocks parsed again by finalBlock(at:) equal the one-shot parse, late definitions included",
          arguments: Corpus.documentNames)
    func releasedBlocksComeBack(_ name: String) {
        let bytes = Corpus.bytes(name)
        let oneShot = Oracle.parse(bytes)
        for keepingResolvable in [false, true] {
            for chunk in [5, 997] {
                var stream = MarkdownStream()
                var start = 0
                while start < bytes.count {
                    let end = min(bytes.count, start + chunk)
                    stream.append(bytes[start..<end])
                    _ = stream.update()
                    stream.releaseFinalBlocks(before: stream.finalBlocks.count, keepingResolvable: keepingResolvable)
                    start = end
                }
                stream.finish()
                let blocks = stream.finalBlocks.indices.map { stream.finalBlock(at: $0) }
                let what = "\(name), \(chunk)-byte pieces, keeping resolvable: \(keepingResolvable)"
                #expect(blocks == oneShot, "\(what)")
                #expect(blocks.map(\.range) == oneShot.map(\.range), "\(what): ranges")
                if keepingResolvable {
                    // Blocks kept are re-resolved in place, as without releasing.
                    for (index, block) in stream.finalBlocks.enumerated() where block.kind != .paragraph([]) {
                        #expect(block == oneShot[index], "\(what): kept block \(index)")
                    }
                }
            }
        }
    }

    @Test("Without releasing (the library default), a late definition still resolves an earlier link")
    func defaultKeepsLateDefinitions() {
        let bytes = Array("See [the docs].\n\nMore text.\n\n[the docs]: https://example.com\n".utf8)
        var kept = MarkdownStream()
        var released = MarkdownStream()
        for byte in bytes {
            kept.append([byte])
            kept.advance()
            released.append([byte])
            released.advance()
            released.releaseFinalBlocks(before: released.finalBlocks.count)
        }
        kept.finish()
        released.finish()
        #expect(kept.finalBlocks == Oracle.parse(bytes))
        // The released paragraph was handed on before its link could be resolved: it stays a stub.
        #expect(released.finalBlocks.first?.kind == .paragraph([]))
        #expect(kept.finalBlocks.first?.kind != .paragraph([]))
        #expect(released.finalBlocks.map(\.id) == kept.finalBlocks.map(\.id))
    }
}
