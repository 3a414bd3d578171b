/// A small markdown document showing one construct, for a snapshot test.
struct SnapshotDocument: Sendable, CustomStringConvertible {
    /// The snapshot files' name stem.
    let name: String
    let markdown: String

    var description: String { name }
}

/// The documents the snapshot tests render: together they show every construct Rill draws.
enum SnapshotDocuments {
    static let all: [SnapshotDocument] = [
        headings, paragraphInlines, codeFenced, codeLongLines, codeTabs, codeIndented, htmlBlocks,
        thematicBreaks, quotesNested, listsBullets, listsLooseTight, listsOrdered, listsTasks,
        tablesAlignment, tablesCJKEmoji, tablesWide, tablesFallback,
    ]

    static let headings = SnapshotDocument(name: "headings", markdown: """
        # Heading level one

        ## Heading level two

        ### Heading level three

        #### Heading level four

        ##### Heading level five

        ###### Heading level six

        Setext heading level one
        ========================

        Setext heading level two
        ------------------------

        ## A second-level heading with *emphasis*, `code` and enough words to wrap at forty columns

        #### A fourth-level heading that is long enough to wrap onto a second line at forty columns
        Text right under a heading.

        """)

    static let paragraphInlines = SnapshotDocument(name: "paragraph-inlines", markdown: """
        Plain text with *emphasis*, **strong**, ***both***, ~~strikethrough~~ and `inline code`, then
        a soft break that reflows into the same line.

        A [link](https://example.com/docs "Title"), a link whose text is its target
        [https://example.com](https://example.com), an autolink <https://rill.example/path?q=1>, a bare
        URL www.example.org and an email <ada@example.com>.

        An image ![a diagram of the pipeline](images/pipeline.png) and inline HTML <kbd>Ctrl</kbd>+<kbd>C</kbd>
        with a <span class="x">span</span>.

        A line ending in a backslash\\
        then one with two trailing spaces\("  ")
        then the end of the paragraph.

        Nested: **strong with *emphasis* and `code` inside**, a [link with **strong** text](https://e.x/a)
        and a very-long-unbreakable-word-that-is-longer-than-the-forty-column-width-for-sure.

        """)

    static let codeFenced = SnapshotDocument(name: "code-fenced", markdown: """
        ```swift
        let greeting = "Hello, world"
        print(greeting)
        ```

        ```
        no language on this fence

        a blank line above
        ```

        ~~~python title="example.py"
        def main():
            return 42
        ~~~

        ```
        ```

        """)

    static let codeLongLines = SnapshotDocument(name: "code-long-lines", markdown: """
        ```sql
        SELECT customer_id, SUM(total) AS revenue FROM orders WHERE created_at >= NOW() - INTERVAL '30 days' GROUP BY customer_id ORDER BY revenue DESC;
        ```

        ```text
        日本語のとても長い行はここで折り返されるべきですが、単語の区切りはありません。漢字と仮名が続きます。
        ```

        """)

    static let codeTabs = SnapshotDocument(name: "code-tabs", markdown:
        "```go\nfunc main() {\n\tif ok {\n\t\tfmt.Println(\"tab\")\n\t}\n}\nx\ty\tz\n12345\t6\n```\n\n"
        + "\tindented code with a tab\n")

    static let codeIndented = SnapshotDocument(name: "code-indented", markdown: """
        A paragraph before indented code:

            mean = sum(xs) / len(xs)
            var  = sum((x - mean) ** 2 for x in xs)

              deeper indentation is kept

        """)

    static let htmlBlocks = SnapshotDocument(name: "html-blocks", markdown: """
        <div align="center">
          <img src="logo.png" alt="Logo">
        </div>

        <!-- a comment
        spanning two lines -->

        <details>
        <summary>Click to expand</summary>

        Hidden **markdown** inside details.

        </details>

        """)

    static let thematicBreaks = SnapshotDocument(name: "thematic-breaks", markdown: """
        Above the breaks.

        ---

        ***

        ___

        Below the breaks.

        """)

