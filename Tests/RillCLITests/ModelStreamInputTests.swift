import Foundation
import RillTestSupport
import Testing

/// `rill` reading what model APIs send: `--input`, `--show-reasoning`, and what it says on
/// standard error about malformed events and API errors.
@Suite struct ModelStreamInputTests {
    static let fixtures = Corpus.root.appendingPathComponent("Tests/RillTests/Input/ModelStream/Fixtures")

    static func path(_ file: String) -> String { fixtures.appendingPathComponent(file).path }

    /// Each recorded-format fixture and the answer it carries.
    static let streams = ["openai-chat-completions.sse", "openai-responses.sse", "anthropic-messages.sse", "gemini.sse",
                          "ollama-generate.jsonl", "ollama-chat.jsonl"]

    static func answer(_ stream: String, reasoning: Bool = false) -> String {
        let name = String(stream[..<stream.lastIndex(of: ".")!])
        let shown = name + ".with-reasoning.md"
        return reasoning && FileManager.default.fileExists(atPath: path(shown)) ? shown : name + ".md"
    }

    /// `output` with the dim attribute (SGR 2) taken out of every SGR sequence, colours kept.
    static func withoutDim(_ output: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < output.count {
            guard output[index] == 0x1B, index + 1 < output.count, output[index + 1] == UInt8(ascii: "["),
                  let end = output[index...].firstIndex(of: UInt8(ascii: "m")),
                  output[(index + 2)..<end].allSatisfy({ $0 == UInt8(ascii: ";") || (0x30...0x39).contains($0) }) else {
                result.append(output[index])
                index += 1
                continue
            }
            let parameters = String(decoding: output[(index + 2)..<end], as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false)
            var kept: [Substring] = []
            var position = 0
            while position < parameters.count {
                let parameter = parameters[position]
                if parameter == "38" || parameter == "48" {
                    // A colour: `5;N` or `2;R;G;B` follows, whose 2 is no attribute.
                    let length = position + 1 < parameters.count && parameters[position + 1] == "2" ? 5 : 3
                    kept += parameters[position..<min(parameters.count, position + length)]
                    position += length
                    continue
                }
                if parameter != "2" { kept.append(parameter) }
                position += 1
            }
            result += Array("\u{1B}[\(kept.joined(separator: ";"))m".utf8)
            index = end + 1
        }
        return result
    }

    /// Writes `text` to a temporary file for the duration of `body`.
    static func withFile<T>(_ text: String, _ body: (URL) throws -> T) throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rill-input-\(UUID().uuidString)")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url)
    }
}

