extension ModelEvent {
    /// Ollama's native API, one JSON object per line: `/api/generate` puts the answer in
    /// `response`, `/api/chat` in `message.content`; `thinking` (at the top, or in `message`)
    /// is the reasoning of thinking models. The last line (`"done": true`) carries statistics.
    static func ollama(_ json: JSONValue) -> ModelEvent? {
        if let response = json["response"]?.string {
            return text(response, reasoning: json["thinking"]?.string)
        }
        if let message = json["message"], message.isObject {
            return text(message["content"]?.string, reasoning: message["thinking"]?.string)
        }
        if case .bool = json["done"] { return .other }
        return nil
    }
}
