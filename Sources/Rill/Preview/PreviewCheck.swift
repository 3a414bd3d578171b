/// The engine's last line of defence for what it shows ahead of the text: a leaf parsed with
/// anticipated closers (see ``AnticipatedClosers``) is shown only if it shows the text written,
/// as cmark reads it, less delimiter characters (`*`, `_`, `` ` ``, `~`); otherwise the leaf
/// as the text reads is shown. However the closers were worked out, no character the writer
/// did not write is ever shown.
enum PreviewCheck {
    /// Whether `shown` (a leaf parsed with closers) shows only what `truth` (the same leaf as
    /// the text written reads) shows, less delimiter characters: the same kind (and heading
    /// level), no children, and visible text (text, code, link and image text, autolinks,
    /// inline HTML, breaks) that is `truth`'s with only `*`, `_`, `` ` `` and `~` deleted; a
    /// soft break may show as a space (a code span's line ending).
    ///
    /// - Complexity: O(n) in the inlines after the first the two leaves do not share.
    static func showsOnlyWrittenText(shown: Block, truth: Block) -> Bool {
        guard shown.children.isEmpty, truth.children.isEmpty else { return false }
        let pair: ([Inline], [Inline])
        switch (shown.kind, truth.kind) {
        case (.paragraph(let a), .paragraph(let b)), (.tableCell(let a), .tableCell(let b)):
            pair = (a, b)
        case (.heading(let level, let a), .heading(let truthLevel, let b)) where level == truthLevel:
            pair = (a, b)
        default:
            return false
        }
        // The inlines both start with (a paragraph's settled lines) show the same.
        var common = 0
        while common < min(pair.0.count, pair.1.count), pair.0[common] == pair.1[common] { common += 1 }
        return isDelimiterDeletion(of: VisibleScalars(pair.1[common...]), giving: VisibleScalars(pair.0[common...]))
    }

    /// Whether `shown` is `read` with only delimiter characters deleted; a soft break in
    /// `read` may be a space in `shown`. Each shown character is matched with the first
    /// character of `read` it can be, which is never wrong: every character of `read` but a
    /// delimiter must be shown, in order.
    private static func isDelimiterDeletion(of read: VisibleScalars, giving shown: VisibleScalars) -> Bool {
        var read = read.makeIterator()
        for scalar in shown {
            while true {
                guard let next = read.next() else { return false }
                if next == scalar || (next == VisibleScalars.softBreak && scalar == " ") { break }
                guard isDelimiter(next) else { return false }
            }
        }
        while let next = read.next() {
            guard isDelimiter(next) else { return false }
        }
        return true
    }

    private static func isDelimiter(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "*" || scalar == "_" || scalar == "`" || scalar == "~"
    }
}

/// The characters a run of inlines shows, one scalar at a time, without building the string.
private struct VisibleScalars: Sequence {
    /// What a soft break shows as here (a line feed; text holds none).
    static let softBreak: Unicode.Scalar = "\n"
    /// What a hard break shows as here (a scalar from the private use area).
    static let hardBreak: Unicode.Scalar = "\u{F8FF}"

    let inlines: ArraySlice<Inline>

    init(_ inlines: ArraySlice<Inline>) {
        self.inlines = inlines
    }

    func makeIterator() -> Iterator {
        Iterator(stack: [inlines])
    }

    struct Iterator: IteratorProtocol {
        var stack: [ArraySlice<Inline>]
        var scalars: String.UnicodeScalarView.Iterator?

        mutating func next() -> Unicode.Scalar? {
            while true {
                if let scalar = scalars?.next() { return scalar }
                scalars = nil
                guard var level = stack.popLast() else { return nil }
                guard let inline = level.popFirst() else { continue }
                stack.append(level)
                switch inline {
                case .text(let text), .code(let text), .html(let text), .autolink(_, let text):
                    scalars = text.unicodeScalars.makeIterator()
                case .softBreak:
                    return VisibleScalars.softBreak
                case .hardBreak:
                    return VisibleScalars.hardBreak
                case .math, .footnoteReference:
                    scalars = inline.plainText.unicodeScalars.makeIterator()
                case .htmlElement(let element, let children):
                    // The tags as written, around the content.
                    stack.append([.html(element.closingTag)][...])
                    stack.append(children[...])
                    scalars = element.openingTag.unicodeScalars.makeIterator()
                case .emphasis(let children), .strong(let children), .strikethrough(let children),
                     .link(_, _, let children), .image(_, _, let children):
                    stack.append(children[...])
                }
            }
        }
    }
}
