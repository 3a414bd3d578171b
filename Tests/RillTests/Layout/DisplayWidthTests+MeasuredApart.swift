@_spi(Testing) @testable import Rill
import Testing

extension RillTests.Layout.DisplayWidthTests {
    /// Where a grown text is cut into what it was and what was added, the two are measured apart
    /// only at a boundary between clusters that stand alone.
    @Test("A text is measured apart at a byte offset only between scalars that end their clusters",
          arguments: [
              ("ab", 1, true), ("hello world", 5, true), ("hello world", 6, true),
              // A combining mark after the cut joins the letter before it; one before it is not known to stand alone.
              ("e\u{301}", 1, false), ("e\u{301}x", 3, false),
              // A ZWJ sequence, cut before and after its joiner.
              ("👨\u{200D}👩", 4, false), ("👨\u{200D}👩", 7, false),
              // A flag's two regional indicators.
              ("🇯🇵", 4, false), ("a🇯🇵", 1, false),
              // CJK, next to itself and to ASCII.
              ("中文", 3, true), ("中a", 3, true), ("a中", 1, true),
              // A carriage return before a line feed: one cluster, of no width either way.
              ("\r\n", 1, true),
              // Not within a scalar, nor at either end.
              ("中文", 1, false), ("中文", 4, false), ("ab", 0, false), ("ab", 2, false), ("", 0, false),
          ])
    func measuresApart(_ text: String, _ offset: Int, _ apart: Bool) {
        #expect(text.measuresApart(atUTF8Offset: offset) == apart)
    }

    @Test("Wherever a text is measured apart, the widths of its two parts add up to its width")
    func partsAddUp() {
        for text in Self.strings(count: 1_000, seed: 13) {
            let bytes = Array(text.utf8)
            for offset in 0...bytes.count where text.measuresApart(atUTF8Offset: offset) {
                let before = String(decoding: bytes[..<offset], as: UTF8.self)
                let after = String(decoding: bytes[offset...], as: UTF8.self)
                #expect(DisplayWidth.of(before) + DisplayWidth.of(after) == DisplayWidth.of(text),
                        "\(text.debugDescription) at \(offset)")
            }
        }
    }
}
