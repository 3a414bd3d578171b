@testable import Rill
import Testing

/// Telling a styled line's copies apart from lines merely equal to it.
@Suite struct StyledLineTests {
    @Test("A copy of a line is told as one; an equal line built apart, or another line, is not")
    func copiesAreToldApartFromEqualLines() {
        let line = StyledLine([Span("some "), Span("words", TextStyle(bold: true))])
        let copy = line
        let equal = StyledLine([Span("some "), Span("words", TextStyle(bold: true))])
        #expect(copy.isCopy(of: line))
        #expect(equal == line)
        #expect(!equal.isCopy(of: line))
        #expect(!StyledLine([Span("other")]).isCopy(of: line))
        #expect(StyledLine().isCopy(of: StyledLine.blank))
    }
}
