/// A colour from the terminal's 256-colour palette.
///
/// Indices 0–15 are the basic colours every terminal (the Linux console included) can show;
/// 16–255 are the 6×6×6 cube and the grey ramp, mapped to the nearest basic colour when the
/// terminal has only 16 (see ``nearestBasic``).
public struct TerminalColor: Hashable, Sendable {
    /// Palette index, 0–255.
    public var index: UInt8

    /// A palette colour.
    public init(_ index: UInt8) { self.index = index }

    public static let black = TerminalColor(0)
    public static let red = TerminalColor(1)
    public static let green = TerminalColor(2)
    public static let yellow = TerminalColor(3)
    public static let blue = TerminalColor(4)
    public static let magenta = TerminalColor(5)
    public static let cyan = TerminalColor(6)
    public static let white = TerminalColor(7)
    public static let brightBlack = TerminalColor(8)
    public static let brightRed = TerminalColor(9)
    public static let brightGreen = TerminalColor(10)
    public static let brightYellow = TerminalColor(11)
    public static let brightBlue = TerminalColor(12)
    public static let brightMagenta = TerminalColor(13)
    public static let brightCyan = TerminalColor(14)
    public static let brightWhite = TerminalColor(15)

    /// The closest of the 16 basic colours, for terminals that have no more.
    public var nearestBasic: TerminalColor {
        let (r, g, b) = rgb
        var best = 0
        var bestDistance = Int.max
        for candidate in 0..<16 {
            let (cr, cg, cb) = TerminalColor(UInt8(candidate)).rgb
            let distance = (r - cr) * (r - cr) + (g - cg) * (g - cg) + (b - cb) * (b - cb)
            if distance < bestDistance {
                bestDistance = distance
                best = candidate
            }
        }
        return TerminalColor(UInt8(best))
    }

    /// Approximate RGB of the palette entry (xterm's defaults).
    var rgb: (Int, Int, Int) {
        let i = Int(index)
        switch i {
        case 0..<16:
            let basic: [(Int, Int, Int)] = [
                (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
                (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
            ]
            return basic[i]
        case 16..<232:
            let levels = [0, 95, 135, 175, 215, 255]
            let n = i - 16
            return (levels[n / 36], levels[(n / 6) % 6], levels[n % 6])
        default:
            let grey = 8 + (i - 232) * 10
            return (grey, grey, grey)
        }
    }
}
