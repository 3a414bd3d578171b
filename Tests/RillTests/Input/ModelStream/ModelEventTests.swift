@testable import Rill
import Testing

/// What each API's events carry: answer text, reasoning, an error, nothing, or an unknown shape.
@Suite struct ModelEventTests {
    static func event(_ json: String, type: String = "") throws -> ModelEvent {
        ModelEvent(json: try JSONParser.parse(Array(json.utf8)), eventType: type)
    }

    /// Events and what they carry, by API.
    static let cases: [(json: String, expected: ModelEvent)] = [
        // OpenAI chat completions and the servers that copy them.
        (#"{"choices":[{"index":0,"delta":{"role":"assistant","content":""}}]}"#, .other),
        (#"{"choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":null}]}"#, .delta(text: "Hi", reasoning: "")),
        (#"{"choices":[{"index":0,"delta":{"content":null}}]}"#, .other),
        (#"{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}"#, .other),
        (#"{"choices":[],"usage":{"total_tokens":3}}"#, .other),
        (#"{"choices":[{"index":1,"delta":{"content":"second choice"}}]}"#, .other),
        (#"{"choices":[{"index":1,"delta":{"content":"b"}},{"index":0,"delta":{"content":"a"}}]}"#, .delta(text: "a", reasoning: "")),
        (#"{"choices":[{"delta":{"reasoning_content":"hmm"}}]}"#, .delta(text: "", reasoning: "hmm")),
        (#"{"choices":[{"delta":{"reasoning":"hmm","content":"ok"}}]}"#, .delta(text: "ok", reasoning: "hmm")),
        (#"{"choices":[{"delta":{"refusal":"I can't."}}]}"#, .delta(text: "I can't.", reasoning: "")),
        (#"{"choices":[{"index":0,"message":{"role":"assistant","content":"whole"}}]}"#, .delta(text: "whole", reasoning: "")),
        (#"{"choices":[{"text":"legacy","index":0}]}"#, .delta(text: "legacy", reasoning: "")),
        (#"{"error":{"message":"Rate limit reached","type":"requests"}}"#, .error("requests: Rate limit reached")),
        // OpenAI responses.
        (#"{"type":"response.output_text.delta","delta":"Hi"}"#, .delta(text: "Hi", reasoning: "")),
        (#"{"type":"response.refusal.delta","delta":"No."}"#, .delta(text: "No.", reasoning: "")),
        (#"{"type":"response.reasoning_summary_text.delta","delta":"Plan"}"#, .delta(text: "", reasoning: "Plan")),
        (#"{"type":"response.reasoning_text.delta","delta":"raw"}"#, .delta(text: "", reasoning: "raw")),
        (#"{"type":"response.reasoning_summary_part.added","summary_index":0}"#, .other),
        (#"{"type":"response.reasoning_summary_part.added","summary_index":1}"#, .delta(text: "", reasoning: "\n\n")),
        (#"{"type":"response.output_text.done","text":"Hi there"}"#, .other),
        (#"{"type":"response.created","response":{"error":null}}"#, .other),
        (#"{"type":"response.failed","response":{"error":{"code":"server_error","message":"boom"}}}"#, .error("server_error: boom")),
        (#"{"type":"error","code":"invalid_prompt","message":"bad prompt","param":null}"#, .error("invalid_prompt: bad prompt")),
        // Anthropic messages.
        (#"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi"}}"#, .delta(text: "Hi", reasoning: "")),
        (#"{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"Hmm"}}"#, .delta(text: "", reasoning: "Hmm")),
        (#"{"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"x"}}"#, .other),
        (#"{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"a"}}"#, .other),
        (#"{"type":"content_block_start","index":0,"content_block":{"type":"text","text":"Pre"}}"#, .delta(text: "Pre", reasoning: "")),
        (#"{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t","name":"f","input":{}}}"#, .other),
        (#"{"type":"message_start","message":{"id":"m","content":[]}}"#, .other),
        (#"{"type":"ping"}"#, .other),
        (#"{"type":"message_stop"}"#, .other),
        (#"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#, .error("overloaded_error: Overloaded")),
        // Ollama.
        (#"{"model":"m","response":"Hi","done":false}"#, .delta(text: "Hi", reasoning: "")),
        (#"{"model":"m","response":"","thinking":"Hmm","done":false}"#, .delta(text: "", reasoning: "Hmm")),
        (#"{"model":"m","message":{"role":"assistant","content":"Hi"},"done":false}"#, .delta(text: "Hi", reasoning: "")),
        (#"{"model":"m","message":{"role":"assistant","content":"","thinking":"Hmm"},"done":false}"#, .delta(text: "", reasoning: "Hmm")),
        (#"{"model":"m","done":true,"total_duration":5}"#, .other),
        (#"{"error":"model 'x' not found"}"#, .error("model 'x' not found")),
        // Gemini.
        (#"{"candidates":[{"content":{"parts":[{"text":"Hi"},{"text":" there"}],"role":"model"}}]}"#, .delta(text: "Hi there", reasoning: "")),
        (#"{"candidates":[{"content":{"parts":[{"text":"Hmm","thought":true},{"text":"Hi"}]}}]}"#, .delta(text: "Hi", reasoning: "Hmm")),
        (#"{"usageMetadata":{"totalTokenCount":4}}"#, .other),
        (#"{"error":{"code":429,"message":"Quota","status":"RESOURCE_EXHAUSTED"}}"#, .error("RESOURCE_EXHAUSTED: Quota")),
        // Nothing Rill knows.
        (#"{"foo":"bar"}"#, .unknown),
        (#"{"type":"something_new","text":"x"}"#, .unknown),
        (#"["a"]"#, .unknown),
        (#""text""#, .unknown),
        (#"{"error":null,"foo":1}"#, .unknown),
    ]
}

extension ModelEventTests {
    @Test("Each API's events carry what they should", arguments: 0..<cases.count)
    func apiEvents(_ index: Int) throws {
        let (json, expected) = Self.cases[index]
        #expect(try Self.event(json) == expected, "\(json)")
    }

    @Test("The SSE event type stands in for a missing `type` member")
    func eventTypeFallback() throws {
        #expect(try Self.event(#"{"delta":{"type":"text_delta","text":"Hi"}}"#, type: "content_block_delta") == .delta(text: "Hi", reasoning: ""))
        #expect(try Self.event(#"{"message":"went wrong"}"#, type: "error") == .error("went wrong"))
        #expect(try Self.event(#"{"type":"ping"}"#, type: "content_block_delta") == .other, "the JSON's own type wins")
    }
}
