extension MarkdownStream {
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
    public mutating func releaseFinalBlocks(before index: Int, keepingResolvable: Bool = false) {
        truth.releaseFinalBlocks(before: index, keepingResolvable: keepingResolvable)
        revision = StreamRevision.next()
    }

    /// Final block `index` whole: as kept, or parsed again from the text if it was released.
    ///
    /// - Complexity: O(1) for a kept block; for a released one, a parse of its text (plus the
    ///   link reference definitions seen so far).
    public func finalBlock(at index: Int) -> Block {
        truth.finalBlock(at: index, source: source)
    }

    /// Final blocks and their descendants whose content is still held (not released), for
    /// tests and statistics.
    ///
    /// - Complexity: O(n) in the final blocks and the descendants of the retained ones.
    public var retainedFinalNodeCount: Int { truth.retainedFinalNodeCount }
}
