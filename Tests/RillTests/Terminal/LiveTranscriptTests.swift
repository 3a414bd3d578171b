@_spi(Testing) import Rill
@_spi(Testing) import RillTestSupport
import Testing

/// The live view, driven frame by frame into a virtual terminal, must leave the batch render in
/// scrollback plus screen: exactly, or as ``EarlyCommitRule`` allows where lines were committed
/// early.
@Suite struct LiveTranscriptTests {
    struct Geometry: CustomStringConvertible, Sendable {
        let width: Int
        let height: Int
        var description: String { "\(width)x\(height)" }
    }

    static let geometries = [Geometry(width: 100, height: 40), Geometry(width: 60, height: 15)]

    /// Screens shorter than what is being written (a split pane, a small window): the live
    /// region fills, and its oldest lines are committed before they settle. 60×8, 33×7 and
    /// 12×24 run with `RILL_EXHAUSTIVE=1`.
    static let shortGeometries = [Geometry(width: 46, height: 12), Geometry(width: 30, height: 6)]
        + (TestEnvironment.isExhaustive
            ? [Geometry(width: 60, height: 8), Geometry(width: 33, height: 7), Geometry(width: 12, height: 24)] : [])

    /// Every Corpus document at every one of `geometries` with `RILL_EXHAUSTIVE=1`; by default
    /// each document at one of them, in turn, so that every geometry still meets every kind of
    /// document across the Corpus.
    static func corpus(at geometries: [Geometry]) -> [(String, Geometry)] {
        let names = Corpus.documentNames
        if TestEnvironment.isExhaustive { return names.flatMap { name in geometries.map { (name, $0) } } }
        return names.enumerated().map { index, name in (name, geometries[index % geometries.count]) }
    }

    /// Streams `bytes` in token-sized pieces, one frame per piece, through a live view.
    static func liveTranscript(_ bytes: [UInt8], _ geometry: Geometry, seed: UInt64 = 1)
        -> (lines: [String], terminal: VirtualTerminal, view: LiveView) {
        let context = LayoutContext(width: geometry.width, theme: .plain, isPlain: true)
        var view = LiveView(context: context, encoder: ANSIEncoder(depth: .none), height: geometry.height)
        view.recordsTranscriptLines = true
        // A terminal that blanks a wide character any edit cuts, as terminals do.
        var terminal = VirtualTerminal(width: geometry.width, height: geometry.height, catchesCuts: true)
        var stream = MarkdownStream()
        feed(bytes, seed: seed, into: &stream, view: &view, terminal: &terminal)
        _ = stream.finish()
        terminal.feed(view.frame(stream))
        terminal.feed(view.close())
        var lines = terminal.transcript
        while lines.last == "" { lines.removeLast() }
        return (lines, terminal, view)
    }

    /// Appends `bytes` to `stream` in token-sized pieces, a frame of `view` into `terminal` after each.
    static func feed(_ bytes: [UInt8], seed: UInt64 = 1, into stream: inout MarkdownStream, view: inout LiveView,
                     terminal: inout VirtualTerminal) {
        for range in ReplayChunker.ranges(of: bytes, mode: .tokens(seed: seed)) {
            stream.append(bytes[range])
            _ = stream.update()
            terminal.feed(view.frame(stream))
        }
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
        #expect(replay.difference() == nil, "\(document): \(replay.difference() ?? "")")
        #expect(replay.difference(attributes: true) == nil, "\(document): \(replay.difference(attributes: true) ?? "")")
    }

    @Test(arguments: corpus(at: geometries))
    func transcriptEqualsBatch(document: String, geometry: Geometry) {
        let bytes = Corpus.bytes(document)
        let live = Self.liveTranscript(bytes, geometry)
        #expect(live.terminal.violations.isEmpty)
        #expect(live.terminal.cuts.isEmpty, "\(live.terminal.cuts.prefix(3))")
        #expect(live.terminal.rowsAboveTop == 0)
        Self.expectEarlyCommitRule(live, bytes, document, geometry)
    }

    /// Expects `live`'s transcript of `document` to keep ``EarlyCommitRule``.
    static func expectEarlyCommitRule(_ live: (lines: [String], terminal: VirtualTerminal, view: LiveView),
                                      _ bytes: [UInt8], _ document: String, _ geometry: Geometry) {
        let violation = earlyCommitViolation(live, bytes, geometry)
        #expect(violation == nil, "\(document) at \(geometry): \(violation ?? "")")
    }

