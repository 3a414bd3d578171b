@testable import Rill
import Testing

/// Line splitting for event streams: `\n`, `\r\n` and `\r` end lines however the bytes were cut.
@Suite struct LineSplitterTests {
    /// The lines of `chunks`, as text.
    static func lines(_ chunks: [[UInt8]], maxLength: Int = 1 << 20) -> [String] {
        var splitter = LineSplitter(maxLength: maxLength)
        var lines: [LineSplitter.Line] = []
        for chunk in chunks { lines += chunk.withUnsafeBufferPointer { splitter.lines(in: $0) } }
        if let last = splitter.finish() { lines.append(last) }
        #expect(lines.map(\.number) == lines.indices.map { $0 + 1 }, "lines are numbered in order")
        return lines.map { String(decoding: $0.bytes, as: UTF8.self) + ($0.isTruncated ? "…" : "") }
    }
}

extension LineSplitterTests {
    @Test("LF, CRLF and CR each end one line; blank lines are kept; a last line without an ending counts")
    func lineEndings() {
        #expect(Self.lines([Array("a\nb\r\nc\rd\n\n\r\n\re".utf8)]) == ["a", "b", "c", "d", "", "", "", "e"])
        #expect(Self.lines([Array("a\n".utf8)]) == ["a"])
        #expect(Self.lines([[]]) == [])
    }

    @Test("Every split of a text gives the same lines, a CRLF split in two included")
    func everySplit() {
        let text = Array("data: x\r\n\r\nevent: e\rdata: y\n\ndata: é\r".utf8)
        let whole = Self.lines([text])
        #expect(whole == ["data: x", "", "event: e", "data: y", "", "data: é"])
        for cut in 0...text.count {
            #expect(Self.lines([Array(text[..<cut]), Array(text[cut...])]) == whole, "cut at \(cut)")
        }
        #expect(Self.lines(text.map { [$0] }) == whole, "1-byte pieces")
    }

    @Test("A line over the limit keeps its first bytes, is marked, and the next line is whole")
    func truncation() {
        #expect(Self.lines([Array("abcdefgh\nxy\n".utf8)], maxLength: 4) == ["abcd…", "xy"])
        #expect(Self.lines(Array("abcdefgh\nxy".utf8).map { [$0] }, maxLength: 4) == ["abcd…", "xy"])
        #expect(Self.lines([Array("abcd\n".utf8)], maxLength: 4) == ["abcd"])
    }
}