extension ModelStreamInputTests {
    @Test("Each fixture, given as a file, replayed in token pieces, or on standard input, renders exactly as the answer it carries",
          arguments: streams)
    func fixtureRendersAsItsAnswer(_ stream: String) throws {
        let flags = ["--width", "72", "--color", "always"]
        let answer = try RillProcess.run(flags + [Self.path(Self.answer(stream))], environment: [:]).stdout
        let withReasoning = try RillProcess.run(flags + [Self.path(Self.answer(stream, reasoning: true))], environment: [:]).stdout
        let hasReasoning = Self.answer(stream, reasoning: true) != Self.answer(stream)
        for reasoning in [false, true] {
            let shown = flags + (reasoning ? ["--show-reasoning"] : [])
            let runs = [
                ("file", try RillProcess.run(shown + [Self.path(stream)], environment: [:])),
                ("replay", try RillProcess.run(shown + ["--replay", Self.path(stream)], environment: [:])),
                ("standard input", try RillProcess.run(shown + ["--input", stream.hasSuffix(".sse") ? "sse" : "jsonl"],
                                                       input: Self.fixtures.appendingPathComponent(stream), environment: [:])),
            ]
            for (how, result) in runs {
                let what = "\(stream) as \(how)\(reasoning ? " with reasoning" : "")"
                #expect(result.status == 0 && result.stderr.isEmpty, "\(what): \(result.stderr)")
                guard reasoning, hasReasoning else {
                    #expect(result.stdout == answer, "\(what): differs from the answer's render")
                    continue
                }
                // The answer's lines come after the reasoning exactly as alone; the reasoning's
                // lines are those of its quote, dimmed.
                #expect(result.stdout.count > answer.count && Array(result.stdout.suffix(answer.count)) == answer,
                        "\(what): the answer is not drawn as alone after the reasoning")
                #expect(result.stdout != withReasoning, "\(what): the reasoning is not dimmed")
                #expect(Self.screen(Self.withoutDim(result.stdout)) == Self.screen(Self.withoutDim(withReasoning)),
                        "\(what): differs from the quoted reasoning's render, dimming aside")
            }
        }
    }

    /// What `output` shows on a terminal, attributes included.
    static func screen(_ output: [UInt8]) -> [String] {
        var terminal = VirtualTerminal(width: 72, height: 200)
        terminal.feed(Array(String(decoding: output, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n").utf8))
        return terminal.styledTranscript
    }

    @Test("On a terminal, the live view dims shown reasoning and draws what a pipe gets")
    func liveViewDimsReasoning() throws {
        let stream = Self.path("anthropic-messages.sse")
        let environment = ["TERM": "xterm-256color"]
        let live = try PseudoTerminal.run(["--show-reasoning", stream], environment: environment, columns: 80, rows: 60)
        let piped = try RillProcess.run(["--show-reasoning", "--color", "always", "--width", "80", stream], environment: environment)
        #expect(live.status == 0 && piped.status == 0)
        var liveScreen = VirtualTerminal(width: 80, height: 60)
        liveScreen.feed(live.output)
        var pipedScreen = VirtualTerminal(width: 80, height: 60)
        pipedScreen.feed(Array(String(decoding: piped.stdout, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n").utf8))
        #expect(liveScreen.styledTranscript.filter { !$0.isEmpty } == pipedScreen.styledTranscript.filter { !$0.isEmpty })
        #expect(liveScreen.styledTranscript.contains { $0.contains("⟦2⟧The user wants") }, "the reasoning is dimmed")
        let hidden = try PseudoTerminal.run([stream], environment: environment, columns: 80, rows: 60)
        #expect(!String(decoding: hidden.output, as: UTF8.self).contains("The user wants"), "hidden by default")
    }

    @Test("Malformed events are skipped and told once on standard error; the valid text is all there")
    func malformedEvents() throws {
        let stream = """
        data: {"choices":[{"delta":{"content":"Hello "}}]}

        data: {"choices":[{"delta":{"content":"\\q"}}]}

        data: {"choices":[{"delta":{"content":"wor"}}]}

        data: {"choices":[{"delta":{"content":
        
        : keep-alive

        data: {"choices":[{"delta":{"content":"ld"}}]}

        data: [DONE]

        """
        let result = try Self.withFile(stream) { try RillProcess.run(["--format", "plain", $0.path], environment: [:]) }
        #expect(result.status == 0)
        #expect(String(decoding: result.stdout, as: UTF8.self) == "Hello world\n")
        #expect(result.stderr == "rill: skipped 2 malformed events; the first, at line 3: not JSON (invalid escape '\\q' at byte 33)\n")
    }

    @Test("Escape sequences a model's JSON carries reach the terminal only as placeholders")
    func escapesInEvents() throws {
        let stream = ##"data: {"choices":[{"delta":{"content":"# Hi \u001b[2J\u001b]0;pwned\u0007 **x**\u001b[31m\n"}}]}"## + "\n\n"
        let result = try Self.withFile(stream) {
            try RillProcess.run(["--format", "text", "--color", "always", "--hyperlinks", "never", $0.path], environment: [:])
        }
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        var terminal = VirtualTerminal(width: 80, height: 10)
        terminal.feed(result.stdout)
        #expect(terminal.transcript.contains { $0.contains("Hi ␛[2J␛]0;pwned␇ x␛[31m") }, "\(terminal.transcript)")
        #expect(OutputAudit.violations(in: result.stdout, styled: true, hyperlinks: false) == [])
    }

    @Test("An error the API reports is shown after the text that came, and the status is 1")
    func apiError() throws {
        let stream = """
        event: content_block_delta
        data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Partial answer"}}

        event: error
        data: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}


        """
        let result = try Self.withFile(stream) { try RillProcess.run(["--format", "plain", $0.path], environment: [:]) }
        #expect(result.status == 1)
        #expect(String(decoding: result.stdout, as: UTF8.self) == "Partial answer\n")
        #expect(result.stderr == "rill: the model API reported an error: overloaded_error: Overloaded\n")
    }

    @Test("`--input markdown` shows the protocol as text; `--input sse` on markdown says it found no events, status 1")
    func forcedFormats() throws {
        let raw = try RillProcess.run(["--format", "plain", "--input", "markdown", Self.path("gemini.sse")], environment: [:])
        #expect(String(decoding: raw.stdout, as: UTF8.self).hasPrefix("data: {\"candidates\""))
        let forced = try RillProcess.run(["--format", "plain", "--input", "sse", Self.path("gemini.md")], environment: [:])
        #expect(forced.status == 1 && forced.stdout.isEmpty)
        #expect(forced.stderr == "rill: no server-sent events in the input\n")
    }

    /// Events that give nothing to show because none could be read fail the run, as an error
    /// the API reported does: a script must not take an unreadable stream for an empty answer.
    /// Known events that carry no text (a tool call alone) do not.
    @Test("Events of which none could be read end with status 1; known events without text with 0",
          arguments: [
              (["--input", "jsonl"], "# A heading\n\nprose\n", 1, "rill: skipped 2 malformed lines; the first, at line 1: not JSON (unexpected '#' at byte 0)\n"),
              (["--input", "sse"], "", 1, "rill: no server-sent events in the input\n"),
              (["--input", "sse"], "data: {\"unknown\":1}\n\n", 1, "rill: no text found: skipped an event of no API rill knows, at line 1\n"),
              (["--input", "sse"], "data: {\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"{}\"}}]}}]}\n\ndata: [DONE]\n\n", 0, ""),
          ])
    func unreadableEvents(_ input: [String], _ stream: String, _ status: Int32, _ stderr: String) throws {
        let result = try Self.withFile(stream) { try RillProcess.run(["--format", "plain"] + input + [$0.path], environment: [:]) }
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr == stderr)
    }

    @Test("`--stats` tells the input format and the events read")
    func statistics() throws {
        let result = try RillProcess.run(["--format", "plain", "--stats", Self.path("ollama-generate.jsonl")], environment: [:])
        #expect(result.stderr.contains("input:                 jsonl, "), "\(result.stderr)")
        #expect(result.stderr.contains("(0 malformed, 0 unknown)"), "\(result.stderr)")
    }
}
