@testable import Rill
import Testing

/// `--input auto`: markdown unless the stream starts with a well-formed event of a known API,
/// decided as early as the bytes allow.
@Suite struct FormatSnifferTests {
    static func verdict(_ text: String, complete: Bool = false) -> FormatSniffer.Verdict {
        FormatSniffer.sniff(Array(text.utf8), isComplete: complete)
    }

    /// How many bytes of `text`, fed one at a time, it takes to decide, and the verdict.
    static func decision(_ text: String) -> (bytes: Int, format: InputFormat) {
        let bytes = Array(text.utf8)
        for count in 0...bytes.count {
            if case .decided(let format) = FormatSniffer.sniff(Array(bytes[..<count]), isComplete: false) {
                return (count, format)
            }
        }
        guard case .decided(let format) = FormatSniffer.sniff(bytes, isComplete: true) else {
            Issue.record("undecided at the end")
            return (bytes.count, .markdown)
        }
        return (bytes.count, format)
    }

    static let chatEvent = #"data: {"choices":[{"index":0,"delta":{"content":"Hi"}}]}"#
}

extension FormatSnifferTests {
    @Test("Markdown is decided at the first byte that cannot begin an event")
    func earlyMarkdown() {
        #expect(Self.decision("Hello **world**").bytes == 1)
        #expect(Self.decision("# Title\n").bytes == 1)
        #expect(Self.decision("- item\n").bytes == 1)
        #expect(Self.decision("dat a\n") == (4, .markdown))
        #expect(Self.decision("data: the answer is\n") == (7, .markdown))
        #expect(Self.decision("data:\n") == (6, .markdown))
        #expect(Self.decision("data: [DON'T]\n") == (11, .markdown))
        #expect(Self.decision("event: x\nThe answer\n") == (10, .markdown))
    }

    @Test("Prose starting with `data:` is never taken for events, not even with a JSON-looking value")
    func proseStartingWithData() {
        for text in ["data: it depends on the data.\n\nMore prose.", "data:{not json}\n\n", "data: {\"choices\": [\n", #"data: {"foo":1}"# + "\n\n",
                     "data: {\"choices\":[]} and then some prose\n"] {
            #expect(Self.decision(text).format == .markdown, "\(text.debugDescription)")
        }
    }

    @Test("A well-formed event of a known API makes SSE, at the end of its data line")
    func serverSentEvents() {
        #expect(Self.decision(Self.chatEvent + "\n\n") == (Self.chatEvent.utf8.count + 1, .sse))
        #expect(Self.decision("data: [DONE]\n\n").format == .sse)
        #expect(Self.decision(": keep-alive\n\n" + Self.chatEvent + "\r\n").format == .sse)
        #expect(Self.decision("event: message_start\r\ndata: {\"type\":\"message_start\",\"message\":{}}\r\n\r\n").format == .sse)
        #expect(Self.decision("\u{FEFF}id: 1\nretry: 5\n" + Self.chatEvent + "\n").format == .sse)
        #expect(Self.decision("data: {\"error\":{\"message\":\"Invalid API key\"}}\n\n").format == .sse, "an error report is an event")
    }

    @Test("The SSE event type counts when the JSON names none")
    func eventType() {
        #expect(Self.decision("event: content_block_delta\ndata: {\"delta\":{\"type\":\"text_delta\",\"text\":\"a\"}}\n").format == .sse)
        #expect(Self.decision("data: {\"delta\":{\"type\":\"text_delta\",\"text\":\"a\"}}\n").format == .markdown)
    }

    @Test("A first line that is a known API's JSON object makes JSON lines; other JSON is markdown")
    func jsonLines() {
        #expect(Self.decision(#"{"model":"m","response":"Hi","done":false}"# + "\n") == (43, .jsonl))
        #expect(Self.decision("\n\n" + #"{"model":"m","message":{"content":"Hi"},"done":false}"# + "\n").format == .jsonl)
        #expect(Self.decision(#"{"name": "rill", "version": 1}"# + "\n").format == .markdown)
        #expect(Self.decision("{ not json\n").format == .markdown)
        #expect(Self.decision("{\n  \"pretty\": true\n}\n").format == .markdown)
    }

    @Test("Undecided input waits, but not past the limit, nor past the end of the stream")
    func limits() {
        #expect(Self.verdict("data: {\"choices\"") == .undecided)
        #expect(Self.verdict("data: {\"choices\"", complete: true) == .decided(.markdown))
        #expect(Self.verdict("", complete: true) == .decided(.markdown))
        #expect(Self.verdict(": only a comment\n\n") == .undecided)
        #expect(Self.verdict(": only a comment\n\n", complete: true) == .decided(.markdown))
        #expect(Self.verdict(Self.chatEvent, complete: true) == .decided(.sse), "the last line needs no line ending")
        let long = "data: {\"choices\":[{\"delta\":{\"content\":\"" + String(repeating: "x", count: FormatSniffer.limit) + "\"}}]}"
        #expect(Self.verdict(long) == .decided(.markdown))
        #expect(Self.verdict(String(long.prefix(FormatSniffer.limit))) == .undecided)
    }
}
