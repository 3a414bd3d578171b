@testable import Rill
import Testing

extension RillTests.Highlight {
    /// One line at a time through Source-highlight: tokens, states carried between lines, and
    /// the bounds on hostile lines.
    @Suite struct LineHighlighterTests {}
}

extension RillTests.Highlight.LineHighlighterTests {
    static func language(_ name: String) throws -> CodeLanguage {
        try #require(CodeLanguage.named(name))
    }

    /// The tokens of `line` as (text, element) pairs.
    static func pieces(_ line: String, _ tokens: [CodeToken]) -> [(String, CodeElement)] {
        let bytes = Array(line.utf8)
        return tokens.map { (String(decoding: bytes[Int($0.start)..<$0.end], as: UTF8.self), $0.element) }
    }

    @Test("A Python line: keyword, function, number, string and comment")
    func pythonLine() throws {
        let python = try Self.language("python")
        let line = #"def area(r): return 3.14 * r  # "s""#
        let result = LineHighlighter.highlight(line[...], in: python, from: python.initial)
        let pieces = Self.pieces(line, result.tokens)
        #expect(pieces.contains { $0 == ("def", .keyword) })
        #expect(pieces.contains { $0 == ("area", .function) })
        #expect(pieces.contains { $0 == ("return", .keyword) })
        #expect(pieces.contains { $0 == ("3.14", .number) })
        #expect(pieces.contains { $0.0.hasPrefix("#") && $0.1 == .comment })
        #expect(result.end === python.initial, "nothing is left open: the state object is passed on")
    }

    @Test("A comment opened on one line goes on through the next, and ends")
    func stateFlowsForward() throws {
        let c = try Self.language("c")
        let first = LineHighlighter.highlight("int x; /* a comment"[...], in: c, from: c.initial)
        #expect(first.end !== c.initial)
        let second = LineHighlighter.highlight("still the comment */ int y;"[...], in: c, from: first.end)
        let pieces = Self.pieces("still the comment */ int y;", second.tokens)
        #expect(pieces.first?.1 == .comment && pieces.first?.0.hasPrefix("still") == true, "\(pieces)")
        #expect(pieces.contains { $0 == ("int", .type) })
        #expect(second.end.isEquivalent(to: c.initial))
        // The same line from the start state is not a comment.
        let fresh = LineHighlighter.highlight("still the comment */ int y;"[...], in: c, from: c.initial)
        #expect(fresh.tokens.first?.element != .comment)
    }

    @Test("Tokens are in order, disjoint and inside the line, whatever the bytes", arguments: ["python", "c", "sh", "json", "html"])
    func tokensStayInTheLine(name: String) throws {
        let language = try Self.language(name)
        var generator = SplitMix64(seed: 7)
        var state = language.initial
        for _ in 0..<300 {
            let length = Int(generator.next() % 200)
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let line = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\n", with: " ")
            let result = LineHighlighter.highlight(line[...], in: language, from: state)
            var end = 0
            for token in result.tokens {
                #expect(Int(token.start) >= end && token.length > 0 && token.end <= line.utf8.count)
                end = token.end
            }
            #expect(result.end.depth <= HighlightState.maxDepth)
            state = result.end
        }
    }

    @Test("A line longer than the limit is not highlighted and leaves the state as it was")
    func longLineIsPlain() throws {
        let python = try Self.language("python")
        let open = LineHighlighter.highlight(#"x = """"#[...], in: python, from: python.initial).end
        let long = "def " + String(repeating: "a", count: LineHighlighter.maxLineBytes)
        let result = LineHighlighter.highlight(long[...], in: python, from: open)
        #expect(result.tokens.isEmpty)
        #expect(result.end === open)
        let atLimit = String(long.prefix(LineHighlighter.maxLineBytes))
        #expect(!LineHighlighter.highlight(atLimit[...], in: python, from: python.initial).tokens.isEmpty)
    }

    /// Boost gives up on some matches (its complexity limit): Source-highlight throws, the C
    /// interface catches it, and the line is drawn plain.
    @Test("A line the library fails on is drawn plain, and highlighting goes on after it")
    func failureIsPlain() throws {
        let json = try Self.language("json")
        let hostile = String(repeating: #""\"\"\" "#, count: 16)
        let result = LineHighlighter.highlight(hostile[...], in: json, from: json.initial)
        #expect(result.tokens.isEmpty)
        #expect(result.end === json.initial)
        let next = LineHighlighter.highlight(#"{"a": 1}"#[...], in: json, from: result.end)
        #expect(!next.tokens.isEmpty)
    }

    @Test("A line nested deeper than the stack allows ends in the initial state")
    func deepNestingIsCut() throws {
        let haskell = try Self.language("haskell")
        let shallow = LineHighlighter.highlight("{- {- {-"[...], in: haskell, from: haskell.initial)
        #expect(shallow.end.depth == 3)
        let deep = String(repeating: "{- ", count: HighlightState.maxDepth + 4)
        let result = LineHighlighter.highlight(deep[...], in: haskell, from: haskell.initial)
        #expect(result.end === haskell.initial)
    }
}
