@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

/// Block names: `e<offset>` for a block keyed by where it starts, `e<anchor>+n` for blocks that
/// share an earlier block's offset or have none.
@Suite struct IdentityAssignerTests {
    static func ids(_ text: String) -> [String] {
        BlockTree.allIDs(Oracle.parse(Array(text.utf8))).map(\.description)
    }

    /// An unnamed block as the parser makes it.
    static func block(_ offset: Int, positioned: Bool = true, _ children: [Block] = []) -> Block {
        Block(kind: .paragraph([.text("x")]), range: offset..<(offset + 1), hasOwnPosition: positioned, children: children)
    }
}

extension IdentityAssignerTests {
    @Test("A list and its first item share an offset: e0 and e0+1")
    func listAndFirstItem() {
        #expect(Self.ids("- a\n- b\n") == ["e0", "e0+1", "e2", "e4", "e6"])
        #expect(Self.ids("1. a\n   - b\n") == ["e0", "e0+1", "e3", "e8", "e8+1", "e10"])
        #expect(Self.ids("> - > a") == ["e0", "e2", "e2+1", "e4", "e6"])
    }

    @Test("A table, its header row and header cells share the table's offset: e0, e0+1, e0+2, …")
    func tableCounters() {
        #expect(Self.ids("| a | b |\n|---|---|\n| 1 | 2 |\n") == ["e0", "e0+1", "e0+2", "e0+3", "e20", "e21", "e25"])
        // After a paragraph that cmark split off the table, the table is keyed at its own line.
        #expect(Self.ids("p\n| a |\n|---|\n") == ["e0", "e2", "e2+1", "e2+2"])
    }

    @Test("Keys strictly increase; a block at or before the last key is counted after it")
    func countersAfterKeys() {
        var assigner = IdentityAssigner()
        var blocks = [Self.block(5), Self.block(5), Self.block(3, positioned: false), Self.block(9, [Self.block(9)]), Self.block(12)]
        assigner.assign(&blocks)
        #expect(BlockTree.allIDs(blocks).map(\.description) == ["e5", "e5+1", "e5+2", "e9", "e9+1", "e12"])
    }

    @Test("The very first block is keyed even without a position of its own")
    func firstBlockIsKeyed() {
        var assigner = IdentityAssigner()
        var blocks = [Self.block(0, positioned: false), Self.block(0, positioned: false)]
        assigner.assign(&blocks)
        #expect(blocks.map(\.id.description) == ["e0", "e0+1"])
    }

    @Test("Naming in two steps from the saved state equals naming in one go")
    func resumesFromSavedState() {
        let all = [Self.block(0), Self.block(0, [Self.block(0), Self.block(4)]), Self.block(4, positioned: false), Self.block(7)]
        for split in 0...all.count {
            var once = all
            var oneGo = IdentityAssigner()
            oneGo.assign(&once)
            var first = Array(all[..<split])
            var second = Array(all[split...])
            var resumed = IdentityAssigner()
            resumed.assign(&first)
            resumed.assign(&second)
            #expect(first + second == once, "split at \(split)")
            #expect(resumed == oneGo)
        }
    }

    @Test("Text appended at the end never renames a block before it", arguments: Corpus.documentNames)
    func appendingNeverRenames(_ name: String) {
        let bytes = Oracle.normalized(Corpus.bytes(name))
        let full = Oracle.parse(bytes)
        var names: [Int: BlockID] = [:]   // start offset of a top-level block → its ID
        for block in full { names[block.range.lowerBound] = block.id }
        // Cut after every 5th line: every top-level block of the prefix but the last (which may
        // still grow into something else) keeps the name it has in the whole document.
        var cuts: [Int] = []
        var lines = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            lines += 1
            if lines % 5 == 0 { cuts.append(index + 1) }
        }
        for cut in cuts {
            let prefix = Oracle.parse(bytes[..<cut])
            for block in prefix.dropLast() {
                #expect(names[block.range.lowerBound] == block.id, "\(name): \(block.id) at \(block.range) renamed after \(cut) bytes")
            }
        }
    }

    @Test("No two blocks of a Corpus document share an ID", arguments: Corpus.documentNames)
    func uniqueInCorpus(_ name: String) {
        let blocks = Oracle.parse(Corpus.bytes(name))
        #expect(BlockTree.duplicateIDs(blocks).isEmpty)
        #expect(BlockTree.allIDs(blocks).count > 0)
    }
}
