@_spi(Testing) import Rill
import RillTestSupport
import Testing

/// Lines between the final blocks and the open part that a blank line ends (blank lines, link
/// reference definitions) are passed over at once: their definitions resolve the final blocks
/// that use them without waiting for the block after them to become final.
extension FrontierTests {
    @Test("Definitions after a code block its fence closed resolve earlier blocks once their blank line arrives")
    func definitionsAfterClosedFence() {
        let pieces = ["See [x].\n\n```\ncode\n```\n", "\n[x]: /u\n", "\n", "- a list\n", "- that goes on\n"]
        let (updates, _, end) = Self.framed(pieces)
        #expect(updates[0].finalized.count == 2)
        #expect(updates[1].changed.isEmpty)
        #expect(updates[2].changed.map(\.id.description) == ["e0"])
        Self.expectOneShot(end, pieces.joined())
        #expect(StreamCheck.firstFailure(Array(pieces.joined().utf8), chunkSeeds: [1, 2]) == nil)
    }

    /// A definition written right after a code block its fence closed stays open while its line
    /// (and the line after it, which may hold its title) is still being written: the one taken
    /// is the whole one, as in the parse of the whole text.
    @Test("A definition being written after a closed fence is taken whole", arguments: [
        ["```\nx\n```\n[a]: /u", "rl\n\n[a]\n"],
        ["```\nx\n```\n[a]: /url\n", "\"title\"\n\n[a]\n"],
        ["```\nx\n```\n[a]: /url\n\"ti", "tle\"\n\n[a]\n"],
        ["~~~\nx\n~~~\n\n[a]:", " /url\n\n[a]\n"],
    ])
    func definitionAfterClosedFenceBeingWritten(_ pieces: [String]) {
        let (_, _, end) = Self.framed(pieces)
        Self.expectOneShot(end, pieces.joined())
        #expect(StreamCheck.firstFailure(Array(pieces.joined().utf8), chunkSeeds: [1, 2, 3]) == nil)
    }
}
