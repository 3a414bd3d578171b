@_spi(Testing) @testable import Rill
import Testing

/// What a live view's part cache hands on for a paragraph being written after another block.
@Suite struct PartLayoutCacheTests {
    /// A paragraph after a heading, its text grown at its end frame after frame: the cache gives
    /// the blank line before it and its lines as the layout of the block separated gives them,
    /// and the lines are the wrap's own array, grown in place, not a copy behind the blank line.
    @Test("A growing paragraph after another block is handed on as its wrap made it, the blank line apart")
    func separatedParagraphGrowsInPlace() throws {
        var context = LayoutContext(width: 12, theme: .dark)
        context.memos = LayoutMemos()
        var cache = PartLayoutCache()
        var text = "start"
        var last: UnsafeRawPointer?
        var inPlace = 0, steps = 0
        for index in 0..<300 {
            text += index % 4 == 0 ? " " : "abc"
            let bytes = Array(("# Title\n\n" + text).utf8)
            let paragraph = try #require(MarkdownStream.parse(bytes).last)
            let settlement = Settlement.of(paragraph, incompleteFrom: 9, source: bytes)
            let parts = BlockParts(open: paragraph, index: 1, settlement: settlement)
            let (lines, _) = cache.single(parts, in: context)
            #expect(lines.separated)
            var frame = FrameLines(over: [])
            lines.append(to: &frame, from: 0)
            let drawn = frame.lines(from: 0)
            let expected = BlockLayout.layout(paragraph, in: LayoutContext(width: 12, theme: .dark),
                                              settlement: settlement).separated()
            #expect(drawn == expected.lines)
            #expect(lines.count == expected.lines.count && lines.stableCount == expected.stableCount)
            let address = lines.laidOut.lines.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
            if index > 0 {
                steps += 1
                if address == last { inPlace += 1 }
            }
            last = address
        }
        // The array is moved only when it outgrows its capacity (a doubling).
        #expect(inPlace > steps * 9 / 10, "in place at \(inPlace) of \(steps) steps")
    }
}
