/// Decides from the first bytes of a stream whether it is markdown, server-sent events or
/// JSON lines, for `--input auto`.
///
/// A stream is markdown unless it starts with a complete, well-formed event of an API Rill
/// knows: an SSE `data:` line holding such a JSON object, or `data: [DONE]` (after any
/// comments, `event:`, `id:` or `retry:` lines and blank lines), or a first line that is such
/// a JSON object. Markdown that merely mentions `data:` in its first line is never taken for
/// events, and it is not held back longer than needed: the verdict comes at the first byte
/// that cannot continue an event (`Hello` is markdown at `H`, `data: the` at `t`), at the latest
/// at the end of the line that would hold the event, or after ``limit`` bytes.
enum FormatSniffer {
    /// Most bytes held before the stream is taken for markdown.
    static let limit = 64 * 1024

    /// An incomplete line this long that is still undecided stays so until it ends: what can
    /// decide early (a field name, `data: ` and the start of its value, `[DONE]`) is shorter.
    static let openLineHorizon = 16

    enum Verdict: Equatable {
        case undecided
        case decided(InputFormat)
    }

    /// The verdict on `prefix`, the stream's first bytes; `isComplete` when the stream ended
    /// there (the verdict is then never ``Verdict/undecided``).
    ///
    /// - Complexity: O(n) in the prefix's length.
    static func sniff(_ prefix: [UInt8], isComplete: Bool) -> Verdict {
        var index = 0
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        if prefix.count < 3, !isComplete, bom.starts(with: prefix) { return .undecided }
        if prefix.starts(with: bom) { index = 3 }
        var sawField = false
        var eventType = ""
        while true {
            guard index < prefix.count else { return pending(prefix, isComplete) }
            let end = prefix[index...].firstIndex { $0 == 0x0A || $0 == 0x0D }
            let line = prefix[index..<(end ?? prefix.count)]
            let lineIsComplete = end != nil || isComplete
            switch judge(line, isComplete: lineIsComplete, firstContent: !sawField, eventType: &eventType) {
            case .verdict(let format):
                return .decided(format)
            case .needMore:
                return pending(prefix, isComplete)
            case .field:
                sawField = true
                fallthrough
            case .blank:
                guard let end else { return .decided(.markdown) }
                index = end + 1
                if prefix[end] == 0x0D, index < prefix.count, prefix[index] == 0x0A { index += 1 }
            }
        }
    }

    private enum LineVerdict {
        case verdict(InputFormat)
        /// The line could still begin an event: wait for more of it.
        case needMore
        /// A blank line.
        case blank
        /// A comment or an SSE field that is not `data:`.
        case field
    }

    private static func pending(_ prefix: [UInt8], _ isComplete: Bool) -> Verdict {
        isComplete || prefix.count > limit ? .decided(.markdown) : .undecided
    }

    private static func judge(_ line: ArraySlice<UInt8>, isComplete: Bool, firstContent: Bool,
                              eventType: inout String) -> LineVerdict {
        guard let first = line.first else { return isComplete ? .blank : .needMore }
        if first == UInt8(ascii: ":") { return isComplete ? .field : .needMore }
        if first == UInt8(ascii: "{"), firstContent {
            guard isComplete else { return .needMore }
            return .verdict(isKnownEvent(line, eventType: "") ? .jsonl : .markdown)
        }
        for name in ["data", "event", "id", "retry"] {
            let field = Array((name + ":").utf8)
            if !isComplete, field.starts(with: line) { return .needMore }
            guard line.starts(with: field) else { continue }
            var value = line.dropFirst(field.count)
            if value.first == 0x20 { value = value.dropFirst() }
            guard name == "data" else {
                if name == "event" { eventType = String(decoding: value, as: UTF8.self) }
                return isComplete ? .field : .needMore
            }
            return judgeData(value, isComplete: isComplete, eventType: eventType)
        }
        return .verdict(.markdown)
    }

    /// The value of the first `data:` line: a known event's JSON object or `[DONE]`.
    private static func judgeData(_ value: ArraySlice<UInt8>, isComplete: Bool, eventType: String) -> LineVerdict {
        let done = Array("[DONE]".utf8)
        guard let first = value.first else { return isComplete ? .verdict(.markdown) : .needMore }
        if first == UInt8(ascii: "{") {
            guard isComplete else { return .needMore }
            return .verdict(isKnownEvent(value, eventType: eventType) ? .sse : .markdown)
        }
        if !isComplete, done.starts(with: value) { return .needMore }
        return .verdict(isComplete && value.elementsEqual(done) ? .sse : .markdown)
    }

    /// Whether `json` is a well-formed event of an API Rill reads (an error report included).
    private static func isKnownEvent(_ json: ArraySlice<UInt8>, eventType: String) -> Bool {
        guard let value = try? JSONParser.parse(json) else { return false }
        return ModelEvent(json: value, eventType: eventType) != .unknown
    }
}
