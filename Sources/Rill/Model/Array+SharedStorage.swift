extension Array {
    /// Whether the two arrays are the same elements in the same storage (two empty arrays too):
    /// equal without comparing them.
    ///
    /// - Complexity: O(1).
    func sharesStorage(with other: [Element]) -> Bool {
        guard count == other.count else { return false }
        return withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress }
        }
    }
}
