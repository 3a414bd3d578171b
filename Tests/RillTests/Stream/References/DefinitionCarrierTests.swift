@_spi(Testing) @testable import Rill
import Foundation
import RillTestSupport
import Testing

/// The definitions carried into each parse: kept once, however often their text is handed in.
@Suite struct DefinitionCarrierTests {
    static let source = Array("[a]: /one\n\n[b]: /two\n\ntext [a] [b]\n".utf8)

    @Test("The same final text handed in again from the same place is kept once")
    func sameSegmentKeptOnce() {
        var carrier = DefinitionCarrier()
        let first = carrier.absorb(Self.source[0..<11], literalRange: nil)
        #expect(first)
        let once = carrier.prefix(for: Self.source[22...])
        let again = carrier.absorb(Self.source[0..<11], literalRange: nil)
        #expect(again)  // reported as kept: the caller re-resolves
        let shorter = carrier.absorb(Self.source[0..<10], literalRange: nil)
        #expect(shorter)
        #expect(carrier.count == 1)
        #expect(carrier.prefix(for: Self.source[22...]) == once)
    }

    @Test("More of it from the same place replaces it, and what it defines is looked up")
    func longerSegmentReplaces() {
        var carrier = DefinitionCarrier()
        let first = carrier.absorb(Self.source[0..<11], literalRange: nil)
        #expect(first)
        let longer = carrier.absorb(Self.source[0..<22], literalRange: nil)
        #expect(longer)
        #expect(carrier.count == 1)
        let prefix = carrier.prefix(for: Self.source[22...])
        #expect(prefix == Array(Self.source[0..<22]) + Array("\n\nx\n\n".utf8))
        // `b`, defined only in the longer text, is found by its label.
        #expect(carrier.prefix(for: Array("[b]".utf8)[...]) == prefix)
    }

    @Test("Another start, or the same start with other context lines, is another segment")
    func otherStartsAreKept() {
        var carrier = DefinitionCarrier()
        let first = carrier.absorb(Self.source[0..<11], literalRange: nil)
        #expect(first)
        let next = carrier.absorb(Self.source[11..<22], literalRange: nil)
        #expect(next)
        let withContext = carrier.absorb(Self.source[0..<11], literalRange: nil, context: Array("| h |\n|---|\n".utf8))
        #expect(withContext)
        #expect(carrier.count == 3)
    }

    /// Found by libFuzzer: a table whose rows hold `]:` inside a container whose growth was
    /// given up and started again at every frame handed the same final text to the carrier
    /// each time, so every parse carried one copy more: 35.5 MB parsed for a 2 KB input in
    /// 4-byte pieces (45 s in 1-byte pieces).
    @Test("Streaming keeps each parse within the document's size, definitions included")
    func restartedGrowthCarriesOnce() throws {
        let url = Corpus.root.appendingPathComponent("Tests/RillFuzz/Regressions/definitions-carried-again-by-a-restarted-growth.md")
        let bytes = [UInt8](try #require(FileManager.default.contents(atPath: url.path)))
        var stream = MarkdownStream()
        let pieces = Chunkings.fixed(bytes.count, size: 4)
        for piece in pieces {
            stream.append(bytes[piece])
            stream.advance()
        }
        stream.finish()
        // Invalid bytes become three-byte replacement characters: the stream's text is longer.
        let size = stream.source.count
        #expect(stream.bytesParsed <= 2 * (pieces.count + 1) * size,
                "parsed \(stream.bytesParsed) bytes in \(pieces.count) frames of a \(size)-byte text")
    }

    @Test("The marks `]:` are found as a byte-by-byte reading finds them", arguments: [
        "", "]", ":", "]:", "a]:b]:", "]]::", "text [a]: /x and ]: at 40]:\n[b]:", String(repeating: "] : ]", count: 30) + "]:",
    ])
    func marksAsReadByteByByte(text: String) {
        let bytes = Array(text.utf8)
        let marks = bytes.indices.dropLast().filter { bytes[$0] == 0x5D && bytes[$0 + 1] == 0x3A }
        for start in 0...bytes.count {
            #expect(DefinitionCarrier.lastMark(in: bytes, from: start) == marks.last { $0 >= start }, "from \(start)")
        }
        for literal in [nil, 0..<bytes.count, 0..<(bytes.count / 2)] as [Range<Int>?] {
            let outside = marks.contains { !(literal?.contains($0) ?? false) }
            #expect(DefinitionCarrier.mayDefine(bytes[...], outside: literal) == outside)
        }
    }
}
