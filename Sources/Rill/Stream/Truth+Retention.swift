extension Truth {
    /// See ``MarkdownStream/releaseFinalBlocks(before:keepingResolvable:)``.
    /// Lets go of the content of the final blocks before `index`, for a consumer that has shown
    /// them and never looks back (a writer to a pipe, a live view that scrolled them off), so
    /// that a long stream's memory does not grow with the blocks it has already handed on.
    ///
    /// Each released block stays in ``finalBlocks`` as an empty paragraph with its identity,
    /// range and spacing, so indices do not move; ``finalBlock(at:)`` parses it again from the
    /// text when it is needed whole. Everything else, the open blocks and identities included,
    /// is exactly as without releasing. The library default is to release nothing.
    ///
    /// - Parameter keepingResolvable: keep the blocks whose links a link reference definition
    ///   arriving later could still resolve (their text holds a `]`), so that they are still
    ///   re-resolved and reported as changed, as without releasing. When false, every block is
    ///   released, and a later definition no longer changes released blocks.
    /// - Complexity: O(k) in the number of blocks released by this call.
    mutating func releaseFinalBlocks(before index: Int, keepingResolvable: Bool = false) {
        let end = min(index, finalBlocks.count)
        guard end > releasedFinalCount else { return }
        for position in releasedFinalCount..<end where !(keepingResolvable && finalRecords[position].mayReference) {
            finalBlocks[position] = Block(released: finalBlocks[position])
            finalRecords[position].isReleased = true
            finalRecords[position].mayReference = false
        }
        if !keepingResolvable {
            // Released blocks are never re-resolved: forget them as candidates.
            let kept = referencing.partitioningIndex { $0 >= end }
            referencing.removeFirst(kept)
        }
        releasedFinalCount = end
    }

    /// Final block `index` whole: as kept, or parsed again from the text if it was released.
    ///
    /// - Complexity: O(1) for a kept block; for a released one, a parse of its text (plus the
    ///   link reference definitions seen so far).
    func finalBlock(at index: Int, source: [UInt8]) -> Block {
        guard finalRecords[index].isReleased else { return finalBlocks[index] }
        return reparsedFinal(at: index, source: source).0 ?? finalBlocks[index]
    }

    /// Final blocks and their descendants whose content is still held (not released), for
    /// tests and statistics.
    ///
    /// - Complexity: O(n) in the final blocks and the descendants of the retained ones.
    var retainedFinalNodeCount: Int {
        var count = 0
        for index in finalBlocks.indices where !finalRecords[index].isReleased {
            finalBlocks[index].forEachDescendant { _, _ in count += 1 }
        }
        return count
    }
}

extension Block {
    /// What stays of a released final block: its identity and range in an empty paragraph.
    init(released block: Block) {
        self.init(kind: .paragraph([]), range: block.range, hasOwnPosition: block.hasOwnPosition)
        id = block.id
        followsBlankLine = block.followsBlankLine
    }
}
