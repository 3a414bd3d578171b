import CSourceHighlight

/// A language Source-highlight has a definition for, found from a code block's info string.
///
/// The first word of the info string is lowercased and looked up among the common names models
/// write (``aliases``: `py`, `ts`, `c++`, `golang`, `jsonc`, `patch`…), then in Source-highlight's
/// own `lang.map` (which knows `python`, `cpp`, `sh`, `sql`, `rs`… and many file extensions). A
/// language is loaded (its regular expressions compiled: 0.2–8 ms) the first time a block asks
/// for it and kept for the life of the process; a name that finds nothing is remembered too.
/// Every name for one definition (`py`, `python`) gives the same object.
final class CodeLanguage: @unchecked Sendable {
    /// The name looked up in `lang.map`.
    let name: String
    /// The loaded definition; the C side never frees it, and uses it under its own lock.
    let pointer: OpaquePointer
    /// The state a block's first line starts in.
    let initial: HighlightState

    private init?(name: String, pointer: OpaquePointer) {
        guard let initial = rill_highlight_initial_state(pointer) else { return nil }
        self.name = name
        self.pointer = pointer
        self.initial = HighlightState(initial)
    }

    /// The `.lang` file the definition came from (`python.lang`).
    var file: String { String(cString: rill_highlight_language_file(pointer)) }

    /// The languages loaded, by the word and by the info string asked for (nil for those that
    /// name none), and by definition.
    private struct Known {
        var byWord: [String: CodeLanguage?] = [:]
        var byInfo: [String: CodeLanguage?] = [:]
        var byDefinition: [OpaquePointer: CodeLanguage] = [:]

        mutating func named(_ word: String) -> CodeLanguage? {
            if let found = byWord[word] { return found }
            var language: CodeLanguage?
            if let name = CodeLanguage.canonicalName(word), let pointer = rill_highlight_language(name) {
                language = byDefinition[pointer] ?? CodeLanguage(name: name, pointer: pointer)
                byDefinition[pointer] = language
            }
            // Words and info strings come from the input: what is remembered of them stays small.
            if byWord.count >= 512 { byWord.removeAll() }
            byWord[word] = language
            return language
        }
    }

    private static let known = LockedValue(Known())

    /// The language an info string's first word names, or nil.
    ///
    /// - Complexity: a dictionary look-up under a lock once the word was seen.
    static func named(_ word: String) -> CodeLanguage? {
        known.withLock { $0.named(word) }
    }

    /// The language of a code block: its info string's first word's (``CodeBlock/language``).
    ///
    /// - Complexity: a dictionary look-up under a lock once the info string was seen (a live
    ///   view asks at every frame for each code line it lays out).
    static func of(_ code: CodeBlock) -> CodeLanguage? {
        known.withLock { known in
            if let found = known.byInfo[code.info] { return found }
            let language = code.language.flatMap { known.named($0) }
            if known.byInfo.count >= 512 { known.byInfo.removeAll() }
            known.byInfo[code.info] = language
            return language
        }
    }

    /// The `lang.map` name for `word`: lowercased, through ``aliases``; nil for a word that
    /// cannot be a language name (too long, or characters no name has).
    static func canonicalName(_ word: String) -> String? {
        guard !word.isEmpty, word.utf8.count <= 32,
              word.utf8.allSatisfy({ isNameByte($0) }) else { return nil }
        let lowercased = word.lowercased()
        if let alias = aliases[lowercased] { return alias }
        // Plain-text names, which `lang.map` maps to its no-highlighting definition.
        if ["text", "txt", "plain", "plaintext"].contains(lowercased) { return nil }
        return lowercased
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "#"),
             UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."): true
        default: false
        }
    }

    /// Names models write that `lang.map` does not know, or maps elsewhere, with the name of
    /// the definition that fits them. TypeScript is highlighted as JavaScript (Source-highlight
    /// has no TypeScript definition; its keywords and strings are JavaScript's).
    static let aliases: [String: String] = [
        "python3": "python", "py3": "python", "pyi": "python",
        "node": "javascript", "jsx": "javascript", "mjs": "javascript", "cjs": "javascript",
        "ts": "javascript", "tsx": "javascript", "typescript": "javascript", "mts": "javascript", "cts": "javascript",
        "c++": "cpp", "hpp": "cpp",
        "c#": "csharp",
        "rust": "rs",
        "golang": "go",
        "jsonc": "json", "json5": "json",
        "htm": "html",
        "svg": "xml", "xsd": "xml", "xsl": "xml", "plist": "xml",
        "udiff": "diff",
        "make": "makefile", "mk": "makefile", "gnumakefile": "makefile",
        "postgres": "sql", "postgresql": "sql", "psql": "sql", "plpgsql": "sql", "mysql": "sql",
        "sqlite": "sql", "sqlite3": "sql", "tsql": "sql", "plsql": "sql",
        "gradle": "groovy",
        "elisp": "lisp", "emacs-lisp": "lisp", "commonlisp": "lisp",
        "ocaml": "caml",
    ]
}
