extension ModelEvent {
    /// OpenAI-style chat completions, streamed (`choices[0].delta`) or whole
    /// (`choices[0].message`), as OpenAI and the many servers that copy it (vLLM, llama.cpp,
    /// LM Studio, OpenRouter, DeepSeek, Mistral, Groq) send them: `content` is the answer (a
    /// `refusal` too), `reasoning_content` or `reasoning` the reasoning; legacy completions put
    /// the answer in `choices[0].text`. Only the first choice (index 0) is shown.
    static func openAIChatCompletion(_ json: JSONValue) -> ModelEvent? {
        guard let choices = json["choices"]?.array else { return nil }
        guard let choice = choices.first(where: { $0["index"] == nil || $0["index"] == .number("0") }) else {
            return .other
        }
        let part = choice["delta"] ?? choice["message"]
        let answer = (part?["content"]?.string ?? "") + (part?["refusal"]?.string ?? "") + (choice["text"]?.string ?? "")
        let reasoning = part?["reasoning_content"]?.string ?? part?["reasoning"]?.string
        return text(answer, reasoning: reasoning)
    }
}
