import Rill

/// Random byte strings made of markdown syntax and the byte sequences readers get wrong:
/// invalid and overlong UTF-8, surrogates, NUL, lone `\r`, CRLF, characters cut off.
public enum HostileBytes {
    /// Pieces the generator draws from.
    public static let fragments: [[UInt8]] = [
        // Markdown syntax and line endings.
        Array("# ".utf8), Array("- ".utf8), Array("1. ".utf8), Array("> ".utf8), Array("```".utf8), Array("|".utf8),
        Array("| --- |".utf8), Array("*".utf8), Array("_".utf8), Array("`".utf8), Array("[".utf8), Array("]".utf8),
        Array("]: /u".utf8), Array("(".utf8), Array(")".utf8), Array("<".utf8), Array("    ".utf8), Array("\t".utf8),
        [0x0A], [0x0A, 0x0A], [0x0D], [0x0D, 0x0A], [0x0D, 0x0D, 0x0A],
        Array("word ".utf8), Array("text".utf8), Array("===".utf8),
        // Valid multi-byte characters.
        Array("é".utf8), Array("€".utf8), Array("😀".utf8), Array("日本".utf8), Array("\u{200B}".utf8),
        // Ill-formed: stray continuations, overlong forms, surrogates, out of range, bad leads.
        [0x80], [0xBF], [0xC0, 0xAF], [0xC1, 0xBF], [0xE0, 0x80, 0xAF], [0xF0, 0x80, 0x80, 0xAF],
        [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFE], [0xFF],
        // Truncated sequences, NUL and other controls.
        [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xC3], [0x00], [0x1B], [0x7F], [0xC2, 0x85],
    ]

    /// A random document of `count` fragments.
    public static func document(_ random: inout SplitMix64, count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<count {
            bytes += fragments[Int(random.next() % UInt64(fragments.count))]
        }
        return bytes
    }

}
