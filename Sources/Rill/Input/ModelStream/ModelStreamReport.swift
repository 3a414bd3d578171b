/// What decoding a model API's stream met besides text: for `--stats` and for the messages
/// shown when the stream ends.
public struct ModelStreamReport: Equatable, Sendable {
    /// Where an event was found wrong, and what was wrong with it.
    public struct Fault: Equatable, Sendable {
        /// 1-based line where the event starts.
        public var line: Int
        /// What is wrong with it.
        public var reason: String
    }

    /// Events (SSE events or JSON lines) read.
    public internal(set) var events = 0
    /// Malformed events, skipped.
    public internal(set) var malformed = 0
    /// The first malformed event.
    public internal(set) var firstMalformed: Fault?
    /// Well-formed events of no known API, skipped.
    public internal(set) var unknown = 0
    /// Where the first event of no known API starts.
    public internal(set) var firstUnknownLine: Int?
    /// Errors the API reported, in its words (the first few, each once).
    public internal(set) var errors: [String] = []
    /// Bytes of answer text the events carried.
    public internal(set) var textBytes = 0
    /// Bytes of reasoning the events carried, shown or not.
    public internal(set) var reasoningBytes = 0

    /// Most distinct errors kept.
    static let maxErrors = 5

    /// Lines for standard error once the stream has ended (none for a clean stream): each
    /// kind of trouble once, however often it occurred.
    public func messages(format: InputFormat) -> [String] {
        let unit = format == .jsonl ? "line" : "event", one = format == .jsonl ? "a line" : "an event"
        var messages: [String] = []
        if let first = firstMalformed {
            messages.append(malformed == 1
                ? "skipped a malformed \(unit) at line \(first.line): \(first.reason)"
                : "skipped \(malformed) malformed \(unit)s; the first, at line \(first.line): \(first.reason)")
        }
        for error in errors { messages.append("the model API reported an error: \(error)") }
        guard textBytes == 0, reasoningBytes == 0, errors.isEmpty else { return messages }
        if let line = firstUnknownLine {
            messages.append(unknown == 1
                ? "no text found: skipped \(one) of no API rill knows, at line \(line)"
                : "no text found: skipped \(unknown) \(unit)s of no API rill knows; the first at line \(line)")
        } else if events == 0, malformed == 0, format == .sse || format == .jsonl {
            messages.append(format == .sse ? "no server-sent events in the input" : "no JSON lines in the input")
        }
        return messages
    }

    /// Whether the stream failed, for the exit status: the API reported an error, or the input
    /// read as `format` (events) gave nothing to show because none of it could be read (only
    /// malformed events, only events of no API rill knows, or no event at all), which
    /// ``messages(format:)`` tells. A stream of known events that carry no text (a tool call
    /// alone) has not failed.
    public func failed(format: InputFormat) -> Bool {
        guard errors.isEmpty else { return true }
        switch format {
        case .sse, .jsonl:
            return textBytes == 0 && reasoningBytes == 0 && (malformed > 0 || unknown > 0 || events == 0)
        case .markdown, .auto:
            return false
        }
    }

    mutating func noteMalformed(line: Int, reason: String) {
        malformed += 1
        if firstMalformed == nil { firstMalformed = Fault(line: line, reason: reason) }
    }

    mutating func noteError(_ message: String) {
        if errors.count < Self.maxErrors, !errors.contains(message) { errors.append(message) }
    }
}
