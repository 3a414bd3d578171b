/// How a run of text looks: colours, attributes, and an optional hyperlink target.
public struct TextStyle: Hashable, Sendable {
    public var foreground: TerminalColor?
    public var background: TerminalColor?
    public var isBold = false
    public var isDim = false
    public var isItalic = false
    public var isUnderlined = false
    public var isStruck = false
    public var isInverse = false
    /// Target of an OSC 8 hyperlink, already stripped of anything but printable characters.
    public var hyperlink: String?
    /// Whether a line may break inside this text only where it is wider than the line (a URL,
    /// which a terminal can no longer find once broken). Not drawn.
    public var keepsWhole = false

    /// Creates a style; every attribute is off unless given.
    public init(foreground: TerminalColor? = nil, background: TerminalColor? = nil,
                bold: Bool = false, dim: Bool = false, italic: Bool = false,
                underlined: Bool = false, struck: Bool = false, inverse: Bool = false,
                hyperlink: String? = nil) {
        self.foreground = foreground
        self.background = background
        self.isBold = bold
        self.isDim = dim
        self.isItalic = italic
        self.isUnderlined = underlined
        self.isStruck = struck
        self.isInverse = inverse
        self.hyperlink = hyperlink
    }

    /// No colour, no attribute.
    public static let plain = TextStyle()

    /// This style with `other` laid over it: set colours and attributes of `other` win.
    public func merged(with other: TextStyle) -> TextStyle {
        var result = self
        if let foreground = other.foreground { result.foreground = foreground }
        if let background = other.background { result.background = background }
        result.isBold = isBold || other.isBold
        result.isDim = isDim || other.isDim
        result.isItalic = isItalic || other.isItalic
        result.isUnderlined = isUnderlined || other.isUnderlined
        result.isStruck = isStruck || other.isStruck
        result.isInverse = isInverse || other.isInverse
        if let hyperlink = other.hyperlink { result.hyperlink = hyperlink }
        result.keepsWhole = keepsWhole || other.keepsWhole
        return result
    }
}
