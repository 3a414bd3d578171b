@_spi(Testing) @testable import Rill
import Testing

extension RillTests.Layout.IncrementalWrapTests {
    /// A caller that measured the text a span added tells the wrap its length and width: the
    /// wrap cuts that text out and wraps it as the text it would measure itself.
    @Test("Text added, its width told to the wrap, wraps as the whole text", arguments: [5, 12, 31])
    func toldAddedWidth(width: Int) {
        let pieces = ["word", " ", "中文", "é", "—", "ab ", "x", "  ", "longerword"]
        var random = SplitMix64(seed: 0xADD + UInt64(width))
        var memo: TextWrapper.Memo?
        var text = "start"
        _ = TextWrapper.wrap([Span(text)], width: width, memo: &memo)
        for _ in 0..<300 {
            let old = text
            let added = pieces[Int(random.next() % UInt64(pieces.count))]
            text += added
            let lines = TextWrapper.wrap([Span(text)], width: width, memo: &memo, grownFrom: old,
                                         grownBy: (added.utf8.count, DisplayWidth.of(added)))
            #expect(lines == TextWrapper.wrap([Span(text)], width: width), "\(text.debugDescription) at \(width)")
        }
    }
}
