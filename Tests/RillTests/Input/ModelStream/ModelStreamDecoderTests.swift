import Foundation
@testable import Rill
import RillTestSupport
import Testing

/// Decoding model APIs' streams: every fixture, in token-sized and 1-byte pieces, gives exactly
/// the markdown it carries and renders like it; malformed, split and interleaved input loses
/// nothing of the valid text; `auto` passes markdown through untouched.
@Suite struct ModelStreamDecoderTests {
    typealias Fixture = ModelStreamFixtures.Fixture

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// A Corpus document normalized as the stream stores it (what a JSON string can carry).
    static func normalizedDocument(_ name: String) -> [UInt8] { Oracle.normalized(Corpus.bytes(name)) }

    /// Documents wrapped in every API's format by default; all of them with `RILL_EXHAUSTIVE=1`.
    static var wrappedDocuments: [String] {
        TestEnvironment.isExhaustive
            ? Corpus.documentNames
            : ["answer-rust-ownership.md", "stream-cjk-emoji.md", "stream-control-bytes.md", "stream-tabs-crlf.md"]
    }
}

extension ModelStreamDecoderTests {
    @Test("Each fixture, in token-sized and 1-byte pieces, named or detected, decodes to exactly its answer",
          arguments: ModelStreamFixtures.all)
    func fixtureDecodes(_ fixture: Fixture) {
        let bytes = fixture.stream
        #expect(!bytes.isEmpty && !fixture.answer.isEmpty, "\(fixture) is missing")
        for format in [fixture.format, .auto] {
            for (label, pieces) in [("token", ReplayChunker.ranges(of: bytes, mode: .tokens(seed: 5))),
                                    ("1-byte", ModelStreamFixtures.bytewise(bytes))] {
                let (output, decoder) = ModelStreamFixtures.decode(bytes, pieces: pieces, format: format)
                #expect(Self.text(output) == Self.text(fixture.answer), "\(fixture) as \(format) in \(label) pieces")
                #expect(decoder.format == fixture.format)
                #expect(decoder.messages.isEmpty, "\(decoder.messages)")
                #expect(decoder.reasoningRanges.isEmpty)
                let shown = ModelStreamFixtures.decode(bytes, pieces: pieces, format: format, showsReasoning: true).output
                #expect(Self.text(shown) == Self.text(fixture.answerWithReasoning), "\(fixture) with reasoning in \(label) pieces")
            }
        }
    }

    @Test("Each fixture streamed into the engine, a frame per decoded piece, ends as a one-shot parse of its answer and renders like it",
          arguments: ModelStreamFixtures.all)
    func fixtureRenders(_ fixture: Fixture) {
        for showsReasoning in [false, true] {
            let bytes = fixture.stream
            let expected = showsReasoning ? fixture.answerWithReasoning : fixture.answer
            var decoder = ModelStreamDecoder(format: .auto, showsReasoning: showsReasoning)
            var stream = MarkdownStream()
            for piece in ReplayChunker.ranges(of: bytes, mode: .tokens(seed: 9)) {
                var markdown: [UInt8] = []
                decoder.decode(bytes[piece], into: &markdown)
                if !markdown.isEmpty {
                    stream.append(markdown)
                    stream.advance()
                }
            }
            var markdown: [UInt8] = []
            decoder.finish(into: &markdown)
            stream.append(markdown)
            stream.finish()
            #expect(stream.blocks == Oracle.parse(expected), "\(fixture), reasoning shown: \(showsReasoning)")
            let context = LayoutContext(width: 72)
            #expect(DocumentLayout.lines(for: stream.blocks, in: context) == DocumentLayout.lines(for: Oracle.parse(expected), in: context))
        }
    }

    @Test("Every SSE fixture with CRLF or CR line endings, in 1-byte pieces, decodes the same",
          arguments: ModelStreamFixtures.all.filter { $0.format == .sse })
    func lineEndings(_ fixture: Fixture) {
        for ending in [[UInt8(0x0D), 0x0A], [0x0D]] {
            var bytes: [UInt8] = []
            for byte in fixture.stream { if byte == 0x0A { bytes += ending } else if byte != 0x0D { bytes.append(byte) } }
            let output = ModelStreamFixtures.decode(bytes, pieces: ModelStreamFixtures.bytewise(bytes), format: .auto).output
            #expect(Self.text(output) == Self.text(fixture.answer), "\(fixture) with \(ending) line endings")
        }
    }

