extension ModelEvent {
    /// Anthropic's Messages API (`"stream": true`): `content_block_delta` events whose delta is
    /// a `text_delta` (answer) or a `thinking_delta` (extended thinking); the other event types
    /// carry no text (`signature_delta`, `input_json_delta`, starts, stops, pings).
    static func anthropicMessage(_ json: JSONValue, type: String) -> ModelEvent? {
        switch type {
        case "content_block_delta":
            let delta = json["delta"]
            switch delta?["type"]?.string {
            case "text_delta": return text(delta?["text"]?.string)
            case "thinking_delta": return text(nil, reasoning: delta?["thinking"]?.string)
            default: return .other
            }
        case "content_block_start":
            // The block's first text is empty in practice, but it is text all the same.
            let block = json["content_block"]
            switch block?["type"]?.string {
            case "text": return text(block?["text"]?.string)
            case "thinking": return text(nil, reasoning: block?["thinking"]?.string)
            default: return .other
            }
        case "message_start", "message_delta", "message_stop", "content_block_stop", "ping":
            return .other
        default:
            return nil
        }
    }
}
