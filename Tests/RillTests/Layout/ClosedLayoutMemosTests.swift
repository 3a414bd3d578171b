@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

extension RillTests.Layout {
    /// A live view's memos of closed blocks inside open containers give what laying them out
    /// afresh gives: a block reused only while it, its marker and the width are unchanged.
    @Suite struct ClosedLayoutMemosTests {
        /// Numbered steps with sub-bullets, a quote with a list, and a nested ordered list.
        static let document = """
            1. **Step one**: open the file and read the header line first
               - check the magic bytes before trusting the length field
               - a sub-bullet long enough to wrap at the narrow widths used here
               - `code` and a [link](https://example.com) in a sub-bullet
            2. Step two
               1. nested ordered item
               2. another one, still short

               Continuation paragraph of step two, after a blank line.
               - [ ] task left open
               - [x] task done
            3. Step three

            > - quoted item one
            >   - quoted sub-item
            > - quoted item two, written word by word

            """

        /// Lays out each prefix's blocks (the last one open) with and without memos, sweeping
        /// the memos between prefixes as a live view does between frames; returns the closed
        /// layouts reused (``compareEveryPrefixReusing(_:widths:)`` gives the hung lines too).
        static func compareEveryPrefix(_ text: String, widths: (Int) -> Int) -> Int {
            compareEveryPrefixReusing(text, widths: widths).closed
        }

        static func compareEveryPrefixReusing(_ text: String, widths: (Int) -> Int) -> (closed: Int, hung: Int) {
            let bytes = Array(text.utf8)
            let memos = LayoutMemos()
            var step = 0
            for end in stride(from: 1, through: bytes.count, by: 3) {
                let prefix = Array(bytes[..<end])
                let blocks = MarkdownStream.parse(prefix)
                let incomplete = prefix.last == 0x0A ? Int.max : (prefix.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0)
                var fresh = LayoutContext(width: widths(step), theme: .dark)
                var memoized = fresh
                memoized.memos = memos
                fresh.memos = nil
                for (index, block) in blocks.enumerated() {
                    let settlement = index == blocks.count - 1
                        ? Settlement.of(block, incompleteFrom: incomplete, source: prefix) : .settled
                    let expected = BlockLayout.layout(block, in: fresh, settlement: settlement)
                    let laidOut = BlockLayout.layout(block, in: memoized, settlement: settlement)
                    #expect(laidOut == expected, "prefix of \(end) bytes, block \(block.id), width \(fresh.width)")
                }
                memos.sweep()
                step += 1
            }
            return (memos.closed.reused, memos.hangs.reused)
        }

        @Test("Every prefix lays out as without memos, and closed children are reused", arguments: [24, 60])
        func everyPrefixEqualsFreshLayout(width: Int) {
            let reused = Self.compareEveryPrefixReusing(Self.document) { _ in width }
            #expect(reused.closed > 100, "closed sub-items inside the open item come from the memos")
            #expect(reused.hung > 100, "lines of the open item that did not change are not hung again")
        }

        @Test("A width that changes between frames is never served an old layout")
        func resizes() {
            let reused = Self.compareEveryPrefix(Self.document) { step in [30, 30, 31, 45][step % 4] }
            #expect(reused > 0)
        }

        @Test("A closed item whose content changed under the same identity is laid out again")
        func changedContentSameIdentity() {
            // A late definition turns `[x]` in the first (closed) item into a link: same offsets,
            // so the same identities, different content.
            let beforeText = Array("- a [x] b\n- second\n- thi".utf8)
            let before = MarkdownStream.parse(beforeText)
            let after = MarkdownStream.parse(Array("- a [x] b\n- second\n- thi\n\n[x]: /u\n".utf8))
            #expect(before[0].children[0].id == after[0].children[0].id)
            #expect(before[0].children[0] != after[0].children[0])
            var context = LayoutContext(width: 40, theme: .dark)
            context.memos = LayoutMemos()
            let open = Settlement.of(before[0], incompleteFrom: 20, source: beforeText)
            _ = BlockLayout.layout(before[0], in: context, settlement: open)
            context.memos?.sweep()
            _ = BlockLayout.layout(before[0], in: context, settlement: open)
            #expect(context.memos?.closed.reused ?? 0 > 0, "the first item was reused while unchanged")
            let laidOut = BlockLayout.layout(after[0], in: context, settlement: .settled)
            #expect(laidOut == BlockLayout.layout(after[0], in: LayoutContext(width: 40, theme: .dark), settlement: .settled))
            #expect(laidOut.lines[0].plainText != BlockLayout.layout(before[0], in: context, settlement: .settled).lines[0].plainText)
        }

        @Test("An item reused only with the same marker: a list's start number moves every marker")
        func markerChanges() {
            let firstText = Array("1. a\n2. b\n3. c".utf8)
            let movedText = Array("5. a\n2. b\n3. c".utf8)
            let first = MarkdownStream.parse(firstText)
            let moved = MarkdownStream.parse(movedText)
            #expect(first[0].children.map(\.id) == moved[0].children.map(\.id))
            var context = LayoutContext(width: 40, theme: .dark)
            context.memos = LayoutMemos()
            _ = BlockLayout.layout(first[0], in: context, settlement: Settlement.of(first[0], incompleteFrom: 10, source: firstText))
            let laidOut = BlockLayout.layout(moved[0], in: context,
                                             settlement: Settlement.of(moved[0], incompleteFrom: 10, source: movedText))
            #expect(laidOut.lines.map(\.plainText) == [" 5. a", " 6. b", " 7. c"])
        }
    }
}
