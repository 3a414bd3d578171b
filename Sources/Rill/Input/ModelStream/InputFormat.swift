/// What a byte stream holds: markdown, or a model API's stream that carries it.
public enum InputFormat: String, CaseIterable, Sendable {
    /// Markdown, rendered as it is.
    case markdown
    /// Server-sent events (`data: {…}` lines), as OpenAI, Anthropic, Gemini and the servers
    /// that copy them stream an answer.
    case sse
    /// One JSON object per line, as Ollama streams an answer.
    case jsonl
    /// Decided from the first bytes (``FormatSniffer``): markdown unless they are a
    /// well-formed event of a known API.
    case auto
}
