#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Carries link reference definitions from final text into every later parse.
///
/// A definition may come after the links that use it, and cmark offers no API for its reference
/// map. So the text of any final segment that may hold a definition (it contains `]:` outside a
/// code or HTML block: a safe over-approximation) is kept, and prepended to each re-parse.
/// Each kept segment is followed by a blank line, a one-word paragraph and another blank line,
/// which closes every container the segment opened; the engine drops blocks that start there.
///
/// A parse carries only the segments that may define a label its text references: a long
/// answer can keep hundreds, and the open part is parsed at most frames.
struct DefinitionCarrier: Sendable {
    /// Each kept segment (closed off) with the labels it may define, in order.
    private var segments: [(text: [UInt8], labels: DefinitionLabels)] = []
    /// The segments that may define each label, in order.
    private var segmentsByLabel: [[UInt8]: [Int]] = [:]
    /// The segments whose labels could not all be read (see ``DefinitionLabels/isUnbounded``).
    private var unboundedSegments: [Int] = []
    /// Each kept segment by where it starts in the stream and the context it was kept with: a
    /// container whose growth was given up and started again hands its final text in again from
    /// the same place, which replaces the segment instead of being kept twice (kept at every
    /// frame, the carried text grew without bound).
    private var segmentsByStart: [SegmentStart: Int] = [:]

    /// Where a segment starts, and the context lines kept in front of it.
    private struct SegmentStart: Hashable {
        let offset: Int
        let context: [UInt8]
    }

    /// Whether no segment is kept.
    var isEmpty: Bool { segments.isEmpty }
    /// How many segments are kept.
    var count: Int { segments.count }

    /// The kept segments that may define a label `text` references, in order (so the first
    /// definition of a label still wins): all a parse of the text needs to resolve its links.
    /// The labels are looked up by the text's ``DefinitionLabels/bracketedTokens(in:)``; a
    /// segment whose labels could not be read is included whenever the text holds a `]`.
    ///
    /// - Complexity: O(text + the segments chosen and their text).
    func prefix(for text: ArraySlice<UInt8>) -> [UInt8] {
        guard !segments.isEmpty, text.contains(0x5D) else { return [] }
        var chosen = unboundedSegments
        for token in DefinitionLabels.bracketedTokens(in: text) { chosen += segmentsByLabel[token] ?? [] }
        guard !chosen.isEmpty else { return [] }
        var result: [UInt8] = []
        var last = -1
        for index in chosen.sorted() where index != last {
            result += segments[index].text
            last = index
        }
        return result
    }

    /// Labels the segments kept since the last ``takeNewLabels()`` may define.
    private var newLabels = DefinitionLabels()

    /// The labels kept segments may have defined since the last call, and forgets them.
    mutating func takeNewLabels() -> DefinitionLabels {
        defer { newLabels = DefinitionLabels() }
        return newLabels
    }

    /// Closes off a kept segment so nothing of it stays open into what follows.
    private static let closer: [UInt8] = Array("\n\nx\n\n".utf8)

    /// Keeps `segment` if it may define a link reference.
    ///
    /// - Parameters:
    ///   - segment: a final block's text from its first line up to the next block's first line
    ///     (or text before the first block), so definition-only paragraphs, which leave no block,
    ///     are included.
    ///   - literalRange: the part of `segment` that is a code or HTML block, where `]:` is literal.
    ///   - context: lines kept in front of the segment so that it parses as it does in place: a
    ///     table's header and delimiter rows, without which its rows would be paragraphs (and
    ///     `[p]: x` in a row a definition).
    /// - Returns: whether the segment was kept (the caller then re-resolves earlier blocks).
    mutating func absorb(_ segment: ArraySlice<UInt8>, literalRange: Range<Int>?, context: [UInt8] = []) -> Bool {
        guard Self.mayDefine(segment, outside: literalRange) else { return false }
        let kept = context + segment + Self.closer
        let start = SegmentStart(offset: segment.startIndex, context: context)
        let index: Int
        if let earlier = segmentsByStart[start] {
            // The same final text from the same place, perhaps more of it (same context, same
            // closer): kept as it is when no longer. Still reported as kept, as before: the
            // caller re-resolves what it made final.
            guard kept.count > segments[earlier].text.count else { return true }
            index = earlier
            forget(index)
        } else {
            index = segments.count
            segmentsByStart[start] = index
            segments.append(([], DefinitionLabels()))
        }
        var labels = DefinitionLabels()
        labels.collect(from: segment)
        newLabels.merge(labels)
        if labels.isUnbounded { unboundedSegments.append(index) }
        for label in labels.labels { segmentsByLabel[label, default: []].append(index) }
        segments[index] = (kept, labels)
        return true
    }

    /// Takes segment `index` out of the label look-ups, before it is replaced.
    private mutating func forget(_ index: Int) {
        unboundedSegments.removeAll { $0 == index }
        for label in segments[index].labels.labels {
            segmentsByLabel[label]?.removeAll { $0 == index }
        }
    }

    /// Whether `]:` occurs in `text` outside `literalRange` (offsets as in `text`).
    ///
    /// - Complexity: O(n), each `]` found by `memchr`: every final segment of a document is asked.
    static func mayDefine(_ text: ArraySlice<UInt8>, outside literalRange: Range<Int>?) -> Bool {
        var found = false
        text.withUnsafeBufferPointer { bytes in
            forEachMark(in: bytes) { offset in
                found = !(literalRange?.contains(text.startIndex + offset) ?? false)
                return !found
            }
        }
        return found
    }

    /// Where the last `]:` in `text` starts at or after `start`, if one does.
    ///
    /// - Complexity: O(n - start), each `]` found by `memchr`: every byte a stream receives is read.
    static func lastMark(in text: [UInt8], from start: Int) -> Int? {
        var last: Int?
        text.withUnsafeBufferPointer { bytes in
            guard start < bytes.count else { return }
            forEachMark(in: UnsafeBufferPointer(rebasing: bytes[start...])) { offset in
                last = start + offset
                return true
            }
        }
        return last
    }

    /// Calls `body` with the offset of each `]:` in `bytes`, in order, while it returns true.
    private static func forEachMark(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Bool) {
        guard let base = bytes.baseAddress else { return }
        var index = 0
        while index + 1 < bytes.count, let found = memchr(base + index, 0x5D, bytes.count - index - 1) {
            index = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            if bytes[index + 1] == 0x3A, !body(index) { return }
            index += 1
        }
    }
}