    /// Where `live`'s transcript of `bytes` breaks ``EarlyCommitRule`` against the batch render
    /// at `geometry`'s width (exact equality when no line was committed early), or nil.
    static func earlyCommitViolation(_ live: (lines: [String], terminal: VirtualTerminal, view: LiveView),
                                     _ bytes: [UInt8], _ geometry: Geometry) -> String? {
        let blocks = BatchBlocks(bytes, in: LayoutContext(width: geometry.width, theme: .plain, isPlain: true))
        return EarlyCommitRule.violation(of: live.lines, places: live.view.transcriptLines, batch: blocks.plainText,
                                         tables: blocks.tables)
    }

    /// A table row taller than the live region (a wide table drawn as records on a narrow
    /// screen) is committed while it is written, and the rows after it start below it: each
    /// line reaches scrollback once. The rows' lines never change once written, so the
    /// transcript is the batch render's, early commits and all.
    @Test(arguments: [("stream-long-table.md", Geometry(width: 60, height: 8)),
                      ("answer-database-comparison.md", Geometry(width: 46, height: 12))])
    func rowsTallerThanTheScreenAreCommittedOnce(document: String, geometry: Geometry) {
        let bytes = Corpus.bytes(document)
        let live = Self.liveTranscript(bytes, geometry)
        #expect(live.view.statistics.linesCommittedEarly > 0, "the case must fill the live region")
        #expect(live.terminal.violations.isEmpty)
        let expected = Self.batch(bytes, width: geometry.width)
        #expect(live.lines.count == expected.count)
        #expect(live.lines == expected, "\(document) at \(geometry)")
    }

    /// Lines committed early may show a block as it was then (a table's widths before its
    /// sample was complete, a link before its definition came), but never twice: no run of
    /// lines is drawn twice in a row unless the batch render has it so (``RepeatedRuns/first(in:of:longest:)``).
    @Test(arguments: corpus(at: shortGeometries))
    func earlyCommitsRepeatNothing(document: String, geometry: Geometry) {
        let bytes = Corpus.bytes(document)
        let live = Self.liveTranscript(bytes, geometry)
        #expect(live.terminal.violations.isEmpty)
        let expected = Self.batch(bytes, width: geometry.width)
        let repeated = RepeatedRuns.first(in: live.lines, of: expected)
        #expect(repeated == nil, "\(document) at \(geometry): \(repeated?.prefix(3) ?? [])")
        Self.expectEarlyCommitRule(live, bytes, document, geometry)
    }

    /// A paragraph committed early, while it was taller than the screen, can then shrink: an
    /// open link's long destination, shown as text, goes once the `)` comes (with hyperlinks
    /// on, the target is not printed). The blocks arriving in that same frame are drawn whole:
    /// the lines that went stay counted against the paragraph, not against what follows it.
    @Test func blocksAfterAPartThatShrankAreDrawn() {
        let opening = "Intro.\n\nSee [the docs](https://example.com/" + String(repeating: "a/", count: 120)
        let rest = ") now.\n\nAfter paragraph here.\n\nAnd the end.\n"
        let context = LayoutContext(width: 30, theme: .plain, hyperlinks: true, isPlain: true)
        var view = LiveView(context: context, encoder: ANSIEncoder(depth: .none), height: 5)
        var terminal = VirtualTerminal(width: 30, height: 5)
        var stream = MarkdownStream()
        Self.feed(Array(opening.utf8), into: &stream, view: &view, terminal: &terminal)
        #expect(view.statistics.linesCommittedEarly > 0, "the open paragraph must outgrow the screen")
        stream.append(Array(rest.utf8)[...])
        _ = stream.update()
        terminal.feed(view.frame(stream))
        _ = stream.finish()
        terminal.feed(view.frame(stream))
        terminal.feed(view.close())
        var lines = terminal.transcript
        while lines.last == "" { lines.removeLast() }
        #expect(Array(lines.suffix(4)) == ["", "After paragraph here.", "", "And the end."])
        #expect(lines.filter { $0 == "After paragraph here." }.count == 1)
    }
}
