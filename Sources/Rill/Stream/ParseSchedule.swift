/// When the open part is parsed again: the one schedule of the engine.
///
/// While the text a parse of the open part would hand cmark is small, at every frame. Above
/// ``threshold`` bytes, only once it has grown by a quarter since its last parse, or once a
/// blank line and a complete line after it arrived (a new block may have begun), at most once
/// between two such parses; the frames in between keep the last view (a giant open block lags
/// behind its text by up to a quarter of its size, and becomes final a little later). The parse
/// sizes then grow geometrically, so the total work stays proportional to the input. A parse
/// that starts somewhere else (the frontier or a resume point moved) is always due.
struct ParseSchedule: Sendable {
    /// Size in bytes above which the open part is not parsed at every frame.
    var threshold = 64 * 1024

    /// When the next parse happens.
    enum Timing: Equatable {
        /// Now: the open part is small, new, or has grown by a quarter.
        case due
        /// Now, before it has grown enough, because a new block may have begun.
        case early
        /// Not this frame: the last view stays.
        case deferred
    }

    /// The last parse of the open part, and what the text since says.
    private var last: LastParse?

    private struct LastParse {
        var start: Int
        var cost: Int
        var end: Int
        var wasEarly: Bool
        /// Text after `end` already scanned for a blank line followed by a complete line.
        var scanned: Int
        var lineIsBlank: Bool
        var sawBlankLine = false
    }

    /// Whether a parse starting at `start` that would hand cmark `cost` bytes is due now.
    mutating func timing(start: Int, cost: Int, source: [UInt8]) -> Timing {
        guard var last, last.start == start else { return .due }
        guard cost > threshold, cost - last.cost < last.cost / 4 else { return .due }
        guard !last.wasEarly else { return .deferred }
        // A blank line, then a complete line: a new block may have begun, parse now.
        var index = last.scanned
        while index < source.count {
            let byte = source[index]
            switch byte {
            case 0x0A, 0x0D:
                if byte == 0x0A, index > 0, source[index - 1] == 0x0D { break }
                if last.sawBlankLine, !last.lineIsBlank { return .early }
                if last.lineIsBlank { last.sawBlankLine = true }
                last.lineIsBlank = true
            case 0x20, 0x09:
                break
            default:
                last.lineIsBlank = false
            }
            index += 1
        }
        last.scanned = source.count
        self.last = last
        return .deferred
    }

    /// Remembers that the open part was parsed from `start`, handing cmark `cost` bytes, as of
    /// the whole text received.
    mutating func noteParse(start: Int, cost: Int, wasEarly: Bool, source: [UInt8]) {
        last = LastParse(start: start, cost: cost, end: source.count, wasEarly: wasEarly, scanned: source.count,
                         lineIsBlank: source.last == 0x0A || source.last == 0x0D)
    }
}
