/// The lines of a live frame being laid out, written over the storage of an earlier frame's.
///
/// From one frame to the next nearly all of a live region's lines are the very same values (the
/// parts that did not change give their cached lines; a paragraph being written keeps all but
/// its last line): written over the lines they replace, those are only told to be copies (the
/// same storage), not copied again, and the frame's storage is neither allocated nor freed. So
/// a frame costs its changed lines, plus a look at each live line.
struct FrameLines {
    private var storage: [StyledLine]
    /// How many lines this frame wrote so far: `storage`'s lines past it are an earlier frame's.
    private(set) var count = 0

    /// Starts a frame over `storage`, an earlier frame's lines (nothing else should hold them,
    /// or they are copied at the first line written).
    init(over storage: [StyledLine]) {
        self.storage = storage
    }

    /// Appends `line`.
    mutating func append(_ line: StyledLine) {
        if count < storage.count {
            if !storage[count].isCopy(of: line) { storage[count] = line }
        } else {
            storage.append(line)
        }
        count += 1
    }

    /// Appends `lines`.
    mutating func append(contentsOf lines: ArraySlice<StyledLine>) {
        for line in lines { append(line) }
    }

    /// The line at `index` (below ``count``).
    subscript(index: Int) -> StyledLine {
        get { storage[index] }
        set { storage[index] = newValue }
    }

    /// The lines written, from line `start`.
    mutating func lines(from start: Int) -> [StyledLine] {
        storage.removeLast(storage.count - count)
        return start == 0 ? storage : Array(storage[start...])
    }
}
