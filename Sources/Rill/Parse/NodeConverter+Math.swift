/// Math in paragraphs: found in the paragraph's source and put in its inlines as written.
extension NodeConverter {
    /// Stands for one math span in the paragraph text given to cmark again: a private-use
    /// character, which cmark reads as a letter. A paragraph that already holds one is read
    /// without math (the count of stand-ins would not match).
    static let mathStandIn: Unicode.Scalar = "\u{F8FE}"

    /// The inlines of the paragraph `frame` with its math: its text read from the source with
    /// each math span replaced by a stand-in, parsed again, and the stand-ins replaced by the
    /// spans as written. Nil when the paragraph holds no math (or reads otherwise without it).
    ///
    /// Only the paragraph's own source decides, so a paragraph reads the same however the
    /// stream was cut; and a paragraph without `$` or a backslash costs one scan.
    ///
    /// - Complexity: O(n) in the paragraph's length (one more parse when it holds math).
    func mathInlines(of frame: Frame) -> [Inline]? {
        guard frame.hasOwnPosition, !frame.range.isEmpty else { return nil }
        let lower = frame.range.lowerBound - mapper.base + mapper.prefixLength
        let upper = frame.range.upperBound - mapper.base + mapper.prefixLength
        guard lower >= 0, upper <= mapper.bytes.count, lower < upper,
              MathSpans.mayHoldDelimiter(mapper.bytes[lower..<upper]) else { return nil }
        let text = paragraphText(from: lower, to: upper)
        let spans = MathSpans.spans(in: text)
        guard !spans.isEmpty else { return nil }
        var rewritten: [UInt8] = []
        rewritten.reserveCapacity(text.count)
        var next = 0
        for span in spans {
            rewritten += text[next..<span.range.lowerBound]
            rewritten += String(Self.mathStandIn).utf8
            next = span.range.upperBound
        }
        rewritten += text[next...]
        guard !rewritten.contains(where: UTF8Normalizer.isReserved),
              case .paragraph(let inlines)? = SliceParser.parse(prefix: [], slice: rewritten[...], base: 0).entries.first?.block.kind
        else { return nil }
        var maths = spans.map { Inline.math(tex: String(decoding: text[$0.tex], as: UTF8.self), delimiter: $0.delimiter) }[...]
        let replaced = Self.replacingStandIns(inlines, with: &maths)
        return maths.isEmpty ? replaced : nil
    }

    /// The text of the paragraph at buffer offsets `lower..<upper` as cmark reads it: from its
    /// first byte, and on each later line from after its container markup (indentation and
    /// `>`), lines joined by line feeds.
    private func paragraphText(from lower: Int, to upper: Int) -> [UInt8] {
        var text: [UInt8] = []
        var line = mapper.lines.line(containing: lower)
        var start = lower
        while start < upper {
            let end = min(mapper.lines.contentEnd(ofLine: line, in: mapper.bytes), upper)
            if start < end { text += mapper.bytes[start..<end] }
            line += 1
            guard line <= mapper.lines.lineCount, mapper.lines.start(ofLine: line) < upper else { break }
            text.append(0x0A)
            start = mapper.firstContentOffset(line: line)
        }
        return text
    }

    /// `inlines` with each stand-in, in order, replaced by the next of `maths`.
    private static func replacingStandIns(_ inlines: [Inline], with maths: inout ArraySlice<Inline>) -> [Inline] {
        var out: [Inline] = []
        for inline in inlines {
            switch inline {
            case .text(let text) where text.unicodeScalars.contains(mathStandIn):
                var run = ""
                for scalar in text.unicodeScalars {
                    guard scalar == mathStandIn else { run.unicodeScalars.append(scalar); continue }
                    if !run.isEmpty { out.append(.text(run)); run = "" }
                    out.append(maths.popFirst() ?? .text(String(scalar)))
                }
                if !run.isEmpty { out.append(.text(run)) }
            case .emphasis(let children): out.append(.emphasis(replacingStandIns(children, with: &maths)))
            case .strong(let children): out.append(.strong(replacingStandIns(children, with: &maths)))
            case .strikethrough(let children): out.append(.strikethrough(replacingStandIns(children, with: &maths)))
            case .link(let destination, let title, let children):
                out.append(.link(destination: destination, title: title, replacingStandIns(children, with: &maths)))
            case .image(let source, let title, let children):
                out.append(.image(source: source, title: title, replacingStandIns(children, with: &maths)))
            case .htmlElement(let element, let children):
                out.append(.htmlElement(element, replacingStandIns(children, with: &maths)))
            case .text, .code, .autolink, .softBreak, .hardBreak, .html, .math, .footnoteReference:
                out.append(inline)
            }
        }
        return out
    }
}
