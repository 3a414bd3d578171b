import Foundation
import Rill

/// The recorded-format fixtures in `Fixtures/`: each API's stream, written for these tests
/// from the API's documented format (not captured from a service), beside the markdown answer
/// it carries (`NAME.md`) and, where it carries reasoning, that answer with the reasoning shown
/// (`NAME.with-reasoning.md`).
enum ModelStreamFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    struct Fixture: CustomStringConvertible, Sendable {
        let name: String
        let format: InputFormat
        var description: String { "\(name).\(format.rawValue)" }

        var stream: [UInt8] { ModelStreamFixtures.bytes("\(name).\(format.rawValue)") }
        var answer: [UInt8] { ModelStreamFixtures.bytes("\(name).md") }
        /// The answer with the reasoning shown: the answer itself when there is none.
        var answerWithReasoning: [UInt8] {
            let path = ModelStreamFixtures.directory.appendingPathComponent("\(name).with-reasoning.md").path
            return FileManager.default.fileExists(atPath: path) ? ModelStreamFixtures.bytes("\(name).with-reasoning.md") : answer
        }
    }

    static let all: [Fixture] = [
        Fixture(name: "openai-chat-completions", format: .sse),
        Fixture(name: "openai-responses", format: .sse),
        Fixture(name: "anthropic-messages", format: .sse),
        Fixture(name: "gemini", format: .sse),
        Fixture(name: "ollama-generate", format: .jsonl),
        Fixture(name: "ollama-chat", format: .jsonl),
    ]

    static func bytes(_ file: String) -> [UInt8] {
        [UInt8](FileManager.default.contents(atPath: directory.appendingPathComponent(file).path) ?? Data())
    }

    /// What a decoder makes of `bytes` fed in `pieces`, and the decoder, finished.
    static func decode(_ bytes: [UInt8], pieces: [Range<Int>], format: InputFormat,
                       showsReasoning: Bool = false) -> (output: [UInt8], decoder: ModelStreamDecoder) {
        var decoder = ModelStreamDecoder(format: format, showsReasoning: showsReasoning)
        var output: [UInt8] = []
        for piece in pieces { decoder.decode(bytes[piece], into: &output) }
        decoder.finish(into: &output)
        return (output, decoder)
    }

    /// Every byte a piece.
    static func bytewise(_ bytes: [UInt8]) -> [Range<Int>] {
        bytes.indices.map { $0..<$0 + 1 }
    }
}

/// Writes markdown as each API would stream it, a token-sized piece per event, for tests that
/// wrap whole documents.
enum ModelStreamEncoding {
    /// `text`'s pieces as `api` streams them.
    static func encode(_ text: [UInt8], as api: String, seed: UInt64 = 3) -> [UInt8] {
        let pieces = ReplayChunker.ranges(of: text, mode: .tokens(seed: seed)).map { String(decoding: text[$0], as: UTF8.self) }
        var out = ""
        switch api {
        case "openai-chat-completions":
            for piece in pieces { out += "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\(json(piece, ascii: true))}}]}\n\n" }
            out += "data: [DONE]\n\n"
        case "openai-responses":
            for piece in pieces {
                out += "event: response.output_text.delta\ndata: {\"type\":\"response.output_text.delta\",\"delta\":\(json(piece))}\n\n"
            }
        case "anthropic-messages":
            for piece in pieces {
                out += "event: content_block_delta\r\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\(json(piece))}}\r\n\r\n"
            }
        case "gemini":
            for piece in pieces { out += "data: {\"candidates\":[{\"content\":{\"parts\":[{\"text\":\(json(piece))}],\"role\":\"model\"}}]}\r\r" }
        case "ollama-generate":
            for piece in pieces { out += "{\"model\":\"m\",\"response\":\(json(piece)),\"done\":false}\n" }
        default:
            for piece in pieces { out += "{\"model\":\"m\",\"message\":{\"role\":\"assistant\",\"content\":\(json(piece))},\"done\":false}\n" }
        }
        return Array(out.utf8)
    }

    static let apis = ["openai-chat-completions", "openai-responses", "anthropic-messages", "gemini", "ollama-generate", "ollama-chat"]

    /// `text` as a JSON string; with `ascii`, every non-ASCII character as `\u` escapes
    /// (surrogate pairs beyond the BMP).
    static func json(_ text: String, ascii: Bool = false) -> String {
        var out = "\""
        for unit in text.unicodeScalars {
            switch unit {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where unit.value < 0x20 || (ascii && unit.value > 0x7E):
                for code in String(unit).utf16 { out += "\\u" + String(repeating: "0", count: 4 - String(code, radix: 16).count) + String(code, radix: 16) }
            default: out.unicodeScalars.append(unit)
            }
        }
        return out + "\""
    }
}
