import Rill
import RillTestSupport
import Testing

/// Property 1: a document fed one character at a time, with a frame after each.
@Suite struct PrefixReplayTests {
    /// Documents up to this size are replayed at every character boundary by default.
    static let everyPrefixLimit = 6 * 1024
    /// Frames sampled from a bigger document by default.
    static let sampledFrames = 600

    /// The pieces for `bytes`: every character, or a sample of them for a big document.
    static func pieces(_ bytes: [UInt8], seed: UInt64) -> [Range<Int>] {
        if bytes.count <= everyPrefixLimit || TestEnvironment.isExhaustive {
            return Chunkings.everyCharacter(bytes)
        }
        let characters = Chunkings.characterBoundaries(bytes).count
        return Chunkings.sampledCharacters(bytes, stride: max(1, characters / (sampledFrames / 2)),
                                           extra: sampledFrames / 2, seed: seed)
    }
}

extension PrefixReplayTests {
    @Test("The Corpus has the documents the issue asks for")
    func corpusIsThere() {
        let names = Corpus.documentNames
        #expect(names.filter { $0.hasPrefix("answer-") }.count >= 15)
        #expect(names.filter { $0.hasPrefix("stream-") }.count >= 15)
        for name in names { #expect(!Corpus.bytes(name).isEmpty, "\(name) is empty") }
    }

    @Test("Final blocks of every prefix survive; frames never duplicate IDs; the end equals one-shot",
          arguments: Corpus.documentNames)
    func corpusDocument(_ name: String) {
        let bytes = Corpus.bytes(name)
        let pieces = Self.pieces(bytes, seed: UInt64(bytes.count))
        // A frame-by-frame comparison with a one-shot parse of the prefix costs a full parse;
        // do it at about 40 frames per document.
        let every = max(1, pieces.count / 40)
        let check = StreamCheck.run(bytes, pieces: pieces, compareWithPrefix: { $0 % every == every - 1 })
        #expect(check.violations.isEmpty, "\(name) fed in \(pieces.count) pieces:\n\(check.report)")
    }
}
