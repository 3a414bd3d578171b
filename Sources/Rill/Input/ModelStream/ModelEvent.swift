/// What one event of a model API's stream carries, whichever API it came from.
enum ModelEvent: Equatable, Sendable {
    /// Text of the answer and of the model's reasoning; either may be empty.
    case delta(text: String, reasoning: String)
    /// An event of a known API that carries no text: a start, a stop, usage, a ping, `[DONE]`.
    case other
    /// The API reports a failure, in its words.
    case error(String)
    /// Well-formed JSON of no shape Rill knows.
    case unknown

    /// Reads the JSON of one event (an SSE event's data or a JSON line); `eventType` is the
    /// SSE `event:` field, used when the JSON names no `type` of its own.
    init(json: JSONValue, eventType: String = "") {
        guard json.isObject else {
            self = .unknown
            return
        }
        if let error = json["error"], error != .null {
            self = .error(Self.errorMessage(error))
            return
        }
        let type = json["type"]?.string ?? eventType
        if let event = Self.anthropicMessage(json, type: type) ?? Self.openAIResponse(json, type: type)
            ?? Self.openAIChatCompletion(json) ?? Self.ollama(json) ?? Self.gemini(json) {
            self = event
        } else if type == "error" {
            self = .error(Self.errorMessage(json))
        } else {
            self = .unknown
        }
    }

    /// A delta, or ``other`` when it carries neither text nor reasoning.
    static func text(_ text: String?, reasoning: String? = nil) -> ModelEvent {
        let text = text ?? "", reasoning = reasoning ?? ""
        return text.isEmpty && reasoning.isEmpty ? .other : .delta(text: text, reasoning: reasoning)
    }

    /// An API's error object in one line: `type: message` when it names both.
    static func errorMessage(_ error: JSONValue?) -> String {
        guard let error else { return "unknown error" }
        if let text = error.string { return text }
        let message = error["message"]?.string
        // The first name of the kind of error that says more than "error".
        let kind = [error["type"], error["code"], error["status"]].lazy.compactMap { $0?.string }.first { $0 != "error" }
        switch (kind, message) {
        case (let kind?, let message?): return "\(kind): \(message)"
        case (nil, let message?): return message
        case (let kind?, nil): return kind
        case (nil, nil): return "unknown error"
        }
    }
}
