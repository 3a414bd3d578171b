@_spi(Testing) @testable import Rill
import Testing

extension RillTests.Layout {
    /// The byte-level string questions the layout and painter ask at every frame must answer as
    /// their `Character`-level definitions do.
    @Suite struct StringBytesTests {
        @Test("Spaces are written as bytes, none for a count of zero or less", arguments: [-3, 0, 1, 15, 16, 300])
        func spaces(_ count: Int) {
            let spaces = String.spaces(count)
            #expect(spaces == String(repeating: " ", count: max(0, count)))
            #expect(Span.spaces(count).width == DisplayWidth.of(spaces))
        }

        @Test("A string repeated is written as bytes, nothing for a count of zero or less",
              arguments: ["─", "━", "x", "ab", "é", ""], [-1, 0, 1, 7, 100])
        func repeating(_ unit: String, _ count: Int) {
            #expect(String.repeating(unit, count: count) == String(repeating: unit, count: max(0, count)))
        }

        @Test("A byte is found eight bytes at a time as one at a time finds it, wherever it is")
        func containsByte() {
            var random = SplitMix64(seed: 0x5D)
            for length in 0..<40 {
                for _ in 0..<20 {
                    // Bytes near the searched one and 0x80 and above, where a word test could err.
                    let bytes = (0..<length).map { _ in [0x5C, 0x5D, 0x5E, 0xDD, 0x7F, 0x80, 0xFF, 0x00, 0x41][Int(random.next() % 9)] as UInt8 }
                    for target: UInt8 in [0x5D, 0x00, 0xFF, 0x80] {
                        let found = bytes.withUnsafeBufferPointer { String.contains(target, in: $0) }
                        #expect(found == bytes.contains(target), "\(target) in \(bytes)")
                    }
                }
            }
            #expect("a long text without the bracket, long enough for words".utf8Contains(0x5D) == false)
            #expect("a long text with the bracket ] near its end, in a word".utf8Contains(0x5D))
            #expect("short]".utf8Contains(0x5D))
        }

        /// The ASCII checks read eight bytes at a time: a character that breaks them (or one
        /// that comes nearest and does not) at every position of texts crossing several words.
        @Test("ASCII and printable-ASCII checks and widths are right at every position, eight bytes at a time")
        func checksAtEveryPosition() {
            let base = String(repeating: "abcdefgh", count: 4)
            for length in [0, 1, 7, 8, 9, 16, 23, 32] {
                let ascii = String(base.prefix(length))
                #expect(ascii.isASCII && ascii.isPrintableASCII)
                for position in 0...length {
                    for character: Character in ["é", "\u{80}", "中", "😀", "\u{0}", "\u{1F}", "\u{7F}", " ", "~", "!"] {
                        var text = ascii
                        text.insert(character, at: text.index(text.startIndex, offsetBy: position))
                        let scalars = text.unicodeScalars
                        #expect(text.isASCII == scalars.allSatisfy(\.isASCII), "\(character) at \(position) of \(length)")
                        #expect(text.isPrintableASCII == scalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F },
                                "\(character) at \(position) of \(length)")
                        #expect(DisplayWidth.of(text) == text.reduce(0) { $0 + DisplayWidth.of($1) })
                        #expect(DisplayWidth.of(text[...]) == DisplayWidth.of(text))
                    }
                }
            }
        }

        @Test("ASCII, printable ASCII, UTF-8 prefixes and trailing spaces", arguments: [
            "", "plain text", "tab\there", "café", "日本語  ", "  ", "e\u{301}", "x\u{7F}", "a b  c   ",
        ])
        func answersMatchDefinitions(_ text: String) {
            #expect(text.isASCII == text.unicodeScalars.allSatisfy(\.isASCII))
            #expect(text.isPrintableASCII == text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F })
            #expect(text.trailingSpaceCount == text.count - String(text.reversed().drop { $0 == " " }).count)
            for cut in 0...text.utf8.count {
                let prefix = String(decoding: Array(text.utf8.prefix(cut)), as: UTF8.self)
                let isBytePrefix = Array(text.utf8).starts(with: Array(prefix.utf8))
                #expect(text.utf8HasPrefix(prefix) == isBytePrefix)
            }
            #expect(!text.utf8HasPrefix(text + "x"))
            // A copy made from a substring answers alike.
            let copy = String(Substring(text))
            #expect(copy.trailingSpaceCount == text.trailingSpaceCount)
        }
    }
}
