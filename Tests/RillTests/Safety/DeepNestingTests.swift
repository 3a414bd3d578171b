import Rill
import RillTestSupport
import Testing

/// Nesting far past any sane depth: the tree stays at most ``ParseLimits/maxContainerDepth``
/// containers deep (so equality, hashing, release and layout stay shallow), what was nested
/// deeper is marked, and layout shows the flattening with a `»`.
@Suite struct DeepNestingTests {
    static func depth(_ blocks: [Block]) -> Int {
        var deepest = 0
        for block in blocks { block.forEachDescendant { _, depth in deepest = max(deepest, depth + 1) } }
        return deepest
    }

    static func plainLines(_ blocks: [Block], width: Int = 80) -> [String] {
        DocumentLayout.lines(for: blocks, in: LayoutContext(width: width, theme: .plain, isPlain: true)).map(\.plainText)
    }
}

extension DeepNestingTests {
    @Test("100,000 nested block quotes: a bounded tree, the text marked as flattened and drawn behind »")
    func hundredThousandQuotes() {
        let blocks = Oracle.parse(Array((String(repeating: ">", count: 100_000) + " deep\n").utf8))
        #expect(Self.depth(blocks) <= ParseLimits.maxContainerDepth + 1)
        let flattened = BlockTree.allBlocks(blocks).filter(\.isFlattenedNesting)
        #expect(flattened.map(\.kind.name) == ["paragraph"])
        let lines = Self.plainLines(blocks)
        #expect(lines.count == 1)
        #expect(lines.first?.hasSuffix("» deep") == true)
        #expect(blocks == Oracle.parse(Array((String(repeating: ">", count: 100_000) + " deep\n").utf8)))
    }

    @Test("100,000 nested list levels, on one line and one per line, stay bounded")
    func hundredThousandListLevels() {
        let oneLine = Oracle.parse(Array((String(repeating: "- ", count: 100_000) + "a\n").utf8))
        #expect(Self.depth(oneLine) <= ParseLimits.maxContainerDepth + 1)
        #expect(Self.plainLines(oneLine).last?.hasSuffix("» a") == true)

        let levels = 400
        let text = (0..<levels).map { String(repeating: "  ", count: $0) + "- a\n" }.joined()
        let perLine = Oracle.parse(Array(text.utf8))
        #expect(Self.depth(perLine) <= ParseLimits.maxContainerDepth + 1)
        let flattened = BlockTree.allBlocks(perLine).filter(\.isFlattenedNesting)
        #expect(flattened.count == levels - ParseLimits.maxContainerDepth / 2)
        let lines = Self.plainLines(perLine)
        #expect(lines.count == levels)
        #expect(lines.filter { $0.contains("» a") }.count == flattened.count)
    }

    @Test("Nesting just past the cap streams to the one-shot result, marks included")
    func flattenedNestingStreams() {
        let depth = ParseLimits.maxContainerDepth + 4
        var text = ""
        for level in 0..<depth { text += String(repeating: ">", count: level + 1) + " q\(level)\n" }
        text += "\n" + (0..<40).map { String(repeating: "  ", count: $0) + "- i\($0)\n" }.joined()
        text += "\n" + String(repeating: "> ", count: depth) + "- a\n" + String(repeating: "> ", count: depth) + "  b\n"
        let bytes = Array(text.utf8)
        for size in [5, 64] {
            let check = StreamCheck.run(bytes, pieces: Chunkings.fixed(bytes.count, size: size))
            #expect(check.violations.isEmpty, "\(check.report)")
        }
        #expect(BlockTree.allBlocks(Oracle.parse(bytes)).contains { $0.isFlattenedNesting })
    }

    @Test("The marker is the same in plain and coloured output, and no line exceeds a narrow width")
    func markerInEveryOutput() {
        let blocks = Oracle.parse(Array((String(repeating: "> ", count: 40) + "some words to wrap here\n").utf8))
        let plain = Self.plainLines(blocks, width: 20)
        let colored = DocumentLayout.lines(for: blocks, in: LayoutContext(width: 20)).map(\.plainText)
        #expect(plain == colored)
        #expect(plain.contains { $0.contains("»") })
        for width in [1, 5, 13, 20, 80] {
            for line in DocumentLayout.lines(for: blocks, in: LayoutContext(width: width)) {
                #expect(line.width <= width)
            }
        }
    }

    @Test("Inline nesting far past the cap is flattened: brackets, emphasis, links")
    func deepInlines() {
        let shapes = [
            String(repeating: "*a ", count: 50_000) + "b" + String(repeating: "*", count: 50_000),
            String(repeating: "[", count: 50_000) + "x" + String(repeating: "](u)", count: 50_000),
            String(repeating: "~~a ", count: 20_000) + String(repeating: "~~", count: 20_000),
        ]
        for shape in shapes {
            let blocks = Oracle.parse(Array((shape + "\n").utf8))
            var deepest = 0
            var stack = blocks.compactMap(\.kind.inlines).map { ($0, 1) }
            while let (inlines, depth) = stack.popLast() {
                deepest = max(deepest, depth)
                for inline in inlines where !inline.children.isEmpty { stack.append((inline.children, depth + 1)) }
            }
            #expect(deepest <= ParseLimits.maxInlineDepth + 1)
            #expect(!Self.plainLines(blocks).isEmpty)
        }
    }
}
