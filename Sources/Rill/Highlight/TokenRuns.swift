/// Splits a code line into runs of one element each, at character boundaries.
///
/// Tokens are byte ranges from Source-highlight, which matches bytes: a token may end inside a
/// multi-byte character or between a character and a mark that joins it. Each character takes
/// the element of its first byte, so a run never splits a character (as terminals draw it).
enum TokenRuns {
    /// The runs of `line`: consecutive text of one element (nil: outside every token), in order,
    /// none empty, together the whole line.
    ///
    /// - Complexity: O(bytes) for an ASCII line; O(characters) with a grapheme walk otherwise.
    static func runs(_ line: Substring, tokens: [CodeToken]) -> [(text: Substring, element: CodeElement?)] {
        guard !tokens.isEmpty else { return line.isEmpty ? [] : [(line, nil)] }
        // In ASCII without a carriage return every byte is a character of its own.
        if line.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) { return asciiRuns(line, tokens: tokens) }
        var runs: [(text: Substring, element: CodeElement?)] = []
        var runStart = line.startIndex
        var runElement: CodeElement?
        var token = 0
        var index = line.startIndex
        while index < line.endIndex {
            let offset = line.utf8.distance(from: line.startIndex, to: index)
            while token < tokens.count, tokens[token].end <= offset { token += 1 }
            let element = token < tokens.count && Int(tokens[token].start) <= offset ? tokens[token].element : nil
            if index == line.startIndex {
                runElement = element
            } else if element != runElement {
                runs.append((line[runStart..<index], runElement))
                runStart = index
                runElement = element
            }
            index = line.index(after: index)
        }
        runs.append((line[runStart...], runElement))
        return runs
    }

    private static func asciiRuns(_ line: Substring, tokens: [CodeToken]) -> [(text: Substring, element: CodeElement?)] {
        var runs: [(text: Substring, element: CodeElement?)] = []
        let utf8 = line.utf8
        func position(_ offset: Int) -> Substring.Index { utf8.index(line.startIndex, offsetBy: offset) }
        var done = 0
        for token in tokens where Int(token.start) >= done && token.end <= utf8.count {
            if Int(token.start) > done { runs.append((line[position(done)..<position(Int(token.start))], nil)) }
            runs.append((line[position(Int(token.start))..<position(token.end)], token.element))
            done = token.end
        }
        if done < utf8.count { runs.append((line[position(done)...], nil)) }
        return runs
    }
}
