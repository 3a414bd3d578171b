/// A run of text in one style. Its text holds no control character, except a span that is a
/// lone line feed: the inline styler writes one for a hard break or a line of math, and the
/// wrapper ends the line there.
public struct Span: Hashable, Sendable {
    /// The text; changing it re-measures the span.
    public var text: String {
        get { storage }
        set {
            storage = newValue
            width = DisplayWidth.of(newValue)
        }
    }
    private var storage: String
    public var style: TextStyle
    /// Display width in terminal columns, measured once.
    public private(set) var width: Int

    /// Creates a span.
    public init(_ text: String, _ style: TextStyle = .plain) {
        self.storage = text
        self.style = style
        self.width = DisplayWidth.of(text)
    }

    /// Creates a span whose width the caller has already measured.
    init(_ text: String, _ style: TextStyle, width: Int) {
        self.storage = text
        self.style = style
        self.width = width
    }

    /// Puts `text` in place of the span's text, keeping its width: a holder lets go of a growing
    /// text (an empty one in its place) and takes it back so (see ``LetGoText``).
    mutating func replaceTextKeepingWidth(_ text: String) {
        storage = text
    }

    /// Appends `other`'s text in place, its width already measured (a line merging neighbours
    /// of one style; building a new string for each merge made every merge a copy).
    mutating func appendMeasured(_ other: Span) {
        storage += other.storage
        width += other.width
    }

    /// `count` spaces in `style`, made without measuring them (padding is drawn per line).
    static func spaces(_ count: Int, _ style: TextStyle = .plain) -> Span {
        Span(String.spaces(count), style, width: max(0, count))
    }

    public static func == (lhs: Span, rhs: Span) -> Bool {
        lhs.width == rhs.width && lhs.style == rhs.style && lhs.text == rhs.text
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(style)
    }
}

/// One terminal line of styled spans, never wider than the width it was laid out for.
public struct StyledLine: Hashable, Sendable {
    public private(set) var spans: [Span]
    /// Display width in terminal columns.
    public private(set) var width: Int

    /// Creates a line from spans.
    public init(_ spans: [Span] = []) {
        self.spans = []
        self.width = 0
        for span in spans { append(span) }
    }

    /// A line of spans already merged (no two neighbours share a style, none is empty) whose
    /// widths add up to `width`.
    init(measured spans: [Span], width: Int) {
        self.spans = spans
        self.width = width
    }

    /// An empty line.
    public static let blank = StyledLine()

    /// Whether `other` is a copy of this line: the same width and the same storage of spans,
    /// told without reading them (lines equal but stored apart are not).
    ///
    /// - Complexity: O(1).
    func isCopy(of other: StyledLine) -> Bool {
        width == other.width && spans.sharesStorage(with: other.spans)
    }

    /// The line's text without styles.
    public var plainText: String { spans.map(\.text).joined() }

    /// Adds `span` at the end, merging it with the last span when their styles match.
    public mutating func append(_ span: Span) {
        guard !span.text.isEmpty else { return }
        width += span.width
        if let last = spans.indices.last, spans[last].style == span.style {
            spans[last].appendMeasured(span)
        } else {
            spans.append(span)
        }
    }

    /// The line without its last `columns` columns, for a line whose last characters are one
    /// column each and a scalar each (as ``LivePainter/sharedSuffixWidth(_:_:)`` counts them):
    /// scalars are dropped, and the widths follow without measuring again.
    func droppingLastColumns(_ columns: Int) -> StyledLine {
        var spans = spans
        var left = columns
        var dropped = 0
        while left > 0, let last = spans.popLast() {
            if last.width <= left {
                left -= last.width
                dropped += last.width
                continue
            }
            let scalars = last.text.unicodeScalars
            let end = scalars.index(scalars.endIndex, offsetBy: -left)
            spans.append(Span(String(scalars[..<end]), last.style, width: last.width - left))
            dropped += left
            left = 0
        }
        return StyledLine(measured: spans, width: width - dropped)
    }

    /// A line made of `prefix` followed by this line.
    ///
    /// - Complexity: O(spans); only the first span is compared with the prefix (the line's own
    ///   spans are merged already).
    public func prefixed(by prefix: [Span]) -> StyledLine {
        prefixed(by: StyledLine(prefix))
    }

    /// A line made of `prefix` (a line made once for many) followed by this line.
    ///
    /// - Complexity: O(spans), as for a prefix of spans.
    func prefixed(by prefix: StyledLine) -> StyledLine {
        guard let first = spans.first else { return prefix }
        var line = prefix
        line.spans.reserveCapacity(line.spans.count + spans.count)
        line.append(first)
        line.spans += spans.dropFirst()
        line.width += width - first.width
        return line
    }

    public static func == (lhs: StyledLine, rhs: StyledLine) -> Bool {
        lhs.width == rhs.width && lhs.spans == rhs.spans
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(spans)
    }
}

extension Array where Element == StyledLine {
    /// Hangs these lines after `marker`: the first line follows it, the others (but blank ones)
    /// are indented by `indent` columns, as a list item's or a `»` block's lines are.
    ///
    /// - Complexity: O(spans); the indent is made once.
    mutating func hang(after marker: [Span], indent: Int) {
        hang(after: marker, indent: indent) { _ in nil }
    }

    /// ``hang(after:indent:)``, taking the hung line at an index from `kept` where it gives one
    /// (a memo of the lines hung the frame before, see ``HangMemos``).
    mutating func hang(after marker: [Span], indent: Int, kept: (Int) -> StyledLine?) {
        var hanging: StyledLine?  // made once, when a line first needs it
        for index in indices {
            if let line = kept(index) {
                self[index] = line
            } else if index == 0 {
                self[0] = self[0].prefixed(by: marker)
            } else if !self[index].spans.isEmpty {
                let indentation = hanging ?? StyledLine([Span.spaces(indent)])
                hanging = indentation
                self[index] = self[index].prefixed(by: indentation)
            }
        }
    }
}
