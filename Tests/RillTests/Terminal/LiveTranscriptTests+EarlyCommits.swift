import Rill
@_spi(Testing) import RillTestSupport
import Testing

/// Documents whose live region fills while a block before the one being written is still open,
/// and lists whose marker stands on a line of its own: the transcript is the batch render.
extension LiveTranscriptTests {
    static let committedEarlyTexts: [(name: String, text: String)] = [
        ("indented code, long paragraph", "Intro paragraph here.\n\n    indented code line\n    another one\n\n"
            + (0..<600).map { "word\($0)" }.joined(separator: " ") + "\n\nEnd.\n"),
        ("indented code, long quote", "Intro paragraph here.\n\n    indented code line\n    another one\n\n> "
            + (0..<600).map { "word\($0)" }.joined(separator: " ") + "\n\nEnd.\n"),
    ]

    @Test("A block taller than the screen after indented code: the transcript is the batch render",
          arguments: committedEarlyTexts.map { $0.name }, [Geometry(width: 80, height: 24), Geometry(width: 33, height: 7)])
    func tallBlockAfterIndentedCode(name: String, geometry: Geometry) throws {
        let bytes = Array(try #require(Self.committedEarlyTexts.first { $0.name == name }).text.utf8)
        for seed: UInt64 in [1, 15, 26] {
            let live = Self.liveTranscript(bytes, geometry, seed: seed)
            #expect(live.view.statistics.linesCommittedEarly > 0, "the case must fill the live region")
            #expect(live.terminal.violations.isEmpty)
            #expect(live.lines == Self.batch(bytes, width: geometry.width), "seed \(seed) at \(geometry)")
        }
    }

    @Test("A task list on a screen too narrow to hang its items: the transcript is the batch render",
          arguments: [Geometry(width: 12, height: 24), Geometry(width: 8, height: 6)])
    func taskListOnANarrowScreen(geometry: Geometry) {
        let bytes = Array(("## Before merging\n\n- [x] Hook extracted and used in all three components\n"
            + "- [x] Storybook story updated\n- [ ] Fix the race condition\n").utf8)
        for seed: UInt64 in [1, 2, 3] {
            let live = Self.liveTranscript(bytes, geometry, seed: seed)
            #expect(live.terminal.violations.isEmpty)
            #expect(live.lines == Self.batch(bytes, width: geometry.width), "seed \(seed) at \(geometry)")
        }
    }

    /// Corpus documents on screens where a block with a closing line (fenced or indented code,
    /// a task list's boxes on a screen too narrow to hang them) is still open, or settling,
    /// when the live region fills or its first lines are committed: its closing line, its box,
    /// must reach scrollback where the batch render has it.
    @Test(arguments: [("answer-http-caching.md", Geometry(width: 33, height: 7)),
                      ("answer-statistics-pvalues.md", Geometry(width: 30, height: 6)),
                      ("answer-long-guide.md", Geometry(width: 33, height: 7)),
                      ("answer-code-review.md", Geometry(width: 12, height: 24)),
                      ("answer-recipe-sourdough.md", Geometry(width: 12, height: 24)),
                      ("answer-sql-optimisation.md", Geometry(width: 12, height: 24)),
                      ("stream-fences.md", Geometry(width: 12, height: 24)),
                      ("stream-empty-and-blank.md", Geometry(width: 12, height: 24))])
    func blocksClosingAfterTheRegionFilled(document: String, geometry: Geometry) {
        let bytes = Corpus.bytes(document)
        let live = Self.liveTranscript(bytes, geometry)
        #expect(live.terminal.violations.isEmpty)
        Self.expectEarlyCommitRule(live, bytes, document, geometry)
    }
}
