/// When the open part is parsed again: the one schedule of the engine.
///
/// A parse is weighed by its ``ParseWork``: the bytes it would hand cmark, times what a byte of
/// the open part cost at its last parse (its bytes and weighted nodes over its bytes). While that
/// is under ``threshold``, the open part is parsed at every frame: an answer's open part, a
/// paragraph or a list item being written, weighs a few kilobytes. Above it, only once the text a
/// parse would hand cmark has grown by a quarter since its last parse, or once a blank line and a
/// complete line after it arrived (a new block may have begun), at most once between two such
/// parses; the frames in between keep the last view (a costly open block lags behind its text by
/// up to a quarter of its size, and becomes final a little later). The parse sizes then grow
/// geometrically, so the parses of one open part cost at most five times its last parse.
///
/// The frames below the threshold parse it whole each: at one byte a frame, with `w` what a byte
/// weighs and `t` the weight a frame may parse, they cost about `t²/2w` before the geometric
/// parses start, against `n·w` for a one-shot parse of `n` bytes. Prose weighs 2 to 12 a byte, so
/// its paragraphs parse at every frame up to several kilobytes; a dense open part (a node every
/// few bytes: a line of `>`, of `*a`, of `[`) would spend most of its time there. So above
/// ``denseWeightPerByte`` the weight a frame may parse shrinks as what a byte weighs grows
/// (``limit``): those frames then cost a small multiple of a one-shot parse, and the total stays
/// within a fixed multiple of it. Complete lines settle and items are followed from inside, so
/// what a light open part hands cmark stays small, but for one line being written: a long line
/// that a frame cannot show without a parse (a line of `<`, which the plain-text extension does
/// not take) would still cost `t²/2w`, and so would the few blocks whose complete lines do not
/// settle (link definitions one after another are one open paragraph until a blank line). So
/// the parses of an open part that keeps its start are also held to a budget: what they spent
/// against a floor plus ``spendingRatio`` times a parse of it now. The floor is
/// ``spendingFloor`` for a part that is mostly its incomplete line, or whose last parse made no
/// node (link definitions one after another: parsed again, they still show nothing), and 16
/// times that for any other (which an answer's paragraph or list item fed a byte at a time
/// never reaches; the most any reaches is a list nested 40 levels deep, past the depth from
/// which items are followed, about 11 M; an answer's open part spends under 0.4 M). Past it, such
/// a part waits until it has grown by a quarter (or a new block may have begun), and its parses
/// cost at most about ``spendingRatio`` times a one-shot parse beyond the floor. A parse that
/// starts somewhere else (the frontier or a resume point moved) is always due, with a new budget.
struct ParseSchedule: Sendable {
    /// Weight (``ParseWork/weight``) above which the open part is not parsed at every frame.
    var threshold = 64 * 1024

    /// When the next parse happens.
    enum Timing: Equatable {
        /// Now: the open part is light, new, or has grown by a quarter.
        case due
        /// Now, before it has grown enough, because a new block may have begun.
        case early
        /// Not this frame: the last view stays.
        case deferred
    }

    /// The last parse of the open part, and what the text since says.
    private var last: LastParse?
    /// Bytes a parse must hand cmark for its weight per byte to be taken as it is.
    static let minimumSample = 512

    /// What a byte of the open part weighed at its last parse, as a fraction.
    private var weightPerByte = (weight: 1, bytes: 1)

    private struct LastParse {
        var start: Int
        var bytes: Int
        var end: Int
        var wasEarly: Bool
        /// Text after `end` already scanned for a blank line followed by a complete line.
        var scanned: Int
        var lineIsBlank: Bool
        var sawBlankLine = false
        /// Weight of the parses of the open part since it started at `start`.
        var spent = 0
        /// Whether the last parse of the open part made no node: it shows nothing (link
        /// reference definitions alone).
        var showedNothing = false
    }

    /// Weight the parses of an open part that starts at the same place may spend before
    /// ``spendingRatio`` bounds them: 16 parses as heavy as ``threshold`` (1 M, about 16 parses
    /// of 64 KB of text), which no answer's paragraph or list item written in ordinary pieces
    /// reaches.
    var spendingFloor: Int { threshold &* 16 }