    @Test("Malformed events among valid ones are each skipped, reported once in all, and no valid text is lost",
          arguments: ModelStreamFixtures.all)
    func malformedEvents(_ fixture: Fixture) {
        let bad: [String] = fixture.format == .sse
            ? [#"data: {"choices":[{"delta":{"content":"\q"}}]}"#, "data: {\"type\":\"content_block_delta\",\"delta\":{\"type\":\"text_delta\",\"text\":\"cut",
               "data: not json at all", "data: {\"a\":1}\ndata: {\"b\":2}", "data: {\"text\":\"\u{1}\"}"]
            : [#"{"response":"\q","done":false}"#, "{\"response\":\"cut", "not json at all", "{\"a\":1} {\"b\":2}", "data: {\"x\":1}"]
        // Each bad event goes in after a valid one, at places spread over the stream.
        let separator = fixture.format == .sse ? "\n\n" : "\n"
        let events = Self.text(fixture.stream).replacingOccurrences(of: "\r\n", with: "\n")
            .components(separatedBy: separator).filter { !$0.isEmpty }
        var mixed: [String] = []
        let spacing = max(1, events.count / bad.count)
        for (index, event) in events.enumerated() {
            mixed.append(event)
            if index % spacing == 0, index / spacing < bad.count { mixed.append(bad[index / spacing]) }
        }
        let bytes = Array((mixed.joined(separator: separator) + separator).utf8)
        for pieces in [ReplayChunker.ranges(of: bytes, mode: .tokens(seed: 2)), ModelStreamFixtures.bytewise(bytes)] {
            let (output, decoder) = ModelStreamFixtures.decode(bytes, pieces: pieces, format: .auto)
            #expect(Self.text(output) == Self.text(fixture.answer), "\(fixture)")
            #expect(decoder.report.malformed == bad.count)
            #expect(decoder.messages.count == 1, "\(decoder.messages)")
            #expect(decoder.messages.first?.hasPrefix("skipped \(bad.count) malformed") == true, "\(decoder.messages)")
        }
    }

    @Test("Corpus documents wrapped in each API's format, in 1-byte pieces, decode to the document exactly",
          arguments: ModelStreamEncoding.apis)
    func wrappedCorpus(_ api: String) {
        for name in Self.wrappedDocuments {
            let document = Self.normalizedDocument(name)
            let bytes = ModelStreamEncoding.encode(document, as: api)
            let output = ModelStreamFixtures.decode(bytes, pieces: ModelStreamFixtures.bytewise(bytes), format: .auto).output
            #expect(output == document, "\(name) as \(api)")
        }
    }

    @Test("`auto` passes every Corpus document through unchanged, and markdown opening with `data:` prose too")
    func markdownPassesThrough() {
        var documents = Corpus.documentNames.map { Corpus.bytes($0) }
        documents += ["data: the answer depends on your data.\n\nSo: measure first.\n",
                      "data:{\"choices\":[{\"delta\":{\"content\":\"x\"}}]} is what the API sends.\n",
                      ": a line that looks like a comment\n\nevent: not really\n\nProse.\n",
                      "{\"key\": \"value\"}\n\nJSON shown unfenced.\n",
                      "data: {\"foo\": 1}\n\n",
                      "\u{FEFF}Hello\n", ""].map { Array($0.utf8) }
        for document in documents {
            for pieces in [[0..<document.count], ModelStreamFixtures.bytewise(document)] {
                let (output, decoder) = ModelStreamFixtures.decode(document, pieces: pieces, format: .auto)
                #expect(output == document, "\(Self.text(Array(document.prefix(40))).debugDescription)")
                #expect(decoder.format == .markdown && decoder.messages.isEmpty)
            }
        }
    }

    @Test("A markdown answer is held back no longer than its first line")
    func markdownNotHeldBack() {
        let answer = Array("data: not an event\nsecond line".utf8)
        var decoder = ModelStreamDecoder(format: .auto)
        var output: [UInt8] = []
        for byte in answer {
            decoder.decode([byte], into: &output)
        }
        #expect(output == answer, "everything is out before the input ends")
    }

    @Test("A first line longer than the sniffing limit, fed a byte at a time, is markdown, passed through whole")
    func longFirstLine() {
        let line = "data: {\"choices\":[{\"delta\":{\"content\":\"" + String(repeating: "x", count: FormatSniffer.limit) + "\"}}]}\n\nmore\n"
        let bytes = Array(line.utf8)
        let (output, decoder) = ModelStreamFixtures.decode(bytes, pieces: ModelStreamFixtures.bytewise(bytes), format: .auto)
        #expect(output == bytes)
        #expect(decoder.format == .markdown)
        let event = Array(("data: {\"choices\":[{\"delta\":{\"content\":\"" + String(repeating: "y", count: 4000) + "\"}}]}\n\n").utf8)
        let decoded = ModelStreamFixtures.decode(event, pieces: ModelStreamFixtures.bytewise(event), format: .auto)
        #expect(decoded.output == Array(String(repeating: "y", count: 4000).utf8), "a long first event is still found")
    }

    @Test("The API's error events are reported, each once; the text around them is kept")
    func apiErrors() {
        let stream = """
        data: {"choices":[{"delta":{"content":"Partial"}}]}

        data: {"error":{"message":"The server had an error","type":"server_error"}}

        data: {"error":{"message":"The server had an error","type":"server_error"}}

        event: error
        data: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}


        """
        let (output, decoder) = ModelStreamFixtures.decode(Array(stream.utf8), pieces: [0..<stream.utf8.count], format: .auto)
        #expect(Self.text(output) == "Partial")
        #expect(decoder.messages == ["the model API reported an error: server_error: The server had an error",
                                     "the model API reported an error: overloaded_error: Overloaded"])
        let body = Array(#"{"error":"model 'llama9' not found, try pulling it first"}"#.utf8)
        let ollama = ModelStreamFixtures.decode(body, pieces: [0..<body.count], format: .auto).decoder
        #expect(ollama.format == .jsonl)
        #expect(ollama.messages == ["the model API reported an error: model 'llama9' not found, try pulling it first"])
    }

