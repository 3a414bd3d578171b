extension ModelEvent {
    /// Google's Gemini API (`streamGenerateContent?alt=sse`): the text of the first candidate's
    /// parts; parts marked `"thought": true` are reasoning.
    static func gemini(_ json: JSONValue) -> ModelEvent? {
        guard let candidates = json["candidates"]?.array else {
            return json["usageMetadata"] != nil || json["promptFeedback"] != nil ? .other : nil
        }
        var answer = "", reasoning = ""
        for part in candidates.first?["content"]?["parts"]?.array ?? [] {
            guard let piece = part["text"]?.string else { continue }
            if part["thought"] == .bool(true) { reasoning += piece } else { answer += piece }
        }
        return text(answer, reasoning: reasoning)
    }
}
