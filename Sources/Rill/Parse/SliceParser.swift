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
        if prefix.isEmpty {
            return slice.withUnsafeBytes { parse(buffer: $0, prefixLength: 0, base: base) }
        }
        var buffer = prefix
        buffer.append(contentsOf: slice)
        return buffer.withUnsafeBytes { parse(buffer: $0, prefixLength: prefix.count, base: base) }
    }

    private static func parse(buffer: UnsafeRawBufferPointer, prefixLength: Int, base: Int) -> ParsedSlice {
        CmarkGFM.withDocument(buffer) { document in
            let mapper = SourceMapper(bytes: buffer, prefixLength: prefixLength, base: base)
            return NodeConverter(mapper: mapper).convert(document: document)
        }
    }
}
