import CSourceHighlight

/// Where highlighting stands between two lines of code: Source-highlight's current state and
/// stack of states, immutable and shared by reference. Lines that leave the state as they found
/// it (most lines) pass on the same object, so an unchanged state is recognised with `===`.
final class HighlightState: @unchecked Sendable {
    // Never changed after it is made; the C side reads it under its own lock.
    let pointer: OpaquePointer

    /// Takes ownership of a state the C interface made.
    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        rill_highlight_state_free(pointer)
    }

    /// Whether this state highlights every line as `other` does.
    func isEquivalent(to other: HighlightState) -> Bool {
        self === other || rill_highlight_state_equal(pointer, other.pointer) != 0
    }

    /// How many nested constructs the state is inside.
    var depth: Int { rill_highlight_state_depth(pointer) }

    /// Deepest a state left after a line may be: a line nesting deeper ends in the initial state.
    static let maxDepth = Int(RILL_HIGHLIGHT_MAX_DEPTH)
}
