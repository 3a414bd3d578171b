import Rill
import Testing

/// The reader's UTF-8 repair: maximal subparts become one U+FFFD each, NUL becomes U+FFFD, and
/// the output does not depend on where the stream was split.
@Suite struct UTF8NormalizerTests {
    static let fffd = "\u{FFFD}"

    /// Normalizes `chunks` in order and finishes.
    static func normalize(_ chunks: [[UInt8]], finish: Bool = true) -> [UInt8] {
        var normalizer = UTF8Normalizer()
        var output: [UInt8] = []
        for chunk in chunks { normalizer.normalize(chunk, into: &output) }
        if finish { normalizer.finish(into: &output) }
        return output
    }

    static func normalize(_ bytes: [UInt8]) -> [UInt8] { normalize([bytes]) }

    /// Ill-formed inputs and what they must become.
    static let cases: [(input: [UInt8], expected: String)] = [
        // Unicode Table 3-8: a truncated 4-byte, a truncated 3-byte, a truncated 2-byte sequence,
        // then stray continuation bytes.
        ([0x61, 0xF1, 0x80, 0x80, 0xE1, 0x80, 0xC2, 0x62, 0x80, 0x63, 0x80, 0xBF, 0x64],
         "a\(fffd)\(fffd)\(fffd)b\(fffd)c\(fffd)\(fffd)d"),
        ([0xFF], fffd), ([0xFE, 0x41], "\(fffd)A"), ([0x80], fffd),
        ([0xC0, 0xAF], "\(fffd)\(fffd)"),                          // overlong '/': C0 is never a lead
        ([0xE0, 0x80, 0xAF], "\(fffd)\(fffd)\(fffd)"),             // overlong: E0 needs A0…BF next
        ([0xED, 0xA0, 0x80], "\(fffd)\(fffd)\(fffd)"),             // CESU surrogate half
        ([0xF4, 0x90, 0x80, 0x80], "\(fffd)\(fffd)\(fffd)\(fffd)"), // above U+10FFFF
        ([0xF5, 0x80], "\(fffd)\(fffd)"),
        ([0xE2, 0x82, 0x20], "\(fffd) "),                          // truncated € then a space
        ([0xF0, 0x9F, 0x98], fffd),                                // truncated 😀 at the end
        ([0x00], fffd), ([0x61, 0x00, 0x62], "a\(fffd)b"),
        ([0xE2, 0x82, 0x00], "\(fffd)\(fffd)"),
    ]
}

extension UTF8NormalizerTests {
    @Test("SOH, STX and ETX become U+FFFD, like NUL: the parse's guards use them as marks")
    func markBytesAreReplaced() {
        #expect(String(decoding: Self.normalize([[0x61, 0x01, 0x62, 0x02, 0x03, 0x04]]), as: UTF8.self) == "a\u{FFFD}b\u{FFFD}\u{FFFD}\u{04}")
    }

    @Test("Valid UTF-8 and control characters other than NUL, SOH, STX and ETX pass through unchanged")
    func validPassesThrough() {
        let text = Array("plain, é, €, 😀, 日本語, \t\r\n\u{1B}[2J\u{7F}\u{85}".utf8)
        #expect(Self.normalize(text) == text)
    }

    @Test("Each maximal subpart of an ill-formed sequence becomes one U+FFFD; NUL becomes U+FFFD",
          arguments: 0..<cases.count)
    func maximalSubparts(_ index: Int) {
        let (input, expected) = Self.cases[index]
        #expect(String(decoding: Self.normalize(input), as: UTF8.self) == expected, "\(input)")
    }

    @Test("Every split of an ill-formed sequence gives the same output", arguments: 0..<cases.count)
    func everySplit(_ index: Int) {
        let input = Self.cases[index].input
        let whole = Self.normalize(input)
        for first in 0...input.count {
            for second in first...input.count {
                let chunks = [Array(input[..<first]), Array(input[first..<second]), Array(input[second...])]
                #expect(Self.normalize(chunks) == whole, "\(input) split at \(first) and \(second)")
            }
        }
    }

    @Test("A sequence cut off at a chunk's end is held back, and flushed as U+FFFD by finish")
    func truncatedAtEnd() {
        var normalizer = UTF8Normalizer()
        var output: [UInt8] = []
        normalizer.normalize([0x61, 0xE2, 0x82], into: &output)
        #expect(output == [0x61], "the incomplete € waits for its last byte")
        normalizer.normalize([0xAC], into: &output)
        #expect(String(decoding: output, as: UTF8.self) == "a€")
        normalizer.normalize([0xF0, 0x9F], into: &output)
        #expect(output.count == 4)
        normalizer.finish(into: &output)
        #expect(String(decoding: output, as: UTF8.self) == "a€\(Self.fffd)")
        normalizer.finish(into: &output)
        #expect(String(decoding: output, as: UTF8.self) == "a€\(Self.fffd)", "a second finish adds nothing")
    }

    @Test("Random bytes in random chunks: valid UTF-8 without NUL, the same as Swift's own repair")
    func randomBytes() {
        var random = SplitMix64(seed: 42)
        for _ in 0..<300 {
            // Bytes biased to lead and continuation bytes, where the cases are.
            let bytes: [UInt8] = (0..<Int(random.next() % 40)).map { _ in
                switch random.next() % 4 {
                case 0: UInt8(truncatingIfNeeded: random.next() % 0x80)
                case 1: 0x80 | UInt8(truncatingIfNeeded: random.next() % 0x40)
                default: 0xC0 | UInt8(truncatingIfNeeded: random.next() % 0x40)
                }
            }
            var chunks: [[UInt8]] = []
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + 1 + Int(random.next() % 5))
                chunks.append(Array(bytes[start..<end]))
                start = end
            }
            let output = Self.normalize(chunks)
            #expect(output == Self.normalize(bytes))
            #expect(!output.contains(0))
            // NUL, SOH, STX and ETX become U+FFFD as an invalid byte would (the last three are the parse's marks).
            let swift = Array(String(decoding: bytes.map { $0 <= 3 ? 0xFF : $0 }, as: UTF8.self).utf8)
            #expect(output == swift, "\(bytes)")
            #expect(String(validating: output, as: UTF8.self) != nil)
        }
    }
}

extension UTF8NormalizerTests {
    @Test("The output grows geometrically: small chunks do not copy the whole text each time")
    func geometricGrowth() {
        var normalizer = UTF8Normalizer()
        var output: [UInt8] = []
        var reallocations = 0
        for _ in 0..<20_000 {
            let capacity = output.capacity
            normalizer.normalize([UInt8(ascii: "a")], into: &output)
            if output.capacity != capacity { reallocations += 1 }
        }
        #expect(output.count == 20_000)
        #expect(reallocations < 40, "\(reallocations) reallocations for 20,000 one-byte chunks")
    }
}
