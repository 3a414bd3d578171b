@_spi(Testing) import Rill
import RillTestSupport
import Testing

/// An update compares the open blocks with those it last reported from what may have changed:
/// a block's version kept from the last frame, and a paragraph's settled lines, are not
/// compared again, so that a frame costs what changed, not the size of the open blocks.
@Suite struct BlockDiffTests {
    /// Inlines compared by the updates of `text` fed a byte at a time.
    static func inlinesCompared(_ text: String) -> Int {
        var stream = MarkdownStream()
        for byte in text.utf8 {
            stream.append([byte])
            _ = stream.update()
        }
        return stream.reportedInlinesCompared
    }

    /// Inlines compared for `make(2n)` over those for `make(n)`: about 2 when an update costs
    /// what changed, about 4 when it compares the whole open part.
    static func growth(_ make: (Int) -> String, _ n: Int) -> Double {
        Double(inlinesCompared(make(2 * n))) / Double(max(1, inlinesCompared(make(n))))
    }

    @Test("A paragraph of many short lines is compared from its lines not yet settled",
          arguments: ["a\n", "*a* b\n", "x [y](z) \n"])
    func settledLines(line: String) {
        let ratio = Self.growth({ String(repeating: line, count: $0) }, 1_000)
        #expect(ratio < 2.5, "twice the lines, \(ratio)× the inlines compared")
    }

    @Test("An open part not parsed again is not compared again", arguments: [0, 1])
    func keptVersion(shape: Int) {
        let make: (Int) -> String = { n in
            shape == 0 ? String(repeating: "*a", count: n)
                : "|" + String(repeating: "h|", count: 64) + "\n|" + String(repeating: "-|", count: 64) + "\n"
                    + String(repeating: "a\n", count: n)
        }
        let ratio = Self.growth(make, 1_500)
        #expect(ratio < 2.5, "twice the text, \(ratio)× the inlines compared")
    }
}
