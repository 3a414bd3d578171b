/// A highlighted piece of one code line: `length` UTF-8 bytes from byte `start` of the line.
public struct CodeToken: Hashable, Sendable {
    public var start: UInt32
    public var length: UInt32
    public var element: CodeElement

    /// Creates a token.
    public init(start: UInt32, length: UInt32, element: CodeElement) {
        self.start = start
        self.length = length
        self.element = element
    }

    /// Where the piece ends, in bytes from the start of the line.
    public var end: Int { Int(start) + Int(length) }
}
