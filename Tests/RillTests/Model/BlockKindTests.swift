import Testing
@_spi(Testing) @testable import Rill

/// `BlockKind`'s hand-written `==`: the same answers as comparing case and content, whichever
/// end inline content differs at.
@Suite struct BlockKindTests {
    static let words: [Inline] = [.text("one "), .strong([.text("two")]), .text(" three")]

    @Test func inlineContentIsComparedWhole() {
        var grown = Self.words
        grown[2] = .text(" three four")
        var changedFirst = Self.words
        changedFirst[0] = .text("One ")
        #expect(BlockKind.paragraph(Self.words) == .paragraph(Array(Self.words)))
        #expect(BlockKind.paragraph(Self.words) != .paragraph(grown))
        #expect(BlockKind.paragraph(Self.words) != .paragraph(changedFirst))
        #expect(BlockKind.paragraph(Self.words) != .paragraph(Self.words + [.softBreak]))
        #expect(BlockKind.paragraph(Self.words) != .paragraph([]))
        #expect(BlockKind.paragraph([]) == .paragraph([]))
        #expect(BlockKind.tableCell(Self.words) != .tableCell(changedFirst))
        #expect(BlockKind.heading(level: 2, Self.words) == .heading(level: 2, Self.words))
        #expect(BlockKind.heading(level: 2, Self.words) != .heading(level: 3, Self.words))
        #expect(BlockKind.heading(level: 2, Self.words) != .heading(level: 2, changedFirst))
    }

    @Test func arraysMadeApartCompareByContent() {
        // Two arrays with equal elements but separate storage, and copies sharing it.
        let built = (0..<50).map { Inline.text("\($0)") }
        let again = (0..<50).map { Inline.text("\($0)") }
        var middle = again
        middle[25] = .text("x")
        #expect(built.equalsFromEnd(again))
        #expect(built.equalsFromEnd(built))
        #expect(!built.equalsFromEnd(middle))
        #expect(!built.equalsFromEnd(Array(again.dropLast())))
    }

    @Test func differentCasesAreNeverEqual() {
        let kinds: [BlockKind] = [
            .paragraph(Self.words), .heading(level: 1, Self.words), .tableCell(Self.words),
            .codeBlock(CodeBlock(info: "", literal: "x", isFenced: true)), .htmlBlock("x"), .thematicBreak, .blockQuote,
            .list(ListStyle(isOrdered: false, start: 1, isTight: true, delimiter: .none)), .item(task: nil),
            .table(alignments: [.none]), .tableRow(isHeader: false),
        ]
        for (i, a) in kinds.enumerated() {
            for (j, b) in kinds.enumerated() {
                #expect((a == b) == (i == j), "\(a.name) against \(b.name)")
            }
        }
    }

    @Test func otherContentStillCounts() {
        #expect(BlockKind.codeBlock(CodeBlock(info: "", literal: "a", isFenced: true))
                    != .codeBlock(CodeBlock(info: "", literal: "b", isFenced: true)))
        #expect(BlockKind.htmlBlock("<a>") != .htmlBlock("<b>"))
        #expect(BlockKind.list(ListStyle(isOrdered: true, start: 1, isTight: true, delimiter: .period))
                    != .list(ListStyle(isOrdered: true, start: 1, isTight: false, delimiter: .period)))
        #expect(BlockKind.item(task: .checked) != .item(task: .unchecked))
        #expect(BlockKind.table(alignments: [.left]) != .table(alignments: [.right]))
        #expect(BlockKind.tableRow(isHeader: true) != .tableRow(isHeader: false))
        // Equal kinds hash alike (the synthesized hash reads the same content).
        #expect(BlockKind.paragraph(Self.words).hashValue == BlockKind.paragraph(Array(Self.words)).hashValue)
    }
}
