/// Parses a slice of the stream, optionally preceded by carried link-definition text,
/// into top-level blocks positioned in stream offsets.
enum SliceParser {
    /// Parses `prefix + slice`, where `slice` starts at stream offset `base`.
    ///
    /// Blocks that start inside `prefix` are dropped; `prefix` must end with a blank line after a
    /// paragraph line, so that no container of it stays open into the slice.
    ///
    /// - Complexity: O(n) in `prefix.count + slice.count` (cmark-gfm is linear).
    static func parse(prefix: [UInt8], slice: ArraySlice<UInt8>, base: Int) -> ParsedSlice {
        parse(prefix: prefix, context: [], slice: slice, base: base)
    }

    /// Parses `prefix + context + slice`: blocks starting in `prefix` are dropped, blocks starting
    /// in `context` are kept and marked ``ParsedSlice/Entry/inContext`` (their positions are not
    /// stream positions; only their descendants inside the slice are placed).
    ///
    /// The prefix is left out when neither `context` nor `slice` holds a `]`: without one there is
    /// no reference for a carried definition to resolve, and a document with many definitions
    /// would otherwise pay for all of them at every parse.
    ///
    /// `outerContainerDepth` is how many containers of the whole document the parsed text sits in
    /// besides those `context` opens (see ``NodeConverter/outerContainerDepth``): nesting past
    /// ``ParseLimits/maxContainerDepth`` then flattens where it does in the whole document.
    static func parse(prefix: [UInt8], context: ArraySlice<UInt8>, slice: ArraySlice<UInt8>, base: Int,
                      outerContainerDepth: Int = 0) -> ParsedSlice {
        let prefix = !prefix.isEmpty && (slice.contains(0x5D) || context.contains(0x5D)) ? prefix : []
        if prefix.isEmpty, context.isEmpty {
            return slice.withUnsafeBytes {
                parse(buffer: $0, prefixLength: 0, dropped: 0, base: base, outerContainerDepth: outerContainerDepth)
            }
        }
        var buffer = prefix
        buffer.append(contentsOf: context)
        buffer.append(contentsOf: slice)
        return buffer.withUnsafeBytes {
            parse(buffer: $0, prefixLength: prefix.count + context.count, dropped: prefix.count, base: base,
                  outerContainerDepth: outerContainerDepth)
        }
    }

    /// The buffer's big tables are parsed in pieces (``TablePieces``), the rest whole; a buffer
    /// inside containers of the whole document (a parse resumed deep in a list) is parsed whole.
    private static func parse(buffer: UnsafeRawBufferPointer, prefixLength: Int, dropped: Int, base: Int,
                              outerContainerDepth: Int) -> ParsedSlice {
        guard outerContainerDepth == 0 else {
            return parseWhole(buffer: buffer, prefixLength: prefixLength, dropped: dropped, base: base,
                              outerContainerDepth: outerContainerDepth)
        }
        return TablePieces.parse(buffer, prefixLength: prefixLength, dropped: dropped, base: base)
            ?? parseWhole(buffer: buffer, prefixLength: prefixLength, dropped: dropped, base: base)
    }

    /// Parses the buffer in one cmark parse. cmark reads it as ``TableGuard`` and ``AngleRuns``
    /// rewrite it; positions and blank lines are read from the buffer itself (the rewrites keep
    /// every offset).
    static func parseWhole(buffer: UnsafeRawBufferPointer, prefixLength: Int, dropped: Int, base: Int,
                           outerContainerDepth: Int = 0) -> ParsedSlice {
        let mapper = SourceMapper(bytes: buffer, prefixLength: prefixLength, base: base, droppedLength: dropped)
        var markedPipes = 0
        var guarded = TableGuard.guarded(buffer, markedPipes: &markedPipes)
        if AngleRuns.hasInnerBrackets(buffer.bindMemory(to: UInt8.self)) {
            var marked = guarded ?? Array(buffer)
            AngleRuns.markInnerBrackets(&marked)
            guarded = marked
        }
        guard let guarded else {
            return CmarkGFM.withDocument(buffer) {
                NodeConverter(mapper: mapper, outerContainerDepth: outerContainerDepth).convert(document: $0)
            }
        }
        var parsed = guarded.withUnsafeBytes { rewritten in
            CmarkGFM.withDocument(rewritten) {
                NodeConverter(mapper: mapper, restoresGuardMarks: true, outerContainerDepth: outerContainerDepth)
                    .convert(document: $0)
            }
        }
        parsed.nodes += markedPipes / pipesPerNode
        return parsed
    }

    /// How many pipes past ``TableGuard``'s cap weigh as a node (``ParsedSlice/nodes``, which
    /// the parse schedule weighs): they make no node, yet cmark-gfm's table extension reads
    /// them in each of its reads of the row (whether the line goes on the table, then its
    /// cells), and the row then drops them (it keeps as many cells as its header has). Weighed
    /// so, a line of them weighs 9 a byte, as dense prose does (2 to 12), not 1: being written
    /// a byte at a time it reaches the schedule's budget after a few hundred parses, not a
    /// thousand, which all show the same row.
    static let pipesPerNode = 8
}
