/// The inline HTML elements Rill shows styled rather than as dimmed tags.
public enum HTMLElement: String, Hashable, Sendable, CaseIterable {
    /// `<kbd>`: a key to press.
    case kbd
    /// `<sup>`: superscript.
    case sup
    /// `<sub>`: subscript.
    case sub

    /// The opening tag as it must be written to be recognized.
    public var openingTag: String { "<" + rawValue + ">" }
    /// The closing tag as it must be written to be recognized.
    public var closingTag: String { "</" + rawValue + ">" }
}
