@testable import Rill
import Testing

extension RillTests.Highlight {
    /// Byte-range tokens turned into runs at character boundaries.
    @Suite struct TokenRunsTests {}
}

extension RillTests.Highlight.TokenRunsTests {
    static func token(_ start: Int, _ length: Int, _ element: CodeElement) -> CodeToken {
        CodeToken(start: UInt32(start), length: UInt32(length), element: element)
    }

    static func described(_ runs: [(text: Substring, element: CodeElement?)]) -> [String] {
        runs.map { "\($0.text)|\($0.element.map { "\($0)" } ?? "-")" }
    }

    @Test("ASCII: the gaps between tokens are runs of their own")
    func ascii() {
        let line = "let x = 42;"[...]
        let runs = TokenRuns.runs(line, tokens: [Self.token(0, 3, .keyword), Self.token(8, 2, .number)])
        #expect(Self.described(runs) == ["let|keyword", " x = |-", "42|number", ";|-"])
    }

    @Test("A token ending inside a multi-byte character gives the whole character to its first byte's run")
    func multiByte() {
        // "é" is two bytes (C3 A9); the token covers "a" and the first byte of "é".
        let line = "aéb"[...]
        let runs = TokenRuns.runs(line, tokens: [Self.token(0, 2, .string)])
        #expect(Self.described(runs) == ["aé|string", "b|-"])
        // A token starting at the second byte of "é" starts with the next character.
        let later = TokenRuns.runs(line, tokens: [Self.token(2, 2, .string)])
        #expect(Self.described(later) == ["aé|-", "b|string"])
    }

    @Test("A combining mark stays with the letter before it")
    func combiningMark() {
        let line = "xe\u{301}y"[...]  // e + combining acute: one character, three bytes
        let runs = TokenRuns.runs(line, tokens: [Self.token(0, 2, .keyword)])
        #expect(runs.map(\.text) == ["xe\u{301}", "y"])
        #expect(runs.map(\.element) == [.keyword, nil])
    }

    @Test("Runs always make up the whole line", arguments: 0..<50)
    func coverTheLine(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed))
        let alphabet: [Character] = ["a", " ", "é", "日", "\u{301}", "👍", "🏽", "\t", "\u{1B}", "\u{200D}", "x"]
        let line = String((0..<Int(generator.next() % 30)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
        let length = line.utf8.count
        var tokens: [CodeToken] = []
        var at = 0
        while at < length {
            let start = at + Int(generator.next() % 4)
            let size = 1 + Int(generator.next() % 5)
            guard start + size <= length else { break }
            tokens.append(Self.token(start, size, CodeElement.allCases[Int(generator.next() % 18)]))
            at = start + size
        }
        let runs = TokenRuns.runs(line[...], tokens: tokens)
        #expect(runs.map { String($0.text) }.joined() == line)
        #expect(runs.allSatisfy { !$0.text.isEmpty })
    }
}
