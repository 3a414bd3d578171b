import Rill
import RillTestSupport

/// Random documents with terminal control characters and escape sequences put anywhere, as a
/// prompt-injected model might print them: inside words, markers, fences, table rows, link
/// targets, between the bytes of a UTF-8 character. Deterministic per seed.
struct EscapeInjection {
    private var random: SplitMix64
    private var documents: DocumentGenerator

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        documents = DocumentGenerator(seed: seed ^ 0xE5C_A9E)
    }

    private mutating func draw(_ bound: Int) -> Int { Int(random.next() % UInt64(max(1, bound))) }

    /// One hostile fragment: a whole sequence, or a piece of one.
    mutating func fragment() -> [UInt8] {
        switch draw(16) {
        case 0: return Array("\u{1B}[\(draw(108))m".utf8)
        case 1: return Array("\u{1B}[2J\u{1B}[3J\u{1B}[H".utf8)
        case 2: return Array("\u{1B}]8;;http://evil.example/\(draw(100))\u{1B}\\".utf8) + (draw(2) == 0 ? Array("click\u{1B}]8;;\u{1B}\\".utf8) : [])
        case 3: return Array("\u{1B}]8;;http://evil.example/\u{07}x\u{1B}]8;;\u{07}".utf8)
        case 4: return Array("\u{1B}]52;c;cm0gLXJmIH4=\u{07}".utf8)
        case 5: return Array("\u{1B}P$q m\u{1B}\\".utf8)  // DCS
        case 6:  // C1 controls, encoded in UTF-8 (U+0080–U+009F), now and then raw
            let value = 0x80 + draw(32)
            return draw(4) == 0 ? [UInt8(value)] : Array(String(Unicode.Scalar(UInt8(value))).utf8)
        case 7: return [0x1B]  // lone ESC
        case 8: return [0x07]  // BEL
        case 9:  // CSI with many parameters
            return Array(("\u{1B}[" + (0..<(1 + draw(40))).map { _ in String(draw(300)) }.joined(separator: ";") + "m").utf8)
        case 10: return [0x0D]
        case 11: return [0x08]
        case 12: return Array("\u{9B}31m\u{9D}0;title\u{9C}\u{90}x\u{9C}".utf8)  // C1 CSI, OSC, DCS, ST
        case 13: return Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}7\u{1B}c\u{1B}[6n".utf8)
        case 14: return [[0x7F], [0x00], [0x0B], [0x0C], [0x1B, 0x5B], [0x1B, 0x5D], [0x1B, 0x5C]][draw(7)]
        default: return Array("\u{1B}]0;pwned\u{1B}\\".utf8)
        }
    }

    /// The next document: a generated one, with hostile link lines mixed in, and 1–12
    /// fragments inserted at random byte offsets.
    mutating func next() -> [UInt8] {
        var bytes = documents.next()
        if draw(2) == 0 {
            let target = fragment()
            let lines: [[UInt8]] = [
                Array("[link](https://ok.example/".utf8) + target + Array(")\n".utf8),
                Array("<https://ok.example/".utf8) + target + Array(">\n".utf8),
                Array("[ref]\n\n[ref]: https://ok.example/".utf8) + target + Array("\n".utf8),
                Array("![alt](https://ok.example/i.png \"".utf8) + target + Array("\")\n".utf8),
                Array("```".utf8) + target + Array("\ncode\n```\n".utf8),
            ]
            let at = draw(bytes.count + 1)
            let line = lines[draw(lines.count)]
            let cut = bytes[..<at].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            bytes.insert(contentsOf: line, at: cut)
        }
        for _ in 0..<(1 + draw(12)) {
            bytes.insert(contentsOf: fragment(), at: draw(bytes.count + 1))
        }
        return bytes
    }

    /// Random chunk boundaries for streaming `bytes`, anywhere (inside UTF-8 characters too).
    mutating func pieces(_ count: Int) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = 0
        let largest = [1, 4, 16, 64][draw(4)]
        while start < count {
            let end = min(count, start + 1 + draw(largest))
            pieces.append(start..<end)
            start = end
        }
        return pieces
    }
}
