import CCmarkGFM
import Synchronization

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

    /// Serializes parsing. cmark-gfm's inline parser reads a process-wide table of special
    /// characters, which every parse with extensions switches on for its extensions' characters
    /// (`~`, `:`, `w`) when its inline pass starts and off again when it ends
    /// (`cmark_manage_extensions_special_characters`). Two parses at once on different threads
    /// race on it: one switches the characters off under the other, which then misses
    /// strikethrough and autolinks. The lock covers the parser's lifetime only; the finished tree
    /// is independent of it and is converted outside the lock.
    private static let parserLock = Mutex(())

    /// Parses `text` into a document tree the caller must free.
    private static func parse(_ text: UnsafeRawBufferPointer) -> OpaquePointer {
        let syntaxExtensions = syntaxExtensions
        var document: OpaquePointer?
        parserLock.withLock { _ in
            guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else {
                fatalError("cmark_parser_new failed: out of memory")
            }
            defer { cmark_parser_free(parser) }
            for syntax in syntaxExtensions {
                cmark_parser_attach_syntax_extension(parser, syntax)
            }
            if let base = text.baseAddress, text.count > 0 {
                cmark_parser_feed(parser, base.assumingMemoryBound(to: CChar.self), text.count)
            }
            document = cmark_parser_finish(parser)
        }
        guard let document else { fatalError("cmark_parser_finish failed: out of memory") }
        return document
    }
}
