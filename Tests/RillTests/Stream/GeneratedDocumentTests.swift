import Rill
import RillTestSupport
import Testing

/// Property 3: random documents made of tricky lines, checked with the prefix replay and with
/// random chunkings. A failure is reported with the document shrunk to a minimal repro.
@Suite struct GeneratedDocumentTests {
    static let batchSize = 25
    /// 300 documents by default, 3000 with RILL_EXHAUSTIVE=1.
    static var batches: Range<UInt64> { TestEnvironment.isExhaustive ? 0..<120 : 0..<12 }

    /// The documents of batch `batch`.
    static func documents(batch: UInt64) -> [[UInt8]] {
        var generator = DocumentGenerator(seed: 0x5EED_0000 + batch)
        return (0..<batchSize).map { _ in generator.next() }
    }

    /// Every check on one document: per character with one-shot comparison at every frame,
    /// then two random chunkings. Returns the first failing run's report.
    static func failure(_ bytes: [UInt8], seed: UInt64) -> String? {
        StreamCheck.firstFailure(bytes, chunkSeeds: [seed, seed &+ 3])
    }
}

extension GeneratedDocumentTests {
    @Test("Generated documents keep final blocks, never duplicate IDs, and end as the one-shot parse",
          arguments: batches)
    func batch(_ batch: UInt64) {
        for (index, bytes) in Self.documents(batch: batch).enumerated() {
            let seed = batch &* 100 &+ UInt64(index)
            guard let report = Self.failure(bytes, seed: seed) else { continue }
            let minimal = Minimizer.minimize(bytes) { Self.failure($0, seed: seed) != nil }
            Issue.record("""
                generated document \(index) of batch \(batch) fails; minimal repro: "\(StreamCheck.quote(minimal))"
                \(Self.failure(minimal, seed: seed) ?? "")
                original document: "\(StreamCheck.quote(bytes))"
                \(report)
                """)
            return  // one minimised failure per batch is enough to read
        }
    }

    @Test("The generator is deterministic and covers the tricky constructs")
    func generatorCoverage() {
        #expect(Self.documents(batch: 7) == Self.documents(batch: 7))
        #expect(Self.documents(batch: 7) != Self.documents(batch: 8))
        let all = (0..<4).flatMap { Self.documents(batch: $0) }.joined()
        let text = String(decoding: Array(all), as: UTF8.self)
        for needle in ["\r\n", "```", "~~~", "<script>", "<!--", "<?php", "<!DOCTYPE", "<![CDATA[", "<div>",
                       "|---|", "]:", "===", "> ", "    ", "\t", "10)", "日本語", "👍🏽"] {
            #expect(text.contains(needle), "no \(needle.debugDescription) in 100 generated documents")
        }
        #expect(all.contains(0x0D) && all.contains(0x0A))
    }
}
