import Rill
import RillTestSupport
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
}
