/// A rule line of a table drawn as a grid or as records: its top or bottom border, the header
/// rule, or a rule between rows or records; ``junctions`` is its shape whatever the rule, the
/// same for every rule of one layout.
public struct TableRule: Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        case top
        case header
        case between
        case bottom
    }

    public let kind: Kind
    /// The rule with its corners and junctions as `+` and its fill as `-`: where its columns
    /// meet, which one table's rules share.
    public let junctions: String

    /// The rule `line` draws (attributes as ``VirtualTerminal/styledTranscript`` shows them
    /// left out), or nil when it draws no rule.
    public init?(_ line: String) {
        var plain = ""
        var inMark = false
        for character in line {
            if character == "⟦" { inMark = true } else if character == "⟧" { inMark = false } else if !inMark {
                plain.append(character)
            }
        }
        guard let first = plain.first, let kind = Self.kinds[first] else { return nil }
        var junctions = ""
        for character in plain {
            if "─═".contains(character) {
                junctions.append("-")
            } else if "┌┬┐╞╪╡├┼┤└┴┘".contains(character) {
                junctions.append("+")
            } else {
                return nil
            }
        }
        self.kind = kind
        self.junctions = junctions
    }

    /// The kind of rule each first character starts.
    private static let kinds: [Character: Kind] = ["┌": .top, "╞": .header, "├": .between, "└": .bottom]

    public var description: String { junctions }
}