    /// How many times the weight of a parse of the whole open part its parses may have spent,
    /// past ``spendingFloor``, for one more to be due before the part has grown by a quarter.
    static let spendingRatio = 8

    /// What a parse that hands cmark `bytes` bytes of the open part is expected to weigh.
    func expectedWeight(bytes: Int) -> Int {
        let (product, overflow) = bytes.multipliedReportingOverflow(by: weightPerByte.weight)
        return overflow ? .max : product / weightPerByte.bytes
    }

    /// What a byte weighs above which the open part is dense: a node every four bytes or more,
    /// which no prose makes.
    static let denseWeightPerByte = 16

    /// The weight above which a parse is heavy: ``threshold``, or for a dense open part that in
    /// proportion to ``denseWeightPerByte`` over what a byte weighs (so that it parses at every
    /// frame over `threshold · 16 / w²` bytes: 248 for a nested `>` a byte, 16 K for prose).
    var limit: Int {
        let perByte = weightPerByte.weight / weightPerByte.bytes
        guard perByte > Self.denseWeightPerByte else { return threshold }
        return threshold / perByte * Self.denseWeightPerByte
    }

    /// Whether a parse of `bytes` bytes of the open part weighs more than ``limit``.
    func isHeavy(bytes: Int) -> Bool {
        expectedWeight(bytes: bytes) > limit
    }

    /// Whether the parses of the open part since it started where it starts now, with one of
    /// `bytes` bytes more, stay within `floor` and ``spendingRatio`` times that parse.
    private func isAffordable(_ last: LastParse, bytes: Int, floor: Int) -> Bool {
        let expected = expectedWeight(bytes: bytes)
        let (allowed, overflow) = expected.multipliedReportingOverflow(by: Self.spendingRatio - 1)
        return overflow || last.spent <= floor &+ allowed
    }

    /// Whether a parse starting at `start` that would hand cmark `bytes` bytes is due now;
    /// `lineBytes` is the length of the incomplete last line (0 when there is none).
    mutating func timing(start: Int, bytes: Int, lineBytes: Int = 0, source: [UInt8]) -> Timing {
        guard var last, last.start == start else { return .due }
        // Complete lines settle and items are followed from inside, but nothing cuts a line
        // being written: a part that is mostly its incomplete line has the lower floor, and so
        // has a part that shows nothing, which no frame needs parsed to be up to date.
        let floor = lineBytes > bytes / 2 || last.showedNothing ? spendingFloor : spendingFloor &* 16
        guard isHeavy(bytes: bytes) || !isAffordable(last, bytes: bytes, floor: floor),
              bytes - last.bytes < last.bytes / 4 else {
            return .due
        }
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

    /// Remembers that the open part was shown from `start` with a parse of `bytes` bytes as of
    /// the whole text received; `work` is what this frame's parses of it cost (nil when it was
    /// shown without one).
    mutating func noteParse(start: Int, bytes: Int, work: ParseWork?, wasEarly: Bool, source: [UInt8]) {
        if let work, work.bytes > 0 {
            // A parse of a few bytes says little about what a byte weighs: a held-back line of
            // three bytes that makes five nodes would price a paragraph of 600 bytes as heavy.
            // Below ``minimumSample`` bytes the weight is spread over that many.
            weightPerByte = (max(work.bytes, work.weight), max(work.bytes, Self.minimumSample))
        }
        var spent = 0
        var showedNothing = false
        if let last, last.start == start {
            let (sum, overflow) = last.spent.addingReportingOverflow(work?.weight ?? 0)
            spent = overflow ? .max : sum
            showedNothing = last.showedNothing
        }
        if let work, work.bytes > 0 { showedNothing = work.nodes == 0 }
        last = LastParse(start: start, bytes: bytes, end: source.count, wasEarly: wasEarly, scanned: source.count,
                         lineIsBlank: source.last == 0x0A || source.last == 0x0D, spent: spent, showedNothing: showedNothing)
    }
}
