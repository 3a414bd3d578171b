extension ModelEvent {
    /// OpenAI's Responses API (`"stream": true`): `response.output_text.delta` (answer),
    /// `response.refusal.delta` (a refusal, shown as the answer), `response.reasoning_text.delta`
    /// and `response.reasoning_summary_text.delta` (reasoning); `response.failed` is an error;
    /// every other `response.…` event carries no new text (the `….done` events repeat it whole).
    static func openAIResponse(_ json: JSONValue, type: String) -> ModelEvent? {
        guard type.hasPrefix("response.") else { return nil }
        switch type {
        case "response.output_text.delta", "response.refusal.delta":
            return text(json["delta"]?.string)
        case "response.reasoning_text.delta", "response.reasoning_summary_text.delta":
            return text(nil, reasoning: json["delta"]?.string)
        case "response.reasoning_summary_part.added":
            // Each summary part is a paragraph of its own.
            let first = json["summary_index"] == nil || json["summary_index"] == .number("0")
            return first ? .other : text(nil, reasoning: "\n\n")
        case "response.failed":
            return .error(errorMessage(json["response"]?["error"]))
        default:
            return .other
        }
    }
}
