@testable import Rill
import Foundation
import RillTestSupport
import Testing

extension RillTests.Highlight {
    /// Golden files, one per language: each line of a sample with the runs its tokens give
    /// (`__Snapshots__/<language>.txt`). Re-record with `RILL_RECORD_SNAPSHOTS=1`.
    @Suite struct HighlightSnapshotTests {}
}

extension RillTests.Highlight.HighlightSnapshotTests {
    static let directory = Snapshot.directory(besides: #filePath)

    /// The sample's lines, each followed by its highlighted runs (`element "text"`), from one
    /// fresh record of the block, as a batch render highlights it.
    static func dump(_ code: String, language: CodeLanguage) -> String {
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        let highlighted = HighlightedLines(language: language, counts: HighlightCounts())
        var out = "language: \(language.file)\n"
        for (index, line) in lines.enumerated() {
            out += "\(index + 1) │ \(line)\n"
            let tokens = highlighted.tokens(ofLine: index, text: line, complete: true) { lines[$0] }
            let runs = TokenRuns.runs(line, tokens: tokens).compactMap { run in
                run.element.map { "\($0) \(String(run.text).debugDescription)" }
            }
            if !runs.isEmpty { out += "  │   " + runs.joined(separator: " · ") + "\n" }
        }
        return out
    }

    @Test("Each language's sample is highlighted as recorded", arguments: HighlightSamples.all.map { $0.language })
    func golden(language name: String) throws {
        let sample = try #require(HighlightSamples.all.first { $0.language == name })
        let language = try #require(CodeLanguage.named(name))
        let dump = Self.dump(sample.code, language: language)
        if let failure = Snapshot.check(dump, named: "\(name).txt", in: Self.directory) {
            Issue.record(Comment(rawValue: failure))
        }
    }
}
