@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

/// What a frame reports: inserted, changed, removed, finalized — and nothing that did not change.
@Suite struct DocumentUpdateTests {
    /// A stream holding `text`; it reports the parse itself, nothing held back for display.
    static func stream(_ text: String) -> MarkdownStream {
        var stream = MarkdownStream()
        stream.stabilizesTail = false
        stream.append(Array(text.utf8))
        return stream
    }
}

extension DocumentUpdateTests {
    @Test("The first frame inserts every block")
    func firstFrameInserts() {
        var stream = Self.stream("a\n\nb")
        let update = stream.update()
        #expect(update.frame == 1)
        #expect(update.inserted.map(\.id.description) == ["e0", "e3"])
        #expect(update.changed.isEmpty && update.removed.isEmpty)
        #expect(update.finalized.map(\.description) == ["e0"], "`b` is on an incomplete line, but a blank line closed `a`")
    }

    @Test("A block that did not change is not re-sent; the one that grew is sent as the text it gained")
    func unchangedNotResent() {
        var stream = Self.stream("a\n\nb")
        var blocks = stream.update().inserted
        stream.append(Array("c".utf8))
        let update = stream.update()
        #expect(update.appended == [BlockAppend(id: BlockID(anchor: 3), depth: 0, ends: [5], inlinePath: [0], addition: .text("c"))])
        #expect(update.inserted.isEmpty && update.changed.isEmpty && update.removed.isEmpty && update.finalized.isEmpty)
        update.apply(to: &blocks)
        #expect(blocks == stream.blocks && blocks.map(\.range) == [0..<1, 3..<5])
    }

    @Test("A block whose kind changed is sent whole; one given a new inline, as the inlines added")
    func structuralChangeSentWhole() {
        var stream = Self.stream("a\n\nb *x")
        var blocks = stream.update().inserted
        stream.append(Array("y* z\n===\n".utf8))
        let update = stream.update()
        #expect(update.changed.map(\.id.description) == ["e3"] && update.appended.isEmpty)
        update.apply(to: &blocks)
        #expect(blocks == stream.blocks)
        stream.append(Array("\nw".utf8))
        #expect(stream.update().inserted.map(\.id.description) == ["e17"])
        stream.append(Array("ord\nnext\n".utf8))
        let grown = stream.update()
        let additions = grown.appended.map(\.addition)
        #expect(additions.contains { if case .inlines(keep: 1, _) = $0 { true } else { false } }, "\(additions)")
    }

    @Test("A frame with no new text reports nothing, but is still numbered")
    func emptyFrame() {
        var stream = Self.stream("# Title\n\nText")
        _ = stream.update()
        let update = stream.update()
        #expect(update.isEmpty)
        #expect(update.frame == 2)
    }

    @Test("A block that merges into the one before is reported removed; the one it joined, changed")
    func removedIDs() {
        var stream = Self.stream("1.\n\n2")
        let first = stream.update()
        #expect(first.inserted.map(\.kind.name) == ["list", "paragraph"])
        stream.append(Array(".".utf8))
        let second = stream.update()
        #expect(second.removed.map(\.description) == ["e4"])
        #expect(second.changed.map(\.id.description) == ["e0"])
        #expect(second.changed.first?.children.count == 2)
    }

    @Test("A paragraph that an underline turns into a heading keeps its ID and is reported changed")
    func setextChangesKind() {
        var stream = Self.stream("Title\n")
        _ = stream.update()
        stream.append(Array("===\n".utf8))
        let update = stream.update()
        #expect(update.changed.map(\.id.description) == ["e0"])
        #expect(update.changed.first?.kind == .heading(level: 1, [.text("Title")]))
        #expect(update.inserted.isEmpty && update.removed.isEmpty)
    }

    @Test("finish() makes every open block final and says it is done")
    func finishFinalizesEverything() {
        var stream = Self.stream("a\n\n- b\n- c")
        _ = stream.update()
        #expect(stream.openBlocks.map(\.id.description) == ["e3"])
        let update = stream.finish()
        #expect(update.isDone && !update.isEmpty)
        #expect(update.finalized.map(\.description) == ["e3"])
        #expect(stream.openBlocks.isEmpty)
        #expect(stream.finalBlocks.map(\.id.description) == ["e0", "e3"])
        #expect(stream.isFinished)
    }

    @Test("upserted merges inserted and changed blocks in document order")
    func upsertedOrder() {
        var update = DocumentUpdate(frame: 1)
        update.inserted = [Block(id: BlockID(anchor: 9), kind: .thematicBreak, range: 9..<12)]
        update.changed = [Block(id: BlockID(anchor: 2, ordinal: 1), kind: .thematicBreak, range: 2..<5),
                          Block(id: BlockID(anchor: 2), kind: .thematicBreak, range: 2..<5)]
        #expect(update.upserted.map(\.id.description) == ["e2", "e2+1", "e9"])
        #expect(!update.isEmpty)
        #expect(DocumentUpdate(frame: 3).isEmpty)
    }

    @Test("Blocks compare equal on what they show: ID, kind and children, not the range")
    func equalityIgnoresRange() {
        let a = Block(id: BlockID(anchor: 0), kind: .paragraph([.text("x")]), range: 0..<1)
        let moved = Block(id: BlockID(anchor: 0), kind: .paragraph([.text("x")]), range: 0..<3)
        #expect(a == moved)
        #expect(a != Block(id: BlockID(anchor: 0), kind: .paragraph([.text("y")]), range: 0..<1))
        #expect(a != Block(id: BlockID(anchor: 0, ordinal: 1), kind: .paragraph([.text("x")]), range: 0..<1))
        #expect(BlockID(anchor: 812, ordinal: 2).description == "e812+2" && BlockID(anchor: 5).description == "e5")
    }

    @Test("A block that becomes final as the last frame showed it is not re-sent when a late definition re-resolves it")
    func reresolvedBlockShownAlikeIsNotResent() {
        // Found by the nested-list generator (seed 279): at the end, a definition re-resolves the
        // list that becomes final, already shown resolved by the frame before; it was reported
        // changed a second time, identical.
        let text = "*then*\n   1. check check `config` *then*\n   -     run [d] check\n     1. the -\n       ```\n"
            + "       code 0\n       ```\n     1. and `config` [d] - run\n       continued [d]\n     3. `config` run [d] x\n"
            + "     1. `config` *then* [d]\n       [d]: /url\n \t1. x 日本 | |\n\t1. run check and run -\n1. the file [d]\n\n[d]:e\n"
        let bytes = Array(text.utf8)
        let check = StreamCheck.run(bytes, pieces: Chunkings.seeded(bytes, seed: 279).pieces)
        #expect(check.violations.isEmpty, "\(check.report)")
    }
}
