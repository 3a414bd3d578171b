import Rill
import RillTestSupport
import Testing

/// Random byte strings made of markdown syntax and the byte sequences readers get wrong —
/// invalid and overlong UTF-8, surrogates, NUL, lone `\r`, CRLF, characters cut at the end —
/// streamed in random pieces: the normalized text and the blocks never depend on the pieces.
@Suite struct HostileBytesTests {
    /// Random consecutive pieces of 1 to `longest` bytes covering `count` bytes.
    static func pieces(_ random: inout SplitMix64, count: Int, longest: Int) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = 0
        while start < count {
            let end = min(count, start + 1 + Int(random.next() % UInt64(longest)))
            pieces.append(start..<end)
            start = end
        }
        return pieces
    }

    /// The normalized text and final blocks of `bytes` streamed in `pieces`, a frame after each.
    static func stream(_ bytes: [UInt8], _ pieces: [Range<Int>]) -> (source: [UInt8], blocks: [Block]) {
        var stream = MarkdownStream()
        for piece in pieces {
            stream.append(bytes[piece])
            stream.advance()
        }
        stream.finish()
        return (stream.source, stream.finalBlocks)
    }

    static let documentCount = TestEnvironment.isExhaustive ? 3_000 : 300
}

extension HostileBytesTests {
    @Test("Random hostile bytes in random pieces: the same valid UTF-8 text and the same blocks as in one piece")
    func everyChunkingAgrees() {
        var random = SplitMix64(seed: 0x5EED_B17E5)
        for index in 0..<Self.documentCount {
            let bytes = HostileBytes.document(&random, count: 1 + Int(random.next() % 60))
            let whole = Self.stream(bytes, [0..<bytes.count])
            #expect(String(validating: whole.source, as: UTF8.self) != nil, "document \(index): not valid UTF-8")
            #expect(!whole.source.contains(0), "document \(index): NUL survived")
            #expect(whole.blocks == Oracle.parse(bytes), "document \(index)")
            let chunkings = [Chunkings.fixed(bytes.count, size: 1), Chunkings.hostile(bytes),
                             Self.pieces(&random, count: bytes.count, longest: 3),
                             Self.pieces(&random, count: bytes.count, longest: 16)]
            for (kind, pieces) in chunkings.enumerated() {
                let streamed = Self.stream(bytes, pieces)
                #expect(streamed.source == whole.source, "document \(index), chunking \(kind): normalized text differs: \(bytes)")
                #expect(streamed.blocks == whole.blocks, "document \(index), chunking \(kind): blocks differ: \(bytes)")
                #expect(streamed.blocks.map(\.range) == whole.blocks.map(\.range), "document \(index), chunking \(kind): ranges")
            }
        }
    }

    @Test("Random hostile bytes pass every streaming check at 1-byte and random pieces (StreamCheck)")
    func streamCheck() {
        var random = SplitMix64(seed: 0xB17E5)
        for index in 0..<(Self.documentCount / 3) {
            let bytes = HostileBytes.document(&random, count: 1 + Int(random.next() % 40))
            for pieces in [Chunkings.fixed(bytes.count, size: 1), Self.pieces(&random, count: bytes.count, longest: 5)] {
                let check = StreamCheck.run(bytes, pieces: pieces)
                #expect(check.violations.isEmpty, "document \(index) \(bytes):\n\(check.report)")
            }
        }
    }

    @Test("A character cut off at the very end of input becomes U+FFFD at finish, however the input was split",
          arguments: [[0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xED], [0xF4, 0x8F, 0xBF]] as [[UInt8]])
    func cutAtTheEnd(_ cut: [UInt8]) {
        let bytes = Array("Some *text* at the end: ".utf8) + cut
        for size in 1...bytes.count {
            var stream = MarkdownStream()
            for piece in Chunkings.fixed(bytes.count, size: size) {
                stream.append(bytes[piece])
                stream.advance()
                #expect(stream.source.count <= bytes.count - cut.count, "the incomplete character is held back")
            }
            stream.finish()
            #expect(stream.source == Array("Some *text* at the end: \u{FFFD}".utf8), "\(size)-byte pieces")
            #expect(stream.finalBlocks == Oracle.parse(bytes))
        }
    }

    @Test("A lone CR ends a line, and CRLF split across pieces is one line ending, as CommonMark says")
    func carriageReturns() {
        let crlf = Array("# Title\r\nPara one\r\r\n- item\rmore\r\n\r\nlast\r".utf8)
        let lf = Array("# Title\nPara one\n\n- item\nmore\n\nlast\n".utf8)
        let kinds = { (blocks: [Block]) in blocks.map(\.kind.name) }
        let expected = kinds(Oracle.parse(lf))
        #expect(kinds(Oracle.parse(crlf)) == expected)
        for size in 1...4 {
            let streamed = Self.stream(crlf, Chunkings.fixed(crlf.count, size: size)).blocks
            #expect(streamed == Oracle.parse(crlf), "\(size)-byte pieces")
            #expect(kinds(streamed) == expected, "\(size)-byte pieces")
        }
    }
}
