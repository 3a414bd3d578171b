import Synchronization

/// Numbers for the states of a stream's blocks, unique across every stream of the process: two
/// streams (or a stream and a copy of it changed since) never share one, so a view that finds
/// the number it laid out last knows it reads the very same blocks.
enum StreamRevision {
    private static let last = Atomic<Int>(0)

    /// A number no stream state had before.
    static func next() -> Int {
        last.wrappingAdd(1, ordering: .relaxed).newValue
    }
}
