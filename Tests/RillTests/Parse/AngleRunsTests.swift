@testable import Rill
import RillTestSupport
import Testing

/// The `<` between two others are marked before cmark-gfm reads the text, and nothing cmark
/// makes of the text changes.
@Suite struct AngleRunsTests {
    /// What cmark-gfm makes of `text` read as it is, with no guard's rewrite.
    static func unguarded(_ text: String) -> [Block] {
        Array(text.utf8).withUnsafeBytes { buffer in
            let mapper = SourceMapper(bytes: buffer, prefixLength: 0, base: 0)
            return CmarkGFM.withDocument(buffer) { NodeConverter(mapper: mapper).convert(document: $0) }.entries.map(\.block)
        }
    }

    static func parsed(_ text: String) -> ParsedSlice {
        SliceParser.parse(prefix: [], slice: Array(text.utf8)[...], base: 0)
    }
}

extension AngleRunsTests {
    @Test("Only a `<` between two others is marked, and a line of them shows every `<`")
    func marksInnerBrackets() {
        var bytes = Array("a<<<<b<<c<<<\n<".utf8)
        AngleRuns.markInnerBrackets(&bytes)
        let mark = Character(Unicode.Scalar(AngleRuns.mark))
        #expect(String(decoding: bytes, as: UTF8.self) == "a<\(mark)\(mark)<b<<c<\(mark)<\n<")
        let text = String(repeating: "<", count: 3_000) + "\n"
        #expect(Self.parsed(text).entries.map(\.block.kind) == [.paragraph([.text(String(repeating: "<", count: 3_000))])])
    }

    @Test("Marked runs read as cmark-gfm reads them unmarked", arguments: [
        "a <<<b>>> c", "<<<a href=\"x\">y", "<<<<div>\n", "`<<<`", "``<<<` `` <<<", "[a](b<<<c)", "[a](<<<b>)",
        "[a](<b<<<>)", "<!-- <<< --> <<<", "<a title=\"<<<\">x", "<a b=c<<<d>", "<?p <<< ?>", "<![CDATA[<<<]]>",
        "*<<<*", "**<<<**a", "_<<<_ *a<<<<*", "www.x.com<<<y", "a@b.co<<<", "http://x.y/<<<z", "\\<<<", "<\\<<<",
        "<<<http://a.b>", "<<<x@y.z>", "<<<<!-- c -->", "[<<<]\n\n[<<<]: /u", "[x]: a<<<b\n\n[x]", "~~<<<~~",
        "x <<<\n<<< y", "```\n<<<<\n```\n", "|<<<|b|\n|-|-|\n|<<<<|x|\n", "&lt<<<;", "<<<!--x-->", "!<<<[a](b)",
    ])
    func marksChangeNothing(_ text: String) {
        #expect(Self.parsed(text).entries.map(\.block) == Self.unguarded(text), "\(text.debugDescription)")
    }
}
