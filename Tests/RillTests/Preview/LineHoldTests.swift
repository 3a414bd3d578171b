@_spi(Testing) @testable import Rill
import RillTestSupport
import Testing

/// An incomplete line that begins like a block marker and holds no letter is held back while
/// the next characters may still make it something else, decided from its text alone.
@Suite struct LineHoldTests {
    static let paragraphAbove = LineHold.Context(afterTableRow: false, mayContinueParagraph: true)
    static let tableRowAbove = LineHold.Context(afterTableRow: true, mayContinueParagraph: false)
    static let blankAbove = LineHold.Context()

    static func decision(_ line: String, _ context: LineHold.Context) -> LineHold.Decision {
        LineHold.decision(for: Array(line.utf8)[...], context: context)
    }

    @Test("Lines that may still become something else are held", arguments: [
        (">", blankAbove), ("> > ", blankAbove),
        ("1", blankAbove), ("12", paragraphAbove), ("1.", blankAbove), ("1)", blankAbove), ("1. ", blankAbove),
        ("1. -", blankAbove), ("1. 2.", blankAbove),
        ("-", blankAbove), ("- ", blankAbove), ("--", blankAbove), ("---", paragraphAbove), ("- -", blankAbove),
        ("*", blankAbove), ("**", blankAbove), ("***", blankAbove), ("* * *", blankAbove), ("+", blankAbove), ("+ ", blankAbove),
        ("- 1.", blankAbove), ("- >", blankAbove), ("- #", blankAbove), ("- ```", blankAbove),
        ("___", blankAbove), ("_ _ _", blankAbove),
        ("#", blankAbove), ("###", paragraphAbove), ("######", blankAbove),
        ("=", paragraphAbove), ("===  ", paragraphAbove),
        ("|", paragraphAbove), ("|-", paragraphAbove), (":-", paragraphAbove), ("| --- | :-: |", paragraphAbove),
        ("|", tableRowAbove), ("|  ", tableRowAbove), ("| 1 |", tableRowAbove), ("| 1 | 2 | ", tableRowAbove),
        ("- [ ] ", blankAbove), ("1. [ ]  ", blankAbove), ("1 |", tableRowAbove),
        ("```", blankAbove), ("~~~ ", paragraphAbove), ("    ````", blankAbove),
    ])
    func held(line: String, context: LineHold.Context) {
        #expect(Self.decision(line, context) == .hold, "\(line)")
    }

    @Test("Lines already decided are shown", arguments: [
        ("- item", blankAbove), ("# Heading", blankAbove), ("| a |", paragraphAbove), ("1. Step", blankAbove),
        ("- 5", blankAbove), ("1. 2", blankAbove), ("* 42", paragraphAbove),
        ("1.5", blankAbove), ("1234567890", blankAbove), ("-5", blankAbove), ("++", blankAbove), ("_", blankAbove), ("__", paragraphAbove),
        ("# ", blankAbove), ("# 1", blankAbove), ("#1", blankAbove), ("#######", blankAbove),
        ("===", blankAbove), ("===", tableRowAbove),
        ("|", blankAbove), ("| 1", tableRowAbove), ("| 1 \\|", tableRowAbove), ("| 1 |", paragraphAbove), ("- [ ]", blankAbove), ("|-", tableRowAbove), ("| 1", paragraphAbove), ("|-", blankAbove),
        ("`", blankAbove), ("``", paragraphAbove), ("~", blankAbove), ("<", blankAbove), ("<!--", paragraphAbove),
        ("(1)", blankAbove), ("", blankAbove), ("   ", paragraphAbove),
    ])
    func shown(line: String, context: LineHold.Context) {
        #expect(Self.decision(line, context) == .show, "\(line)")
    }

    @Test("The context: a table row above, or a line that may be a paragraph's")
    func context() {
        func context(_ text: String) -> LineHold.Context {
            let bytes = Array(text.utf8)
            let lineStart = (bytes.lastIndex(of: 0x0A) ?? -1) + 1
            return LineHold.context(lineStart: lineStart, source: bytes, blocks: Oracle.parse(bytes))
        }
        #expect(context("| a |\n|---|\n| 1 |\n|") == Self.tableRowAbove)
        #expect(context("| a |\n|---|\n|") == Self.tableRowAbove)
        #expect(context("- | a |\n  |---|\n  | 1 |\n  |") == Self.tableRowAbove)
        #expect(context("| a |\n|-") == Self.paragraphAbove)   // the delimiter row being written
        #expect(context("Some text\n=") == Self.paragraphAbove)
        #expect(context("Some text\n\n=") == Self.blankAbove)
        #expect(context("> a\n>\n-") == Self.blankAbove)
        #expect(context("-") == Self.blankAbove)
        #expect(context("Some text\r\n|-") == Self.paragraphAbove)
        #expect(context(String(repeating: "A long line. ", count: 200) + "\n===") == Self.paragraphAbove)
    }
}

extension LineHoldTests {
    /// Answers sampled by default (all with `RILL_EXHAUSTIVE=1`).
    static let sampledAnswers = 24
    /// Incomplete lines compared per document by default, spread over it (all with
    /// `RILL_EXHAUSTIVE=1`): each costs a parse of the text so far, two if the probe runs.
    static let sampledLines = 120

