/// Everything a layout needs besides the block: the width to fill, the theme, and options.
public struct LayoutContext: Hashable, Sendable {
    /// Columns available; every line laid out is at most this wide. At least 1.
    public var width: Int
    /// The styles to draw with.
    public var theme: Theme {
        _read { yield themeStorage.theme }
        set { themeStorage = ThemeStorage(newValue) }
    }
    /// The theme, in a box: a context is copied at every container, and a theme is two dozen
    /// styles, each holding a reference.
    private var themeStorage: ThemeStorage
    /// Whether link targets travel as OSC 8 hyperlinks (then they are not printed after the text).
    public var hyperlinks: Bool
    /// Whether no colour or attribute will reach the output: elements that rely on styling to be
    /// recognised then keep a textual mark (inline code keeps its backticks, for instance).
    public var isPlain: Bool
    /// Source ranges whose blocks are drawn dimmed (a model's reasoning); nil for none.
    public var dimmed: DimmedSource?
    /// Whether an enclosing block is drawn dimmed already, its lines dimmed whole. Not part of
    /// equality: it changes where the dimming is done, never the lines.
    var isInsideDimmed = false
    /// Whether code blocks in a language Source-highlight knows are coloured by their syntax
    /// (never when ``isPlain``: without colour there is no highlighting work at all).
    public var highlightsCode: Bool
    /// How many lists enclose the block being laid out (chooses the bullet).
    var listDepth = 0
    /// Paragraph wraps and closed layouts kept between frames by a live view; nil for a one-off
    /// layout. Not part of equality: it changes how fast lines are made, never which.
    var memos: LayoutMemos?
    /// Whether the block being laid out is a child of a container being laid out, rather than a
    /// block (or part) the live view keeps itself: only such closed blocks are memoized. Not
    /// part of equality either.
    var isNested = false

    /// Creates a context.
    public init(width: Int, theme: Theme = .dark, hyperlinks: Bool = false, isPlain: Bool = false,
                highlightsCode: Bool = true) {
        self.width = max(1, width)
        self.themeStorage = ThemeStorage(theme)
        self.hyperlinks = hyperlinks
        self.isPlain = isPlain
        self.highlightsCode = highlightsCode
    }

    public static func == (lhs: LayoutContext, rhs: LayoutContext) -> Bool {
        lhs.width == rhs.width && (lhs.themeStorage === rhs.themeStorage || lhs.theme == rhs.theme)
            && lhs.hyperlinks == rhs.hyperlinks
            && lhs.isPlain == rhs.isPlain && lhs.listDepth == rhs.listDepth && lhs.dimmed === rhs.dimmed
            && lhs.highlightsCode == rhs.highlightsCode
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(theme)
        hasher.combine(hyperlinks)
        hasher.combine(isPlain)
        hasher.combine(listDepth)
        hasher.combine(dimmed.map(ObjectIdentifier.init))
        hasher.combine(highlightsCode)
    }

    /// The context of a container's children: `columns` narrower, and nested.
    func children(narrowedBy columns: Int) -> LayoutContext {
        var copy = narrowed(by: columns)
        copy.isNested = true
        return copy
    }

    /// The same context, `columns` narrower (never below 1 column).
    public func narrowed(by columns: Int) -> LayoutContext {
        var copy = self
        copy.width = max(1, width - columns)
        return copy
    }
}

/// A theme shared by the copies of a context (set, a context gets a box of its own).
private final class ThemeStorage: Sendable {
    let theme: Theme

    init(_ theme: Theme) {
        self.theme = theme
    }
}
