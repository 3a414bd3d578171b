/// Reading a table grid back from rendered text: where each line of a box-drawing grid has its
/// column borders, so a check can tell whether all of a table's lines share one set of widths.
public enum TableGridLines {
    private static let starts: Set<Character> = ["┌", "│", "╞", "├", "└"]
    private static let borders: Set<Character> = ["│", "┬", "╪", "┼", "┴", "┐", "┤", "╡", "┘", "┌", "╞", "├", "└"]

    /// The runs of consecutive grid lines in `lines` (lines starting with a grid's left border),
    /// each as the border positions (in characters) of its lines.
    public static func grids(in lines: [String]) -> [[[Int]]] {
        var grids: [[[Int]]] = []
        var current: [[Int]] = []
        for line in lines {
            guard let first = line.first, starts.contains(first) else {
                if !current.isEmpty { grids.append(current) }
                current = []
                continue
            }
            current.append(line.enumerated().filter { borders.contains($0.element) }.map(\.offset))
        }
        if !current.isEmpty { grids.append(current) }
        return grids
    }

    /// The grids in `lines` whose lines do not all have the same border positions.
    public static func mixedGrids(in lines: [String]) -> [[[Int]]] {
        grids(in: lines).filter { grid in grid.contains { $0 != grid[0] } }
    }
}
