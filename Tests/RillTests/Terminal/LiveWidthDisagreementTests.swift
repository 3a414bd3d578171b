import Rill
import RillTestSupport
import Testing

/// Terminals disagree about the width of emoji: one with an older width table draws `✅` or
/// `🔴` one column wide where Rill counts two. The live view must still leave exactly the batch
/// render on such a terminal: it never places text by a column it counted across a character
/// whose width terminals disagree on.
@Suite struct LiveWidthDisagreementTests {
    /// An older terminal: every emoji that is one scalar, and that Rill counts two columns wide
    /// outside the CJK ranges (U+3000 on), is drawn one column wide.
    static let narrowEmoji: @Sendable (Character) -> Int? = { character in
        let scalars = character.unicodeScalars
        guard scalars.count == 1, let scalar = scalars.first, scalar.value >= 0x2000,
              !(0x3000...0x9FFF).contains(scalar.value), !(0xAC00...0xD7A3).contains(scalar.value),
              !(0xF900...0xFFEF).contains(scalar.value), !(0x20000...0x3FFFD).contains(scalar.value),
              DisplayWidth.of(character) == 2 else { return nil }
        return 1
    }

    static let documents = Corpus.documentNames.filter { name in
        Corpus.bytes(name).contains { $0 >= 0xE2 }  // holds a character from U+2000 on
    }

    @Test("An older terminal drawing emoji one column wide ends with the batch render",
          arguments: documents)
    func narrowEmojiTranscript(document: String) {
        let bytes = Corpus.bytes(document)
        let context = LayoutContext(width: 100, theme: .plain, isPlain: true)
        let encoder = ANSIEncoder(depth: .none)
        var view = LiveView(context: context, encoder: encoder, height: 60)
        var live = VirtualTerminal(width: 100, height: 60, columnsOf: Self.narrowEmoji)
        var stream = MarkdownStream()
        for range in ReplayChunker.ranges(of: bytes, mode: .fixed(4)) {
            stream.append(bytes[range])
            stream.advance()
            live.feed(view.frame(stream))
        }
        stream.finish()
        live.feed(view.frame(stream) + view.close())
        var batch: [UInt8] = []
        for line in DocumentLayout.lines(for: MarkdownStream.parse(bytes), in: context) {
            encoder.encode(line, into: &batch)
            batch += [0x0D, 0x0A]
        }
        var expected = VirtualTerminal(width: 100, height: 60, columnsOf: Self.narrowEmoji)
        expected.feed(batch)
        guard view.statistics.linesCommittedEarly == 0 else {
            print("\(document): \(view.statistics.linesCommittedEarly) lines committed early")
            return
        }
        #expect(live.violations.isEmpty)
        let got = live.transcript.filter { !$0.isEmpty }, want = expected.transcript.filter { !$0.isEmpty }
        let index = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(got == want, "\(document): line \(index.map { $0 + 1 } ?? 0): \(index.map { got[$0] } ?? "") vs \(index.map { want[$0] } ?? "")")
    }
}
