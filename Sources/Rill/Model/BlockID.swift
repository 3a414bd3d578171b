/// A block's stable identity: the byte offset where it starts in the normalized stream,
/// plus an ordinal for blocks that have no position of their own or share one.
///
/// Printed as `e812` for a block keyed by its own offset and `e812+2` for the second block
/// named after the keyed block at offset 812.
public struct BlockID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Byte offset of the keyed block this identity is derived from.
    public let anchor: Int
    /// 0 for the keyed block itself, 1, 2, … for blocks named after it.
    public let ordinal: Int

    /// Creates an identity from an anchor offset and an ordinal.
    public init(anchor: Int, ordinal: Int = 0) {
        self.anchor = anchor
        self.ordinal = ordinal
    }

    /// `e<anchor>` or `e<anchor>+<ordinal>`.
    public var description: String {
        ordinal == 0 ? "e\(anchor)" : "e\(anchor)+\(ordinal)"
    }

    public static func < (lhs: BlockID, rhs: BlockID) -> Bool {
        (lhs.anchor, lhs.ordinal) < (rhs.anchor, rhs.ordinal)
    }

    /// Placeholder used between parsing and identity assignment; never visible to callers.
    static let unassigned = BlockID(anchor: -1, ordinal: 0)
}
