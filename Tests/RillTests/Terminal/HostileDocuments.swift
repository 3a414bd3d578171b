/// Markdown documents that carry terminal escape sequences in every construct, as a model's
/// output (or text it quotes) might.
enum HostileDocuments {
    /// Clear screen and scrollback, an OSC 52 clipboard write, an OSC 8 hyperlink to a hostile
    /// target, a title change, BEL, a C1 CSI, DEL and backspace.
    static let payload = "\u{1B}[2J\u{1B}[3J\u{1B}]52;c;cHduZWQ=\u{07}\u{1B}]8;;http://evil.example/\u{1B}\\click"
        + "\u{1B}]8;;\u{1B}\\\u{1B}]0;pwned\u{07}\u{07}\u{9B}31m\u{7F}x\u{08}y"

    /// The payload with its ASCII punctuation backslash-escaped, so markdown takes it literally
    /// (its `]` would otherwise end a link's text).
    static let escaped = String(payload.flatMap { character -> String in
        character.isASCII && character.isPunctuation || character.isASCII && character.isSymbol
            ? "\\" + String(character) : String(character)
    })

    /// One construct carrying the payload.
    struct Case: Sendable, CustomStringConvertible {
        let description: String
        let markdown: String
        /// Whether the payload is shown only as a hyperlink target (then it is not visible as
        /// placeholders when hyperlinks are on).
        var onlyInTarget = false
        /// A target the output must link to when hyperlinks are on (proves the link was parsed).
        var linksTo: String?
        /// Whether the payload sits in a one-line label that is cut with `…` to fit a narrow
        /// width (then only its start, the `␛`, is sure to be shown).
        var isCutToWidth = false
    }

    static let cases: [Case] = [
        Case(description: "paragraph", markdown: "Before \(escaped) after.\n"),
        Case(description: "ATX heading", markdown: "# Title \(escaped)\n"),
        Case(description: "setext heading", markdown: "Title \(escaped)\n===\n"),
        Case(description: "emphasis, strong, strikethrough",
             markdown: "*em \(escaped)* **strong \(escaped)** ~~struck \(escaped)~~\n"),
        Case(description: "inline code", markdown: "Run `code \(payload)` now.\n"),
        Case(description: "link text", markdown: "[text \(escaped)](https://ok.example/)\n", linksTo: "https://ok.example/"),
        Case(description: "link destination", markdown: "[text](<https://ok.example/\(escaped)>)\n",
             onlyInTarget: true, linksTo: "https://ok.example/"),
        Case(description: "reference link destination",
             markdown: "[text][ref]\n\n[ref]: <https://ok.example/\(escaped)>\n", onlyInTarget: true, linksTo: "https://ok.example/"),
        Case(description: "image alt text", markdown: "![alt \(escaped)](https://ok.example/i.png)\n"),
        Case(description: "image URL", markdown: "![alt](<https://ok.example/\(escaped).png>)\n"),
        Case(description: "autolink", markdown: "<https://ok.example/\(payload)> and https://ok.example/\(payload)\n"),
        Case(description: "fenced code", markdown: "```\nlet a = \"\(payload)\"\n```\n"),
        Case(description: "code info string", markdown: "```lang\(escaped)\ncode\n```\n", isCutToWidth: true),
        Case(description: "indented code", markdown: "    \(payload)\n"),
        Case(description: "HTML block", markdown: "<div>\n\(payload)\n</div>\n"),
        Case(description: "inline HTML", markdown: "a <span title=\"\(payload)\">x</span> b\n"),
        Case(description: "table header and cells",
             markdown: "| head \(escaped) | h2 |\n|---|:-:|\n| cell \(escaped) | d |\n| e | \(escaped) |\n"),
        Case(description: "bullet and ordered list items", markdown: "- item \(escaped)\n- two\n\n9. nine \(escaped)\n"),
        Case(description: "task items", markdown: "- [ ] open \(escaped)\n- [x] done \(escaped)\n"),
        Case(description: "block quote", markdown: "> quoted \(escaped)\n>\n> > nested \(escaped)\n"),
        Case(description: "everything nested",
             markdown: "> - [ ] task \(escaped)\n>   ```\(escaped)\n>   \(payload)\n>   ```\n>   | a \(escaped) |\n>   |---|\n>   | \(escaped) |\n"),
    ]
}
