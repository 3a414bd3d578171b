@testable import Rill
import Testing

extension RillTests {
    /// Tests of `Sources/Rill/Highlight/`.
    @Suite struct Highlight {}
}

extension RillTests.Highlight {
    /// Which info strings name a language, and which definition each loads.
    @Suite struct CodeLanguageTests {}
}

extension RillTests.Highlight.CodeLanguageTests {
    @Test("Names and the usual aliases load the definition they mean", arguments: [
        ("python", "python.lang"), ("py", "python.lang"), ("Python3", "python.lang"),
        ("js", "javascript.lang"), ("javascript", "javascript.lang"), ("ts", "javascript.lang"),
        ("typescript", "javascript.lang"), ("tsx", "javascript.lang"),
        ("sh", "sh.lang"), ("bash", "sh.lang"), ("shell", "sh.lang"), ("zsh", "zsh.lang"),
        ("c", "c.lang"), ("cpp", "cpp.lang"), ("c++", "cpp.lang"), ("C#", "csharp.lang"), ("cs", "csharp.lang"),
        ("rs", "rust.lang"), ("rust", "rust.lang"), ("go", "go.lang"), ("golang", "go.lang"),
        ("json", "json.lang"), ("jsonc", "json.lang"), ("html", "html.lang"), ("xml", "xml.lang"),
        ("css", "css.lang"), ("diff", "diff.lang"), ("patch", "diff.lang"), ("sql", "sql.lang"),
        ("postgresql", "sql.lang"), ("makefile", "makefile.lang"), ("make", "makefile.lang"),
        ("haskell", "haskell.lang"), ("scala", "scala.lang"), ("lua", "lua.lang"), ("perl", "perl.lang"),
        ("r", "r.lang"), ("ruby", "ruby.lang"), ("php", "php.lang"), ("java", "java.lang"),
    ])
    func known(name: String, file: String) throws {
        let language = try #require(CodeLanguage.named(name), "\(name) names no language")
        #expect(language.file == file)
    }

    @Test("Unknown names, plain text and names no language has stay unhighlighted", arguments: [
        "swift", "yaml", "kotlin", "text", "txt", "plaintext", "console", "", "py thon", "python\u{1B}[31m",
        String(repeating: "p", count: 40), "../../etc/passwd", "nohilite",
    ])
    func unknown(name: String) {
        #expect(CodeLanguage.named(name) == nil)
    }

    @Test("A language is loaded once and shared by every name for it")
    func loadedOnce() throws {
        let short = try #require(CodeLanguage.named("py"))
        let long = try #require(CodeLanguage.named("python"))
        #expect(short.pointer == long.pointer)
        #expect(CodeLanguage.named("py") === short)
    }
}
