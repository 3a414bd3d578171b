import Rill

/// How one fuzz input is fed and shown: where the chunks split, when frames are taken, the
/// width, height, colour depth and hyperlinks. Everything is drawn from a ``SplitMix64`` seeded
/// with a hash of the input, so a saved input replays exactly, and every byte of the input is
/// document (a Corpus file is a seed as it is).
public struct FuzzPlan: CustomStringConvertible, Sendable {
    /// One frame's input: the chunks appended before it (one or two, split anywhere, even
    /// inside a UTF-8 sequence).
    public var frames: [[Range<Int>]] = []
    public var width = 80
    public var height = 24
    public var depth = ColorDepth.none
    public var hyperlinks = false
    /// Frames asked for with `update()` (the event path) rather than `advance()`.
    public var reportsUpdates = false
    /// A frame index after which the live view is resized to `resizeWidth` (nil: never).
    public var resizeAt: Int?
    public var resizeWidth = 80

    /// The narrowest width drawn.
    public static let minimumWidth = 20

    /// Most frames per input, so that a long input costs what a short one does per byte.
    public static let frameLimit = 400

    public init(_ bytes: [UInt8]) {
        var random = SplitMix64(seed: Self.hash(bytes))
        func draw(_ bound: Int) -> Int { Int(random.next() % UInt64(max(1, bound))) }

        // The widths terminals have. (Below 20 columns, deep list and quote prefixes and code
        // block headers do not fit: a known limit, left out so that it does not hide the rest.)
        width = Self.minimumWidth + draw(141)
        height = 2 + draw(60)
        depth = [ColorDepth.none, .basic, .palette][draw(3)]
        hyperlinks = draw(2) == 0
        reportsUpdates = draw(2) == 0

        // Chunk sizes: byte by byte, token-like, line-like, or big bursts.
        let largest = [1, 8, 64, 4_096][draw(4)]
        let floor = max(1, (bytes.count + Self.frameLimit - 1) / Self.frameLimit)
        var start = 0
        while start < bytes.count {
            let size = max(floor, 1 + draw(largest))
            let end = min(bytes.count, start + size)
            if end - start >= 2, draw(4) == 0 {
                let cut = start + 1 + draw(end - start - 1)
                frames.append([start..<cut, cut..<end])
            } else {
                frames.append([start..<end])
            }
            start = end
        }
        if !frames.isEmpty, draw(8) == 0 {
            resizeAt = draw(frames.count)
            resizeWidth = Self.minimumWidth + draw(141)
        }
    }

    public var description: String {
        "\(frames.count) frames, \(width)x\(height), colour \(depth), hyperlinks \(hyperlinks ? "on" : "off"), "
            + "\(reportsUpdates ? "update()" : "advance()")"
            + (resizeAt.map { ", resized to \(resizeWidth) after frame \($0)" } ?? "")
    }

    /// FNV-1a, 64 bits.
    public static func hash(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01B3
        }
        return hash
    }
}
