/// What models write inside text that cmark leaves as text or raw HTML: footnote references
/// (`[^1]`), `<kbd>`, `<sup>`, `<sub>` elements, and in headings and table cells `$`-delimited
/// math (a paragraph's math is found in its source, see ``NodeConverter/mathInlines(of:)``;
/// a heading's or cell's is found in its text, where cmark has already read backslash escapes,
/// so `\(…\)` and `\[…\]` are not found there).
///
/// A footnote reference is recognized by its shape alone, whether or not a definition exists:
/// cmark-gfm's footnotes make `[^1]` a reference only when a definition is found anywhere in the
/// document and move definitions to its end, so text already shown would change when a
/// definition arrives. Here nothing written later changes how earlier text reads, and a
/// definition (`[^1]: …`) stays a paragraph where it was written, starting with its marker.
enum InlineIdioms {
    /// The longest footnote label recognized, in bytes.
    static let maxLabelLength = 64

    /// `inlines` with footnote references split out of their text and matched element tags
    /// around their content.
    ///
    /// - Complexity: O(n) in the length of the inlines' text (element pairing looks ahead to
    ///   the next tag of the same kind only).
    static func recognize(_ inlines: [Inline], findingMath: Bool = false) -> [Inline] {
        guard inlines.contains(where: { mayHoldIdiom($0, findingMath: findingMath) }) else { return inlines }
        var split: [Inline] = []
        split.reserveCapacity(inlines.count)
        for inline in inlines {
            guard case .text(let text) = inline else { split.append(inline); continue }
            for part in findingMath ? dollarMath(in: text) : [inline] {
                if case .text(let text) = part, text.utf8.contains(UInt8(ascii: "^")) {
                    split += footnoteReferences(in: text)
                } else {
                    split.append(part)
                }
            }
        }
        return pairingElements(split)
    }

    /// Whether `inline` may be, or hold in its text, an idiom this level recognizes: raw HTML
    /// (a tag to pair), or text with a `^` (a footnote reference) or, finding math, a `$`. The
    /// content of most emphasis, links and paragraphs has none, and is then kept as it is.
    private static func mayHoldIdiom(_ inline: Inline, findingMath: Bool) -> Bool {
        switch inline {
        case .text(let text):
            text.utf8Contains(UInt8(ascii: "^")) || (findingMath && text.utf8Contains(UInt8(ascii: "$")))
        case .html:
            true
        case .code, .emphasis, .strong, .strikethrough, .link, .autolink, .image, .softBreak, .hardBreak, .math,
             .footnoteReference, .htmlElement:
            false
        }
    }

    /// `text` as text runs and the `$…$` and `$$…$$` math in it.
    static func dollarMath(in text: String) -> [Inline] {
        guard text.utf8.contains(UInt8(ascii: "$")) else { return [.text(text)] }
        let bytes = Array(text.utf8)
        let spans = MathSpans.spans(in: bytes).filter { $0.delimiter == .dollar || $0.delimiter == .doubleDollar }
        guard !spans.isEmpty else { return [.text(text)] }
        var out: [Inline] = []
        var next = 0
        for span in spans {
            if next < span.range.lowerBound { out.append(.text(String(decoding: bytes[next..<span.range.lowerBound], as: UTF8.self))) }
            out.append(.math(tex: String(decoding: bytes[span.tex], as: UTF8.self), delimiter: span.delimiter))
            next = span.range.upperBound
        }
        if next < bytes.count { out.append(.text(String(decoding: bytes[next...], as: UTF8.self))) }
        return out
    }

    /// `text` as text runs and the footnote references in it.
    static func footnoteReferences(in text: String) -> [Inline] {
        let bytes = Array(text.utf8)
        var out: [Inline] = []
        var runStart = 0
        var index = 0
        while index + 3 < bytes.count {
            guard bytes[index] == UInt8(ascii: "["), bytes[index + 1] == UInt8(ascii: "^") else { index += 1; continue }
            var end = index + 2
            while end < bytes.count, end - index - 2 <= maxLabelLength, isLabelByte(bytes[end]) { end += 1 }
            guard end < bytes.count, bytes[end] == UInt8(ascii: "]"), end > index + 2,
                  end - index - 2 <= maxLabelLength else { index += 1; continue }
            if runStart < index { out.append(.text(String(decoding: bytes[runStart..<index], as: UTF8.self))) }
            out.append(.footnoteReference(label: String(decoding: bytes[(index + 2)..<end], as: UTF8.self)))
            index = end + 1
            runStart = index
        }
        if runStart == 0 { return [.text(text)] }
        if runStart < bytes.count { out.append(.text(String(decoding: bytes[runStart...], as: UTF8.self))) }
        return out
    }

    /// A byte a footnote label may hold: anything but spaces, brackets and control characters.
    private static func isLabelByte(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte != 0x7F && byte != UInt8(ascii: "[") && byte != UInt8(ascii: "]") && byte != UInt8(ascii: "^")
    }

    /// `inlines` with each `<kbd>`, `<sup>` or `<sub>` tag and the next closing tag of the same
    /// element at the same level made one element around what lies between.
    ///
    /// - Complexity: O(n): an inline is moved into an element at most once per element kind.
    private static func pairingElements(_ inlines: [Inline]) -> [Inline] {
        guard inlines.contains(where: { if case .html = $0 { true } else { false } }) else { return inlines }
        var out: [Inline] = []
        // Where in `out` the last opening tag of each element not yet closed stands.
        var opened: [HTMLElement: Int] = [:]
        for inline in inlines {
            guard case .html(let tag) = inline else { out.append(inline); continue }
            if let element = HTMLElement.allCases.first(where: { $0.openingTag == tag }) {
                opened[element] = out.count
            } else if let element = HTMLElement.allCases.first(where: { $0.closingTag == tag }), let start = opened[element] {
                let content = Array(out[(start + 1)...])
                out.removeSubrange(start...)
                out.append(.htmlElement(element, content))
                // Tags now inside the element can no longer be matched out here.
                opened = opened.filter { $0.value < start }
                continue
            }
            out.append(inline)
        }
        return out
    }
}