    static let quotesNested = SnapshotDocument(name: "quotes-nested", markdown: """
        > Level one of the quote, with enough text to wrap onto a second line at forty columns.
        >
        > > Level two, nested inside.
        > >
        > > > Level three, nested deepest, also long enough to wrap at the narrow width.
        >
        > Back to level one.

        > A quote holding a list and code:
        >
        > - first item
        > - second item
        >
        > ```sh
        > echo quoted
        > ```

        """)

    static let listsBullets = SnapshotDocument(name: "lists-bullets", markdown: """
        - Depth one, with text long enough to wrap onto a second line at forty columns.
          - Depth two
            - Depth three
              - Depth four
                - Depth five
          - Back to depth two
        - Second top-level item

        * Star bullets
        + Plus bullets start a new list

        """)

    static let listsLooseTight = SnapshotDocument(name: "lists-loose-tight", markdown: """
        Tight:

        - alpha
        - beta
        - gamma

        Loose:

        - alpha

        - beta

          A second paragraph in beta.

        - gamma

        """)

    static let listsOrdered = SnapshotDocument(name: "lists-ordered", markdown: """
        Starting at 9:

        9. nine
        10. ten
        11. eleven, with text long enough to wrap onto a second line at forty columns

        Starting at 98:

        98. ninety-eight
        99. ninety-nine
        100. one hundred
        101. one hundred and one

        Parentheses, nested:

        1) first
        2) second
           1. nested ordered
           2. nested again
              - and a bullet inside

        """)

    static let listsTasks = SnapshotDocument(name: "lists-tasks", markdown: """
        - [x] Write the layout engine
        - [ ] Write the snapshot tests, with a description long enough to wrap at forty columns
          - [x] Nested done task
          - [ ] Nested open task
        - A plain item between tasks

        1. [x] Ordered task done
        2. [ ] Ordered task open

        """)

    static let tablesAlignment = SnapshotDocument(name: "tables-alignment", markdown: """
        | Left | Centre | Right | Default |
        |:-----|:------:|------:|---------|
        | a | b | c | d |
        | longer left | mid | 1,234.50 | `code` |
        | **bold** | *em* | 7 | ~~gone~~ |

        """)

    static let tablesCJKEmoji = SnapshotDocument(name: "tables-cjk-emoji", markdown: """
        | 言語 | 挨拶 | Emoji |
        |:-----|:----:|------:|
        | 日本語 | こんにちは | 🇯🇵 |
        | 한국어 | 안녕하세요 | 🇰🇷 |
        | 中文 | 你好 | 👍🏽 |
        | Family | 👨‍👩‍👧‍👦 | ✅ |

        """)

    static let tablesWide = SnapshotDocument(name: "tables-wide", markdown: """
        | Feature | Description | Notes |
        |---------|-------------|-------|
        | Streaming | Renders markdown while the model is still writing it, block by block | Lines already shown never move |
        | Width | Every line fits the terminal width, wrapped at spaces or between wide characters | See [the docs](https://example.com/a/very/long/url/that/breaks) |

        """)

    static let tablesFallback = SnapshotDocument(name: "tables-fallback", markdown: """
        | Database | Type | License | Replication | Transactions | Query language | Best for |
        |----------|------|---------|-------------|--------------|----------------|----------|
        | PostgreSQL | Relational | PostgreSQL | Streaming, logical | Full ACID | SQL | General purpose |
        | Redis | Key-value | BSD / RSAL | Primary-replica | MULTI/EXEC | Commands | Caching, queues |

        """)

    /// Links, shown as OSC 8 hyperlinks in the hyperlink snapshots.
    static let links = SnapshotDocument(name: "links", markdown: """
        A [link to the docs](https://example.com/docs) in a sentence long enough that the link text
        [wraps over the end of a line at forty columns](https://example.com/wrapped), an autolink
        <https://rill.example/>, an image ![alt text](https://example.com/i.png) and a link with
        **[strong text](https://example.com/strong)**.

        """)
}
