import Foundation
import Rill
import RillTestSupport
import Testing

@Suite struct ReadmeSampleTests {
    @Test("README's 'What it looks like' is the start of the batch render it names")
    func sampleIsTheRender() throws {
        let readme = try String(contentsOf: Corpus.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## What it looks like"))
        let rest = readme[section.upperBound...]
        let open = try #require(rest.range(of: "```text\n"))
        let close = try #require(rest[open.upperBound...].range(of: "\n```"))
        let sample = rest[open.upperBound..<close.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rest[..<open.lowerBound].contains("--width 72 --color never Corpus/answer-rust-ownership.md"))
        let context = LayoutContext(width: 72, theme: .plain, isPlain: true)
        let rendered = DocumentLayout.lines(for: MarkdownStream.parse(Corpus.bytes("answer-rust-ownership.md")), in: context)
            .map(\.plainText)
        #expect(sample.count >= 20 && sample.count <= rendered.count)
        #expect(sample.map(String.init) == Array(rendered.prefix(sample.count)))
    }
}
