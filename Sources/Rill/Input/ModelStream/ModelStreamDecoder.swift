/// Turns what a model's HTTP API streams (server-sent events, JSON lines) into the markdown
/// answer it carries, ready for ``MarkdownStream/append(_:)``; markdown passes through.
///
/// Bytes may arrive in any pieces: an event split across reads, a `\r\n` split in two, one
/// byte at a time, all give the same text. A malformed event (bad JSON, an invalid escape, an
/// event over 8 MiB) is skipped and counted in ``report``, never fatal, and nothing of the
/// well-formed events around it is lost. Reasoning is dropped unless `showsReasoning`, which
/// writes it as a block quote (see ``ModelTextWriter``) at ``reasoningRanges``.
///
/// ```swift
/// var decoder = ModelStreamDecoder(format: .auto)
/// var markdown: [UInt8] = []
/// decoder.decode(chunk, into: &markdown)
/// stream.append(markdown)
/// ```
public struct ModelStreamDecoder: Sendable {
    /// The format asked for.
    public let requestedFormat: InputFormat
    /// The format being read: the one asked for, or what `auto` decided; nil while `auto` has
    /// not decided yet (its bytes are held until it has, see ``FormatSniffer``).
    public private(set) var format: InputFormat?
    /// What the stream held besides text.
    public private(set) var report = ModelStreamReport()
    private var held: [UInt8] = []
    /// Where the last line of ``held`` starts.
    private var heldLineStart = 0
    private var events: ServerSentEventReader
    private var lines: LineSplitter
    private var writer: ModelTextWriter

    /// Creates a decoder for `format`; reasoning is written only if `showsReasoning`.
    public init(format: InputFormat = .auto, showsReasoning: Bool = false) {
        self.init(format: format, showsReasoning: showsReasoning, maxEventBytes: ServerSentEventReader.defaultMaxEventBytes)
    }

    /// A decoder refusing events (or lines) over `maxEventBytes`.
    init(format: InputFormat, showsReasoning: Bool, maxEventBytes: Int) {
        self.requestedFormat = format
        self.format = format == .auto ? nil : format
        self.writer = ModelTextWriter(showsReasoning: showsReasoning)
        self.events = ServerSentEventReader(maxEventBytes: maxEventBytes)
        self.lines = LineSplitter(maxLength: maxEventBytes)
    }

    /// Whether input goes on unchanged: the format is markdown.
    public var passesThrough: Bool { format == .markdown }

    /// Offsets of the output where shown reasoning is (empty for markdown): a block starting
    /// in one of them is reasoning. Offsets are the stream's when all of the stream's input
    /// comes from this decoder.
    public var reasoningRanges: [Range<Int>] { writer.reasoningRanges }

    /// Decodes `chunk`, appending the markdown it completes to `output`.
    ///
    /// - Complexity: O(n) in the chunk's length (while `auto` is undecided, in what is held).
    public mutating func decode(_ chunk: some Collection<UInt8>, into output: inout [UInt8]) {
        guard let format else {
            if hold(chunk), case .decided(let verdict) = FormatSniffer.sniff(held, isComplete: false) {
                decide(verdict, into: &output)
            }
            return
        }
        switch format {
        case .markdown, .auto:
            output.append(contentsOf: chunk)
        case .sse:
            let found: [ServerSentEvent]? = chunk.withContiguousStorageIfAvailable { events.events(in: $0) }
            for event in found ?? Array(chunk).withUnsafeBufferPointer({ events.events(in: $0) }) { read(event, into: &output) }
        case .jsonl:
            let found: [LineSplitter.Line]? = chunk.withContiguousStorageIfAvailable { lines.lines(in: $0) }
            for line in found ?? Array(chunk).withUnsafeBufferPointer({ lines.lines(in: $0) }) { read(line, into: &output) }
        }
    }

    /// Ends the input: decides the format if `auto` still had not, and decodes what was held
    /// (an event the stream ended in, without its blank line, counts).
    public mutating func finish(into output: inout [UInt8]) {
        if format == nil, case .decided(let verdict) = FormatSniffer.sniff(held, isComplete: true) {
            decide(verdict, into: &output)
        }
        switch format {
        case .sse: if let event = events.finish() { read(event, into: &output) }
        case .jsonl: if let line = lines.finish() { read(line, into: &output) }
        case .markdown, .auto, nil: break
        }
    }

    /// Lines for standard error once the input has ended (none for a clean stream).
    public var messages: [String] { report.messages(format: format ?? .markdown) }

    /// Whether the stream failed (see ``ModelStreamReport/failed(format:)``): the command's status is 1.
    public var failed: Bool { report.failed(format: format ?? .markdown) }

    /// A size limit in words: MiB when it is whole MiB.
    private static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    /// Holds `chunk` while `auto` is undecided; says whether the verdict may have changed: a
    /// line ended, or the line being written is still short, or the limit is passed. A long
    /// first line arriving a few bytes at a time is then not scanned again for every piece.
    private mutating func hold(_ chunk: some Collection<UInt8>) -> Bool {
        let before = held.count
        held.append(contentsOf: chunk)
        if let end = held[before...].lastIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
            heldLineStart = end + 1
            return true
        }
        return before - heldLineStart < FormatSniffer.openLineHorizon || held.count > FormatSniffer.limit
    }

    private mutating func decide(_ verdict: InputFormat, into output: inout [UInt8]) {
        format = verdict
        let bytes = held
        held = []
        decode(bytes, into: &output)
    }

    private mutating func read(_ event: ServerSentEvent, into output: inout [UInt8]) {
        report.events += 1
        if event.isTruncated {
            report.noteMalformed(line: event.line, reason: "an event over \(Self.size(events.maxEventBytes))")
        } else if !event.data.elementsEqual("[DONE]".utf8) {
            read(json: event.data, type: event.type, line: event.line, into: &output)
        }
    }

    private mutating func read(_ line: LineSplitter.Line, into output: inout [UInt8]) {
        var bytes = line.bytes[...]
        if line.number == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) || line.isTruncated else { return }
        report.events += 1
        if line.isTruncated {
            report.noteMalformed(line: line.number, reason: "a line over \(Self.size(lines.maxLength))")
        } else {
            read(json: bytes, type: "", line: line.number, into: &output)
        }
    }

    private mutating func read(json: some Collection<UInt8>, type: String, line: Int, into output: inout [UInt8]) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(json)
        } catch {
            report.noteMalformed(line: line, reason: "not JSON (\(error))")
            return
        }
        switch ModelEvent(json: value, eventType: type) {
        case .delta(let text, let reasoning):
            report.textBytes += text.utf8.count
            report.reasoningBytes += reasoning.utf8.count
            writer.write(reasoning: reasoning, into: &output)
            writer.write(text: text, into: &output)
        case .other:
            break
        case .error(let message):
            report.noteError(message)
        case .unknown:
            report.unknown += 1
            if report.firstUnknownLine == nil { report.firstUnknownLine = line }
        }
    }
}
