import Foundation
import Rill
import RillTestSupport
import Testing

/// Inputs the fuzzer (`make fuzz`, Tests/RillFuzz) found failing, kept in
/// `Tests/RillFuzz/Regressions/` (which also seeds every fuzz run), replayed through the same
/// checks (``FuzzCheck``): chunked stream against the one-shot parse, IDs, widths, and the
/// escape sequences of the batch render and the live view.
@Suite struct FuzzRegressionTests {
    static let directory = Corpus.root.appendingPathComponent("Tests/RillFuzz/Regressions")

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test("Every fuzz finding passes the fuzz checks", arguments: names)
    func regression(_ name: String) throws {
        let data = try #require(FileManager.default.contents(atPath: Self.directory.appendingPathComponent(name).path))
        let bytes = [UInt8](data)
        let problems = FuzzCheck.violations(bytes)
        #expect(problems.isEmpty, "\(name) (\(FuzzPlan(bytes))): \(problems.joined(separator: "; "))")
        // The plan the fuzzer drew is one chunking; the findings are small, so try them all.
        for (chunking, pieces) in [("per byte", Chunkings.fixed(bytes.count, size: 1)),
                                   ("per character", Chunkings.everyCharacter(bytes)),
                                   ("hostile", Chunkings.hostile(bytes))] {
            let check = StreamCheck.run(bytes, pieces: pieces, compareWithPrefix: { _ in true })
            #expect(check.violations.isEmpty, "\(name) fed \(chunking):\n\(check.report)")
        }
    }

    /// A table row `[p]: x` is a cell, not a link definition: the rows of a growing table were
    /// handed to the definition carrier without the header and delimiter rows above them, so
    /// they parsed as a paragraph that defined `p`, and `[p]` in the row became a link.
    @Test("A table row that looks like a link definition defines nothing")
    func tableRowIsNotADefinition() {
        let bytes = Array("e|||\n-|-|-\n[p]:\"\n".utf8)
        let expected = MarkdownStream.parse(bytes)
        #expect(expected.count == 1 && expected[0].kind.name == "table")
        for size in 1...bytes.count {
            var stream = MarkdownStream()
            for piece in Chunkings.fixed(bytes.count, size: size) {
                stream.append(bytes[piece])
                stream.advance()
            }
            stream.finish()
            #expect(BlockTree.differences(stream.finalBlocks, expected).isEmpty, "fed in pieces of \(size)")
        }
    }
}