    @Test("A stream of events of no known API says so; a forced format that finds nothing says so")
    func nothingFound() {
        let unknown = Array("data: {\"kind\":\"token\",\"value\":\"a\"}\n\ndata: {\"kind\":\"token\",\"value\":\"b\"}\n\n".utf8)
        let sse = ModelStreamFixtures.decode(unknown, pieces: [0..<unknown.count], format: .sse).decoder
        #expect(sse.messages == ["no text found: skipped 2 events of no API rill knows; the first at line 1"])
        let markdown = Array("# Title\n\nText.\n".utf8)
        #expect(ModelStreamFixtures.decode(markdown, pieces: [0..<markdown.count], format: .sse).decoder.messages
                == ["no server-sent events in the input"])
        #expect(ModelStreamFixtures.decode(markdown, pieces: [0..<markdown.count], format: .jsonl).decoder.messages
                == ["skipped 2 malformed lines; the first, at line 1: not JSON (unexpected '#' at byte 0)"])
    }

    @Test("An event over the size limit is skipped and reported; the events after it are read")
    func oversizedEvent() {
        let stream = Array(("data: {\"response\":\"" + String(repeating: "x", count: 100) + "\"}\n\ndata: {\"response\":\"ok\"}\n\n").utf8)
        var decoder = ModelStreamDecoder(format: .sse, showsReasoning: false, maxEventBytes: 64)
        var output: [UInt8] = []
        decoder.decode(stream, into: &output)
        decoder.finish(into: &output)
        #expect(Self.text(output) == "ok")
        #expect(decoder.messages == ["skipped a malformed event at line 1: an event over 64 bytes"])
    }
}
