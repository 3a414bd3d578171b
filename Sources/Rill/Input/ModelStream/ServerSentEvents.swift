/// One server-sent event: its `data` lines joined with `\n`, and its type.
struct ServerSentEvent: Equatable, Sendable {
    var data: [UInt8]
    /// The `event:` field, empty when there was none.
    var type = ""
    /// 1-based line where the event starts.
    var line: Int
    /// Whether the event was longer than the reader's largest and lost its end.
    var isTruncated = false
}

/// Reads server-sent events (the WHATWG `text/event-stream` format) from a byte stream cut
/// anywhere: lines end in `\n`, `\r\n` or `\r`; `data:` lines accumulate, joined with `\n`;
/// `event:` names the type; lines starting with `:` are comments (keep-alives); other fields
/// (`id:`, `retry:`) are ignored; a blank line dispatches the event, and an event without data
/// is no event. A byte order mark at the start is skipped.
///
/// Unlike a browser, which drops an event the stream ends before its blank line, the reader
/// dispatches it: what a model wrote last is not lost to a missing line ending.
struct ServerSentEventReader: Sendable {
    /// Default for ``maxEventBytes``: far above any model event, low enough to bound memory.
    static let defaultMaxEventBytes = 8 << 20

    /// Largest event kept whole (its `data` lines together).
    let maxEventBytes: Int
    private var splitter: LineSplitter
    private var data: [UInt8] = []
    private var type = ""
    private var firstLine: Int?
    private var isTruncated = false

    init(maxEventBytes: Int = Self.defaultMaxEventBytes) {
        self.maxEventBytes = maxEventBytes
        self.splitter = LineSplitter(maxLength: maxEventBytes)
    }

    /// Lines read so far.
    var lineCount: Int { splitter.lineCount }

    /// The events `chunk` completes.
    ///
    /// - Complexity: O(n) in the chunk's length.
    mutating func events(in chunk: UnsafeBufferPointer<UInt8>) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for line in splitter.lines(in: chunk) {
            if let event = read(line) { events.append(event) }
        }
        return events
    }

    /// The event the stream ended in, if any.
    mutating func finish() -> ServerSentEvent? {
        if let line = splitter.finish(), let event = read(line) { return event }
        return dispatch()
    }

    private mutating func read(_ line: LineSplitter.Line) -> ServerSentEvent? {
        var bytes = line.bytes[...]
        if line.number == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if bytes.isEmpty { return dispatch() }
        if bytes.first == UInt8(ascii: ":") { return nil }
        let colon = bytes.firstIndex(of: UInt8(ascii: ":")) ?? bytes.endIndex
        var value = bytes[colon...].dropFirst()
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        let name = bytes[..<colon]
        if name.elementsEqual("data".utf8) {
            firstLine = firstLine ?? line.number
            if line.isTruncated || data.count + value.count + 1 > maxEventBytes {
                isTruncated = true
            } else {
                data.append(contentsOf: value)
                data.append(0x0A)
            }
        } else if name.elementsEqual("event".utf8) {
            firstLine = firstLine ?? line.number
            type = String(decoding: value, as: UTF8.self)
            isTruncated = isTruncated || line.isTruncated
        }
        return nil
    }

    /// The event gathered since the last blank line, if it has data; the buffers are emptied.
    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            data.removeAll(keepingCapacity: data.count <= 4096)
            type = ""
            firstLine = nil
            isTruncated = false
        }
        guard !data.isEmpty || isTruncated, let firstLine else { return nil }
        if data.last == 0x0A { data.removeLast() }
        guard !data.isEmpty || isTruncated else { return nil }
        return ServerSentEvent(data: data, type: type, line: firstLine, isTruncated: isTruncated)
    }
}