    /// The incomplete lines of the prefixes of `bytes` that either rule may hold, with what the
    /// probe the engine used to make says (a parse with an `x` appended has another shape) and
    /// what ``LineHold`` says; counts where it holds a line the probe showed, by the line's
    /// pattern.
    static func compare(_ bytes: [UInt8], name: String) -> (lines: Int, extraHolds: [String: Int], misses: [String]) {
        // Where such a line ends, where it starts, and where the line above it starts.
        var candidates: [(end: Int, lineStart: Int, previousLineStart: Int)] = []
        var lineStart = 0
        var previousLineStart = 0
        for end in Chunkings.characterBoundaries(bytes) {
            let last = bytes[end - 1]
            if last == 0x0A || last == 0x0D {
                if !(last == 0x0A && end >= 2 && bytes[end - 2] == 0x0D) { previousLineStart = lineStart }
                lineStart = end
                continue
            }
            let line = bytes[lineStart..<end]
            if TailStabilizer.mayBeAmbiguous(line) || TailStabilizer.isBareNumber(line)
                || (TailStabilizer.content(of: line).isEmpty && line.contains(UInt8(ascii: ">"))) {
                candidates.append((end, lineStart, previousLineStart))
            }
        }
        if !TestEnvironment.isExhaustive, candidates.count > sampledLines {
            candidates = (0..<sampledLines).map { candidates[$0 * candidates.count / sampledLines] }
        }
        var lines = 0
        var extraHolds: [String: Int] = [:]
        var misses: [String] = []
        for (end, lineStart, previousLineStart) in candidates {
            let line = bytes[lineStart..<end]
            let prefix = Array(bytes[..<end])
            let truth = Oracle.parse(prefix)
            // Lines inside a fence, and possible definitions, are held by rules of their own.
            if Preview.openFence(truth, incomplete: lineStart, source: prefix) != nil || TailStabilizer.mayBeDefinition(line)
                || TailStabilizer.opensDefinition(prefix[previousLineStart..<lineStart]) { continue }
            lines += 1
            let probeHolds = TailStabilizer.isBareNumber(line)
                || (TailStabilizer.mayBeAmbiguous(line)
                    && TailStabilizer.shape(Oracle.parse(prefix + [UInt8(ascii: "x")])) != TailStabilizer.shape(truth))
            let context = LineHold.context(lineStart: lineStart, source: prefix, blocks: truth)
            let holds = LineHold.decision(for: line, context: context) == .hold
            if probeHolds, !holds, misses.count < 40 {
                misses.append("\(name) after \(end) bytes: \"…\(StreamCheck.quote(prefix.suffix(60)))\" (\(context))")
            }
            if holds, !probeHolds {
                // Counted by the line's pattern: digits as `9`, spaces collapsed.
                let content = TailStabilizer.content(of: line)
                var pattern = String(decoding: content.map { $0 >= 0x30 && $0 <= 0x39 ? UInt8(ascii: "9") : $0 }, as: UTF8.self)
                while pattern.contains("  ") { pattern = pattern.replacingOccurrences(of: "  ", with: " ") }
                let above = context.afterTableRow ? "row above" : context.mayContinueParagraph ? "text above" : "blank above"
                extraHolds["\(above): \(pattern)", default: 0] += 1
            }
        }
        return (lines, extraHolds, misses)
    }

    @Test("Every line the probe held is held, in every Corpus document and a sample of real answers")
    func neverShowsWhatTheProbeHeld() {
        var documents = Corpus.documentNames.map { (name: $0, bytes: Corpus.bytes($0)) }
        if RealAnswers.isAvailable {
            documents += RealAnswers.sample(Self.sampledAnswers)
        } else {
            print("LineHoldTests: no real answers at \(RealAnswers.directory.path); Corpus only")
        }
        var lines = 0
        var extraHolds: [String: Int] = [:]
        var misses: [String] = []
        for document in documents {
            let result = Self.compare(document.bytes, name: document.name)
            lines += result.lines
            extraHolds.merge(result.extraHolds, uniquingKeysWith: +)
            misses += result.misses
        }
        let commonest = extraHolds.sorted { $0.value > $1.value }.prefix(12).map { "\($0.value) \"\($0.key)\"" }
        print("LineHold: \(lines) letterless marker lines compared in \(documents.count) documents; "
              + "\(extraHolds.values.reduce(0, +)) held that the probe showed, commonest: \(commonest.joined(separator: ", "))")
        #expect(misses.isEmpty, "\(misses.count) lines the probe held are shown:\n\(misses.prefix(200).joined(separator: "\n"))")
        #expect(lines > 0)
    }
}

extension LineHoldTests {
    @Test("A setext underline or delimiter row under a paragraph written as one long line is held")
    func underLongLine() {
        for marker in ["==", "|-", "---"] {
            var stream = MarkdownStream()
            stream.append(Array((String(repeating: "A long line. ", count: 200) + "\n" + marker).utf8))
            stream.advance()
            #expect(stream.heldBackFrames == 1, "\(marker)")
            #expect(stream.blocks.map(\.kind.name) == ["paragraph"], "\(marker)")
        }
    }
}
