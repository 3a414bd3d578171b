import CCmarkGFM

/// The one place that talks to cmark-gfm: parses bytes into a C tree, hands it to a converter,
/// and frees it. No `cmark_node` pointer leaves this file and the converter it calls.
enum CmarkGFM {
    /// GFM extensions Rill enables. Footnotes stay off: they move content to the document's end.
    static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]

    /// Node type values of the GFM extensions, read once after registration
    /// (they are runtime variables, 0 until the extensions are registered).
    struct ExtensionTypes: Sendable {
        let table: cmark_node_type
        let tableRow: cmark_node_type
        let tableCell: cmark_node_type
        let strikethrough: cmark_node_type
    }

    /// Registers the core extensions exactly once (a Swift `static let` is initialised atomically).
    static let types: ExtensionTypes = {
        cmark_gfm_core_extensions_ensure_registered()
        return ExtensionTypes(
            table: rill_node_type_table(),
            tableRow: rill_node_type_table_row(),
            tableCell: rill_node_type_table_cell(),
            strikethrough: rill_node_type_strikethrough()
        )
    }()

    /// Parses `text` and passes the document node to `body`; the tree is freed when `body` returns.
    static func withDocument<R>(_ text: UnsafeRawBufferPointer, _ body: (OpaquePointer) -> R) -> R {
        let document = parse(text)
        defer { cmark_node_free(document) }
        return body(document)
    }

    /// The extensions' syntax objects, looked up once (cmark-gfm's registry lives for the process
    /// and never changes after registration). A per-parse lookup by name cost ~1.5 % of a streamed
    /// answer's instructions: four C strings made and compared against the registry every parse.
    private nonisolated(unsafe) static let syntaxExtensions: [OpaquePointer] = {
        _ = types
        return extensionNames.compactMap { cmark_find_syntax_extension($0) }
    }()

    /// The one parser, with the extensions attached, behind a lock that serializes parsing.
    ///
    /// One at a time: cmark-gfm's inline parser reads a process-wide table of special characters,
    /// which every parse with extensions switches on for its extensions' characters (`~`, `:`,
    /// `w`) when its inline pass starts and off again when it ends
    /// (`cmark_manage_extensions_special_characters`). Two parses at once on different threads
    /// race on it: one switches the characters off under the other, which then misses
    /// strikethrough and autolinks. The lock covers the parse only; the finished tree is
    /// independent of the parser and is converted outside the lock.
    ///
    /// Kept, not made per parse: `cmark_parser_finish` hands the tree over and resets the parser
    /// to an empty document, its options and extensions kept, so the next parse starts clean.
    /// A parser made, given its extensions and freed at every parse cost about 1.5 % of a
    /// streamed answer's instructions, in a frame that parses a few hundred bytes.
    ///
    /// A ``LockedValue``, not a `Mutex`: ThreadSanitizer does not see a `Mutex` handed over
    /// under contention on Linux, and took two first parses at once for a race on the handle.
    private static let parser = LockedValue<ParserHandle?>(nil)

    /// The parser's C handle; only ever used under ``parser``'s lock.
    private struct ParserHandle: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    /// Parses `text` into a document tree the caller must free.
    private static func parse(_ text: UnsafeRawBufferPointer) -> OpaquePointer {
        let document = parser.withLock { handle -> OpaquePointer? in
            let current = handle ?? makeParser()
            handle = current
            if let base = text.baseAddress, text.count > 0 {
                cmark_parser_feed(current.pointer, base.assumingMemoryBound(to: CChar.self), text.count)
            }
            return cmark_parser_finish(current.pointer)
        }
        guard let document else { fatalError("cmark_parser_finish failed: out of memory") }
        return document
    }

    /// A parser with Rill's extensions attached.
    private static func makeParser() -> ParserHandle {
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else {
            fatalError("cmark_parser_new failed: out of memory")
        }
        for syntax in syntaxExtensions {
            cmark_parser_attach_syntax_extension(parser, syntax)
        }
        return ParserHandle(pointer: parser)
    }
}
