/// A run of text in one style. Its text never contains a line break or a control character.
public struct Span: Hashable, Sendable {
    public var text: String
    public var style: TextStyle

    /// Creates a span.
    public init(_ text: String, _ style: TextStyle = .plain) {
        self.text = text
        self.style = style
    }

    /// Display width in terminal columns.
    public var width: Int { DisplayWidth.of(text) }
}

/// One terminal line of styled spans, never wider than the width it was laid out for.
public struct StyledLine: Hashable, Sendable {
    public var spans: [Span]

    /// Creates a line from spans.
    public init(_ spans: [Span] = []) {
        self.spans = spans
    }

    /// An empty line.
    public static let blank = StyledLine()

    /// Display width in terminal columns.
    public var width: Int { spans.reduce(0) { $0 + $1.width } }

    /// The line's text without styles.
    public var plainText: String { spans.map(\.text).joined() }

    /// This line with `spans` added at the end, merging with the last span when styles match.
    public mutating func append(_ span: Span) {
        guard !span.text.isEmpty else { return }
        if let last = spans.last, last.style == span.style {
            spans[spans.count - 1].text += span.text
        } else {
            spans.append(span)
        }
    }

    /// A line made of `prefix` followed by this line.
    public func prefixed(by prefix: [Span]) -> StyledLine {
        var line = StyledLine()
        for span in prefix + spans { line.append(span) }
        return line
    }
}
