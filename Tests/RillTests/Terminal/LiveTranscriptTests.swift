import Rill
import RillTestSupport
import Testing

/// The live view, driven frame by frame into a virtual terminal, must leave exactly the batch
/// render in scrollback plus screen.
@Suite struct LiveTranscriptTests {
    struct Geometry: CustomStringConvertible, Sendable {
        let width: Int
        let height: Int
        var description: String { "\(width)x\(height)" }
    }

    static let geometries = [Geometry(width: 100, height: 40), Geometry(width: 60, height: 15)]

    /// Streams `bytes` in token-sized pieces, one frame per piece, through a live view.
    static func liveTranscript(_ bytes: [UInt8], _ geometry: Geometry, seed: UInt64 = 1)
        -> (lines: [String], terminal: VirtualTerminal, view: LiveView) {
        let context = LayoutContext(width: geometry.width, theme: .plain, isPlain: true)
        var view = LiveView(context: context, encoder: ANSIEncoder(depth: .none), height: geometry.height)
        var terminal = VirtualTerminal(width: geometry.width, height: geometry.height)
        var stream = MarkdownStream()
        for range in ReplayChunker.ranges(of: bytes, mode: .tokens(seed: seed)) {
            stream.append(bytes[range])
            _ = stream.update()
            terminal.feed(view.frame(stream))
        }
        _ = stream.finish()
        terminal.feed(view.frame(stream))
        terminal.feed(view.close())
        var lines = terminal.transcript
        while lines.last == "" { lines.removeLast() }
        return (lines, terminal, view)
    }

    static func batch(_ bytes: [UInt8], width: Int) -> [String] {
        let context = LayoutContext(width: width, theme: .plain, isPlain: true)
        return DocumentLayout.lines(for: MarkdownStream.parse(bytes), in: context).map { line in
            var text = line.plainText
            while text.last == " " { text.removeLast() }
            return text
        }
    }

    /// In colour, every cell of the transcript has the batch render's attributes too: the live
    /// view leaves attributes set between frames where text goes on in the same look, and must
    /// reset them before anything that paints blanks (an erase, a line feed, an insertion).
    @Test("In colour, the live transcript has the batch render's attributes", arguments: Corpus.documentNames)
    func attributesEqualBatch(document: String) {
        let bytes = Corpus.bytes(document)
        let replay = LiveReplay(bytes, pieces: ReplayChunker.ranges(of: bytes, mode: .tokens(seed: 3)),
                                context: LayoutContext(width: 100, theme: .dark), encoder: ANSIEncoder(depth: .palette),
                                height: 60)
        #expect(LiveOutputAudit.violations(in: replay.output, styled: true, hyperlinks: false) == [])
        guard replay.linesCommittedEarly == 0 else {
            // Lines committed while they could still change may differ from the batch render.
            print("\(document): \(replay.linesCommittedEarly) lines committed early")
            return
        }
        #expect(replay.difference() == nil, "\(document)")
        #expect(replay.difference(attributes: true) == nil, "\(document)")
    }

    @Test(arguments: Corpus.documentNames, geometries)
    func transcriptEqualsBatch(document: String, geometry: Geometry) {
        let bytes = Corpus.bytes(document)
        let live = Self.liveTranscript(bytes, geometry)
        #expect(live.terminal.violations.isEmpty)
        #expect(live.terminal.rowsAboveTop == 0)
        let expected = Self.batch(bytes, width: geometry.width)
        if live.view.statistics.linesCommittedEarly == 0 {
            #expect(live.lines == expected, "\(document) at \(geometry)")
            if live.lines != expected {
                for (index, pair) in zip(live.lines, expected).enumerated() where pair.0 != pair.1 {
                    print("line \(index):\n live: \(pair.0)\nbatch: \(pair.1)")
                    break
                }
            }
        } else {
            print("\(document) at \(geometry): \(live.view.statistics.linesCommittedEarly) lines committed early")
        }
    }
}
