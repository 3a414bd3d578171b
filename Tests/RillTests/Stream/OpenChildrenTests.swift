@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

/// Which children of an open container are settled: one rule for the engine's levels and for
/// what the live view may commit.
@Suite struct OpenChildrenTests {
    @Test("An incomplete line starts an item or row for good once its start decides it", arguments: [
        ("- a", "list", true), ("-", "list", false), ("- ", "list", false), ("--", "list", false),
        ("- -", "list", false), ("- - -", "list", false), ("* **", "list", false), ("* **b", "list", true),
        ("- **001.**", "list", true), ("1. x", "list", true), ("1.", "list", false), ("1. ", "list", false),
        ("10) 2", "list", true), ("1234567890. x", "list", false), ("   - a", "list", true), ("    - a", "list", false),
        ("-\tx", "list", false), ("-x", "list", false), ("+ + +", "list", false), ("| a", "table", true),
        ("|", "table", false), ("|  ", "table", false), ("  | `c`", "table", true), ("a | b", "table", false),
        ("> a", "quote", false), ("- a", "quote", false),
    ])
    func decidedLines(_ line: String, _ container: String, _ expected: Bool) {
        let kind: BlockKind = switch container {
        case "list": .list(ListStyle(isOrdered: false, start: 1, isTight: true, delimiter: .none))
        case "table": .table(alignments: [.none])
        default: .blockQuote
        }
        #expect(OpenChildren.lineIsDecided(Array(line.utf8), incompleteFrom: 0, in: kind) == expected)
    }

    @Test("The anchor is the last child that starts on a complete line, or on a decided incomplete one")
    func anchor() {
        let blocks = Oracle.parse(Array("- a\n- b\n- c".utf8))
        let items = blocks[0].children
        let incomplete = items[2].range.lowerBound
        #expect(OpenChildren.anchor(items, incompleteFrom: incomplete, lineIsDecided: false) == 1)
        #expect(OpenChildren.anchor(items, incompleteFrom: incomplete, lineIsDecided: true) == 2)
        #expect(OpenChildren.anchor(items, from: 2, incompleteFrom: incomplete, lineIsDecided: false) == nil)
    }
}
