/// The bytes the parse's guards (``TableGuard``, ``AngleRuns``) write in place of source bytes
/// before cmark reads the text, and their undoing in what cmark hands back.
enum GuardMarks {
    /// `text` with every mark replaced by the byte it stands for.
    static func restore(_ text: UnsafePointer<CChar>) -> String {
        let raw = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
        var length = 0
        while raw[length] != 0 { length += 1 }
        let buffer = UnsafeBufferPointer(start: raw, count: length)
        guard buffer.contains(where: UTF8Normalizer.isReserved) else {
            return String(decoding: buffer, as: UTF8.self)
        }
        let restored = buffer.map(original)
        return String(decoding: restored, as: UTF8.self)
    }

    /// The source byte `byte` stands for (itself when it is no mark).
    static func original(_ byte: UInt8) -> UInt8 {
        switch byte {
        case TableGuard.pipeMark: 0x7C
        case TableGuard.dashMark: 0x2D
        case AngleRuns.mark: 0x3C
        default: byte
        }
    }
}
