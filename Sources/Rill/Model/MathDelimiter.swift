/// The delimiters a model wrote around math: `$…$`, `$$…$$`, `\(…\)` or `\[…\]`.
public enum MathDelimiter: String, Hashable, Sendable, CaseIterable {
    case dollar
    case doubleDollar
    case parenthesis
    case bracket

    /// The opening delimiter as written.
    public var opener: String {
        switch self {
        case .dollar: "$"
        case .doubleDollar: "$$"
        case .parenthesis: "\\("
        case .bracket: "\\["
        }
    }

    /// The closing delimiter as written.
    public var closer: String {
        switch self {
        case .dollar: "$"
        case .doubleDollar: "$$"
        case .parenthesis: "\\)"
        case .bracket: "\\]"
        }
    }

    /// Whether this is display math (`$$…$$`, `\[…\]`) rather than a math span.
    public var isDisplay: Bool {
        switch self {
        case .dollar, .parenthesis: false
        case .doubleDollar, .bracket: true
        }
    }
}
