import Foundation
import Rill
import RillTestSupport
import Testing

/// Every frame of a document streamed a character at a time shows the text received as cmark
/// reads it, less only anticipated delimiters or a held-back last line (see ``PreviewRule``).
@Suite struct PreviewRuleTests {
    /// Frames checked per document by default, spread evenly over its frames (every frame with
    /// `RILL_EXHAUSTIVE=1`).
    static let sampledFrames = 300
    /// Real answers checked by default (all of them with `RILL_EXHAUSTIVE=1`).
    static let sampledAnswers = 24

    /// Whether to check the frame after piece `index` of `count`.
    static func checks(_ index: Int, of count: Int) -> Bool {
        if TestEnvironment.isExhaustive || count <= sampledFrames { return true }
        // An odd stride, so that the sample does not fall on a fixed phase of short periods.
        let stride = (count / sampledFrames) | 1
        return index % stride == stride / 2 || index == count - 1
    }

    static func sweep(_ bytes: [UInt8]) -> PreviewSweep {
        let pieces = Chunkings.everyCharacter(bytes)
        return PreviewSweep.run(bytes, pieces: pieces) { checks($0, of: pieces.count) }
    }

    static let realAnswersMissing = "no real answers at \(RealAnswers.directory.path)"
}

extension PreviewRuleTests {
    @Test("Every Corpus document, fed per character, shows only what the writer wrote", arguments: Corpus.documentNames)
    func corpusDocument(_ name: String) {
        let sweep = Self.sweep(Corpus.bytes(name))
        print("PREVIEW \(name): \(sweep.violatingFrames)/\(sweep.checkedFrames) of \(sweep.frames)")
        #expect(sweep.violatingFrames == 0,
                "\(name): \(sweep.violatingFrames) of \(sweep.checkedFrames) frames checked:\n\(sweep.examples.joined(separator: "\n"))")
    }

    @Test("Real answers, fed per character, show only what the writer wrote",
          .enabled(if: RealAnswers.isAvailable, Comment(rawValue: realAnswersMissing)))
    func realAnswers() {
        var failures: [String] = []
        for answer in RealAnswers.sample(Self.sampledAnswers) {
            let sweep = Self.sweep(answer.bytes)
            print("PREVIEW \(answer.name): \(sweep.violatingFrames)/\(sweep.checkedFrames) of \(sweep.frames)")
            if sweep.violatingFrames > 0 {
                failures.append("\(answer.name): \(sweep.violatingFrames) of \(sweep.checkedFrames) frames checked:\n"
                                + sweep.examples.joined(separator: "\n"))
            }
        }
        #expect(failures.isEmpty, "\(failures.count) answers:\n\(failures.joined(separator: "\n"))")
    }
}
