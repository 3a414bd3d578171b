import Testing
@_spi(Testing) @testable import Rill

/// What a block's inlines may still become: a reference link waiting for its definition, a link
/// whose look may change. Inlines inside `<kbd>`, `<sup>` and `<sub>` count like any others.
@Suite struct BlockQueriesTests {
    static func paragraph(_ inlines: [Inline]) -> Block {
        Block(id: BlockID(anchor: 0), kind: .paragraph(inlines), range: 0..<1)
    }

    @Test func bracketsInsideAnElementMayBeAnUnresolvedReference() {
        for element in HTMLElement.allCases {
            let block = Self.paragraph([.text("See "), .htmlElement(element, [.text("[1]")])])
            #expect(block.mayHoldUnresolvedReference, "\(element)")
        }
        #expect(!Self.paragraph([.htmlElement(.sup, [.text("2")])]).mayHoldUnresolvedReference)
    }

    @Test func linksInsideAnElementAreLinks() {
        let link = Inline.link(destination: "/u", title: "", [.text("1")])
        #expect([Inline.htmlElement(.sup, [link])].containsLinkOrImage)
        #expect(![Inline.htmlElement(.sup, [.text("1")])].containsLinkOrImage)
    }
}
