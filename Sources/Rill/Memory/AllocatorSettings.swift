import CMalloc

/// The C allocator's settings for a process that streams a long text through the engine.
public enum AllocatorSettings {
    /// The size from which a block gets a mapping of its own (glibc's starting value).
    public static let largeBlock = 128 * 1024

    /// Serves every block of ``largeBlock`` bytes or more from a mapping of its own, given back
    /// to the system when it is freed, for the rest of the process.
    ///
    /// glibc starts so, but raises the size to that of every such block freed (up to 32 MB):
    /// once the first parses of a long open line have freed their buffers, the later ones
    /// (cmark's copy of the line, its text node, the line's wrapped rows, megabytes each) come
    /// from the heap, which keeps the pages they leave, and the peak resident size of a 10 MB
    /// line streamed in 4 KB pieces grows by half again. A fixed size keeps glibc from raising
    /// it; an answer's blocks are far smaller, so nothing else changes.
    public static func returnLargeBlocks() {
        _ = mallopt(M_MMAP_THRESHOLD, Int32(largeBlock))
    }
}
