import Rill
import RillTestSupport
import Testing

/// Source ranges that hold for any text: inside the text, children inside parents, siblings in
/// order, keyed IDs at the block's first byte (see `BlockTree.structuralProblems`).
@Suite struct PositionInvariantTests {
    static func problems(_ bytes: [UInt8]) -> [String] {
        BlockTree.structuralProblems(Oracle.parse(bytes), sourceLength: Oracle.normalized(bytes).count)
    }
}

extension PositionInvariantTests {
    @Test("Every Corpus document parses to well-formed ranges", arguments: Corpus.documentNames)
    func corpus(_ name: String) {
        let problems = Self.problems(Corpus.bytes(name))
        #expect(problems.isEmpty, "\(name): \(problems)")
    }

    @Test("Generated documents parse to well-formed ranges")
    func generated() {
        var generator = DocumentGenerator(seed: 0xB10C)
        let count = TestEnvironment.isExhaustive ? 20_000 : 2_000
        var failures: [String] = []
        for _ in 0..<count {
            let bytes = generator.next()
            guard !Self.problems(bytes).isEmpty else { continue }
            let minimal = Minimizer.minimize(bytes) { !Self.problems($0).isEmpty }
            let key = "\"\(StreamCheck.quote(minimal))\": \(Self.problems(minimal))"
            if !failures.contains(key) { failures.append(key) }
            if failures.count == 8 { break }
        }
        #expect(failures.isEmpty, "minimal repros:\n\(failures.joined(separator: "\n"))")
    }
}
