import Rill
import RillTestSupport

/// Generated documents made mostly of list items holding sub-lists, with what the levels of a
/// ``ResumePath`` are about: markers of every width and spacing, sub-lists indented more or
/// less than the item's content, lazy continuation lines, blank lines making either list loose,
/// another bullet, tabs, code, paragraphs after a sub-list, definitions and references, and
/// nesting three and four levels deep.
enum NestedLists {
    /// 40 generated documents by default, 400 with RILL_EXHAUSTIVE=1.
    static var seeds: Range<UInt64> { TestEnvironment.isExhaustive ? 0..<400 : 0..<40 }

    /// A document made mostly of list items holding sub-lists, with what the guards are about:
    /// markers of every width and spacing, sub-lists indented more or less than the item's
    /// content, lazy continuation lines, blank lines making either list loose, another bullet,
    /// tabs, code, paragraphs after a sub-list, definitions and references, deeper nesting.
    static func document(seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: 0x4E57_0000 + seed)
        func draw(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        let words = ["check", "the", "`config`", "file", "**now**", "[d]", "and", "*then*", "run", "x", "日本", "|", "1.", "-"]
        func text() -> String { (0..<(1 + draw(5))).map { _ in words[draw(words.count)] }.joined(separator: " ") }
        let ordered = draw(2) == 0
        var out = draw(3) == 0 ? "Steps:\n\n" : ""
        for item in 1...(1 + draw(4)) {
            let marker = ordered ? "\(draw(4) == 0 ? item * 10 : item)\(draw(5) == 0 ? ")" : ".")" : ["-", "*", "+"][draw(4) == 0 ? 1 : 0]
            let spacing = [1, 1, 1, 2, 3, 5][draw(6)]
            let lead = String(repeating: " ", count: draw(5) == 0 ? draw(4) : 0)
            let column = lead.count + marker.count + (spacing > 4 ? 1 : spacing)
            out += lead + marker + String(repeating: " ", count: spacing) + text() + "\n"
            if draw(4) == 0 { out += "\n" }
            let subBullet = ["-", "*", "1.", "2)"][draw(4)]
            for sub in 0..<(1 + draw(6)) {
                var indent = column + (draw(4) == 0 ? draw(4) : 0)
                if draw(12) == 0 { indent = max(0, column - 1 - draw(2)) }
                let pad = draw(15) == 0 ? String(repeating: " ", count: max(0, indent - 4)) + "\t" : String(repeating: " ", count: indent)
                let bullet = draw(10) == 0 ? ["+", "-", "3."][draw(3)] : subBullet
                out += pad + bullet + " " + text() + "\n"
                switch draw(16) {
                case 0: out += "\n"
                case 1: out += "lazy " + text() + "\n"  // a lazy continuation line
                case 2: out += String(repeating: " ", count: indent + 2) + "continued " + text() + "\n"
                case 3: out += String(repeating: " ", count: indent + 2) + "- deeper " + text() + "\n"
                case 4: out += String(repeating: " ", count: indent + 2) + "```\n" + String(repeating: " ", count: indent + 2) + "code \(sub)\n"
                    + (draw(2) == 0 ? String(repeating: " ", count: indent + 2) + "```\n" : "")
                case 5: out += String(repeating: " ", count: indent + 2) + "[d]: /url\n"
                case 6: out += "\n" + String(repeating: " ", count: indent + 2) + text() + "\n"
                case 7:
                    // Two levels deeper, each with a few items (and a wrapped line now and then).
                    let deeper = String(repeating: " ", count: indent + 2)
                    out += deeper + "- deeper " + text() + "\n"
                    for _ in 0..<(1 + draw(4)) {
                        out += deeper + "  - deepest " + text() + "\n"
                        if draw(3) == 0 { out += deeper + "    wrapped " + text() + "\n" }
                    }
                    if draw(2) == 0 { out += deeper + "- deeper again " + text() + "\n" }
                default: break
                }
            }
            switch draw(8) {
            case 0: out += "\n" + String(repeating: " ", count: column) + "After the sub-list " + text() + "\n"
            case 1: out += "\n"
            default: break
            }
        }
        if draw(3) == 0 { out += "\n" + text() + " [d]\n" }
        if draw(6) == 0 { out += "\n[d]: /late\n" }
        var bytes = Array(out.utf8)
        if draw(8) == 0 { bytes = Array(out.replacingOccurrences(of: "\n", with: "\r\n").utf8) }
        return bytes
    }

}
