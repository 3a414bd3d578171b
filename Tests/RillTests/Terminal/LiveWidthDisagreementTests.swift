@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

/// Terminals disagree about the width of some characters: one with an older width table draws
/// `✅` or `🔴` one column wide where Rill counts two; one in a CJK locale draws `α` or `≥` two
/// columns wide where Rill counts one. The live view must still leave exactly the batch render on
/// such a terminal: it never places text by a column it counted across such a character.
@Suite struct LiveWidthDisagreementTests {
    /// A terminal that draws ambiguous-width letters and symbols (`α`, `≥`, `₀`: what Rill counts one
    /// column but not every terminal does) two columns wide, as CJK locales do. It is wider than
    /// the layout, so that what it draws wider still fits on its rows.
    static let wideAmbiguous: @Sendable (Character) -> Int? = { character in
        let scalars = character.unicodeScalars
        guard scalars.count == 1, let scalar = scalars.first, !scalar.isASCII, !LivePainter.hasAgreedWidth(scalar),
              DisplayWidth.of(character) == 1 else { return nil }
        return 2
    }

    struct Look: CustomStringConvertible, Sendable {
        let name: String
        let screenWidth: Int
        let columnsOf: @Sendable (Character) -> Int?
        var description: String { name }
    }

    static let looks = [
        Look(name: "emoji drawn narrower", screenWidth: 100, columnsOf: VirtualTerminal.narrowEmoji),
        Look(name: "ambiguous width drawn wider", screenWidth: 140, columnsOf: wideAmbiguous),
    ]

    static let documents = Corpus.documentNames.filter { name in
        Corpus.bytes(name).contains { $0 >= 0xC2 }  // holds a character beyond ASCII
    }

    @Test("A terminal whose widths differ from Rill's ends with the batch render", arguments: looks, documents)
    func transcript(look: Look, document: String) {
        let bytes = Corpus.bytes(document)
        let replay = LiveReplay(bytes, pieces: ReplayChunker.ranges(of: bytes, mode: .fixed(4)),
                                context: LayoutContext(width: 100, theme: .plain, isPlain: true),
                                encoder: ANSIEncoder(depth: .none), height: 60, screenWidth: look.screenWidth,
                                columnsOf: look.columnsOf)
        guard replay.linesCommittedEarly == 0 else {
            print("\(document): \(replay.linesCommittedEarly) lines committed early")
            return
        }
        #expect(replay.live.violations.isEmpty)
        #expect(replay.difference() == nil, "\(document): \(replay.difference() ?? "")")
    }
}
