@_spi(Testing) import Rill
import RillTestSupport
import Testing

/// A table ends at a line that starts another block (a quote, a list item, a heading, indented
/// code), however the line goes on: once the incomplete line starts one, the table is final.
extension FrontierTests {
    static let table = "|a|b|\n|-|-|\n|1|2|\n"

    @Test("A table is final once the incomplete line starts a block that ends it",
          arguments: ["> word0", ">", "   > q", "- item", "* item", "+\titem", "1. one", "10) ten", "123456789. n",
                      "# Head", "###### h", "#\th", "    code", "\tcode", "  \tcode"])
    func tableFinalBeforeIncompleteLine(line: String) {
        let (afterFirst, _, end) = Self.feed(Self.table + line, then: " a|b and more\n")
        #expect(afterFirst.finalBlocks.map(\.kind.name) == ["table"])
        #expect(afterFirst.frontierOffset == Self.table.utf8.count)
        Self.expectOneShot(end, Self.table + line + " a|b and more\n")
    }

    @Test("A table stays open while the incomplete line may still be one of its rows",
          arguments: ["a|b", "#a", "-a", "1.a", "####### a", "#", "-", "1", "1234567890. n", "   ", "", "plain"])
    func tableOpenBeforeRow(line: String) {
        let (afterFirst, _, end) = Self.feed(Self.table + line, then: "x|y\n")
        #expect(afterFirst.finalBlocks.isEmpty)
        Self.expectOneShot(end, Self.table + line + "x|y\n")
    }
}
