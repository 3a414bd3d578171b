@testable import Rill
import RillTestSupport
import Testing

/// A slice's checks read line by line as it grows (``SliceScan``) must say what reading the
/// whole slice at once says.
@Suite struct SliceScanTests {
    /// The checks of `ResumePath.deepestUsableLevel` over the whole of `text[start..<end]`.
    static func whole(_ text: [UInt8], start: Int, end: Int, column: Int, readsDelimiterRows: Bool) -> Bool {
        let slice = text[start..<end]
        return ResumeContext.isInside(slice, column: column) && !DefinitionCarrier.mayDefine(slice, outside: nil)
            && !(readsDelimiterRows && ResumeContext.mayHoldDelimiterRow(slice))
    }

    @Test("Read through its complete lines at every byte, a scan says what the whole slice says")
    func incrementalEqualsWhole() {
        let documents = NestedLists.seeds.prefix(6).map { NestedLists.document(seed: $0) } + [
            Array("  a\n  b\n\n  |-|-|\n  c\n".utf8),
            Array("  a\n  [x]: /u\n  b\n".utf8),
            Array("  a\r\n  b\r\nc\n  d\n".utf8),
            Array("  - a\n    - b\n  x\n".utf8),
        ]
        for text in documents {
            for column in [2, 4] {
                for readsDelimiterRows in [false, true] {
                    var scan = SliceScan(start: 0, column: column, readsDelimiterRows: readsDelimiterRows)
                    for end in 1...text.count {
                        let expected = Self.whole(text, start: 0, end: end, column: column, readsDelimiterRows: readsDelimiterRows)
                        #expect(scan.reading(text, to: end).isUsable == expected, "column \(column), up to \(end) of \(StreamCheck.quote(text))")
                        if text[end - 1] == 0x0A { scan.readLines(text, through: end) }
                    }
                }
            }
        }
    }
}
