import Foundation
import Rill
import RillTestSupport
import Testing

/// Hostile bytes through the built `rill`: read from standard input in whatever pieces the pipe
/// gives, or replayed in 1- and 3-byte pieces, the done line is the one-shot parse's.
@Suite struct HostileBytesEndToEndTests {
    /// Writes `bytes` to a temporary file and returns its URL.
    static func file(_ bytes: [UInt8]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rill-bytes-\(UUID().uuidString).md")
        try Data(bytes).write(to: url)
        return url
    }

    /// Hand-picked documents, then random ones.
    static let documents: [[UInt8]] = {
        var documents: [[UInt8]] = [
            Array("# Ti\u{0}tle\r\n\r\nA para\rgraph with \u{1B}[31m red\r\n".utf8) + [0xED, 0xA0, 0x80, 0x0A],
            Array("- item ".utf8) + [0xC0, 0xAF, 0xE0, 0x80, 0xAF, 0xF4, 0x90, 0x80, 0x80] + Array("\n- two\r\n".utf8),
            Array("```\ncode ".utf8) + [0xFF, 0xFE, 0x00] + Array("\r\n```\r\nafter ".utf8) + [0xF0, 0x9F, 0x98],
            Array("| a | b |\r\n| - | - |\r\n| ".utf8) + [0x80, 0xBF] + Array(" | é |\r\nend ".utf8) + [0xE2, 0x82],
        ]
        var random = SplitMix64(seed: 0xC11)
        for _ in 0..<12 { documents.append(HostileBytes.document(&random, count: 20 + Int(random.next() % 40))) }
        return documents
    }()
}

extension HostileBytesEndToEndTests {
    @Test("Standard input and 1- and 3-byte replays of hostile bytes end with the one-shot parse's done line",
          arguments: 0..<documents.count)
    func doneLineIsOneShot(_ index: Int) throws {
        let bytes = Self.documents[index]
        let url = try Self.file(bytes)
        defer { try? FileManager.default.removeItem(at: url) }
        let oneShot = String(decoding: EventEncoder.doneLine(Oracle.parse(bytes)).dropLast(), as: UTF8.self)
        let runs: [(String, [String], URL?)] = [
            ("standard input", ["--format", "jsonl"], url),
            ("1-byte replay", ["--replay", url.path, "--chunk", "1", "--format", "jsonl"], nil),
            ("3-byte replay", ["--replay", url.path, "--chunk", "3", "--format", "jsonl"], nil),
        ]
        for (what, arguments, input) in runs {
            let result = try RillProcess.run(arguments, input: input)
            #expect(!result.crashed && result.status == 0 && result.stderr.isEmpty, "\(what): \(result.stderr)")
            let done = result.lines.dropLast().last.map(String.init)
            #expect(done == oneShot, "document \(index), \(what): the done line differs from a one-shot parse")
        }
        // The text output is valid UTF-8 whatever came in.
        let text = try RillProcess.run(["--format", "plain"], input: url)
        #expect(text.status == 0 && String(validating: text.stdout, as: UTF8.self) != nil, "document \(index): plain output")
    }
}
