@testable import Rill
import Testing

/// The `text/event-stream` reader: fields, comments, blank-line dispatch, any cut of the bytes.
@Suite struct ServerSentEventsTests {
    /// The events of `text` fed in `pieces`-byte pieces (all at once when nil), as (type, data).
    static func events(_ text: String, pieces: Int? = nil, maxEventBytes: Int = 1 << 20) -> [ServerSentEvent] {
        let bytes = Array(text.utf8)
        var reader = ServerSentEventReader(maxEventBytes: maxEventBytes)
        var events: [ServerSentEvent] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + (pieces ?? bytes.count))
            events += bytes[start..<end].withUnsafeBufferPointer { reader.events(in: $0) }
            start = end
        }
        if let last = reader.finish() { events.append(last) }
        return events
    }

    static func summary(_ events: [ServerSentEvent]) -> [String] {
        events.map { "\($0.type)|\(String(decoding: $0.data, as: UTF8.self))@\($0.line)\($0.isTruncated ? "!" : "")" }
    }
}

extension ServerSentEventsTests {
    @Test("A blank line dispatches; data lines join with \\n; event names the type; comments and other fields are ignored")
    func fields() {
        let text = ": hello\n\nevent: delta\nid: 7\nretry: 10\ndata: {\"a\":\ndata:1}\nfoo: bar\n\ndata: x\n\n"
        #expect(Self.summary(Self.events(text)) == ["delta|{\"a\":\n1}@3", "|x@10"])
    }

    @Test("One space after the colon is dropped, no more; a line without a colon is a field with no value")
    func values() {
        #expect(Self.summary(Self.events("data:x\n\ndata:  y\n\ndata\n\n")) == ["|x@1", "| y@3"])
    }

    @Test("An event without data, or with empty data only, is no event; its type does not carry over")
    func emptyEvents() {
        #expect(Self.summary(Self.events("event: ping\n\ndata:\n\ndata: z\n\n")) == ["|z@5"])
    }

    @Test("CRLF and CR line endings, a byte order mark, and every piece size give the same events")
    func lineEndingsAndPieces() {
        let lf = "event: a\ndata: 1\n\n: keep-alive\n\ndata: 2\ndata: 3\n\n"
        let expected = Self.summary(Self.events(lf))
        #expect(expected == ["a|1@1", "|2\n3@6"])
        for text in [lf, lf.replacingOccurrences(of: "\n", with: "\r\n"), lf.replacingOccurrences(of: "\n", with: "\r"), "\u{FEFF}" + lf] {
            for pieces in [1, 2, 3, 7, 1000] {
                #expect(Self.summary(Self.events(text, pieces: pieces)) == expected, "\(text.debugDescription) in \(pieces)-byte pieces")
            }
        }
    }

    @Test("An event the stream ends in is dispatched, blank line or not")
    func eventAtTheEnd() {
        #expect(Self.summary(Self.events("data: a\n\ndata: b")) == ["|a@1", "|b@3"])
        #expect(Self.summary(Self.events("data: a\n\ndata: b\n")) == ["|a@1", "|b@3"])
    }

    @Test("An event over the limit is marked truncated and dropped whole; the next one is whole")
    func oversizedEvent() {
        let events = Self.events("data: 0123456789\ndata: 0123456789\n\ndata: ok\n\n", maxEventBytes: 16)
        #expect(Self.summary(events).last == "|ok@4")
        #expect(events.count == 2 && events[0].isTruncated)
    }
}
