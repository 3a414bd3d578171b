import Foundation

/// A document the benchmark streams, with a name for the table.
struct Input {
    let name: String
    let bytes: [UInt8]
    /// Whether it is one giant block (reported apart: the targets differ).
    var isSingleParagraph = false
}

/// The inputs: every Corpus document, and generated large shapes that stress one kind of block.
enum Inputs {
    static let corpusDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus")

    static func corpus() -> [Input] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: corpusDirectory.path)) ?? [])
            .filter { $0.hasSuffix(".md") && $0 != "README.md" }.sorted()
        return names.compactMap { name in
            guard let data = FileManager.default.contents(atPath: corpusDirectory.appendingPathComponent(name).path) else { return nil }
            return Input(name: name, bytes: [UInt8](data))
        }
    }

    /// The input called `name`, made alone.
    static func named(_ name: String) -> Input? {
        let makers: [String: () -> Input] = [
            "1 MB answer": { realisticAnswer() }, "100 KB code block": codeBlock, "2,000-item list": longList,
            "3,000-row table": longTable, "100 KB block quote": longQuote, "1 MB paragraph": giantParagraph,
        ]
        if let make = makers[name] { return make() }
        return corpus().first { $0.name == name }
    }

    /// The large shapes: a long answer, one huge block of each kind, a giant paragraph.
    static func generated() -> [Input] {
        [realisticAnswer(), codeBlock(), longList(), longTable(), longQuote(), giantParagraph()]
    }

    /// ~1 MB made of the Corpus answers one after another, as one very long answer.
    static func realisticAnswer(size: Int = 1 << 20) -> Input {
        let answers = corpus().filter { $0.name.hasPrefix("answer-") }
        var bytes: [UInt8] = []
        var round = 0
        while bytes.count < size {
            for answer in answers where bytes.count < size {
                bytes += Array("\n\n## Part \(round)\n\n".utf8) + answer.bytes
            }
            round += 1
        }
        return Input(name: "1 MB answer", bytes: bytes)
    }

    /// One fenced code block of ~100 KB.
    static func codeBlock() -> Input {
        var text = "Here is the whole module:\n\n```swift\n"
        var line = 0
        while text.utf8.count < 100_000 {
            text += "    let value\(line) = compute(\(line), scale: \(line % 7)) // step \(line)\n"
            line += 1
        }
        text += "```\n\nThat's all.\n"
        return Input(name: "100 KB code block", bytes: Array(text.utf8))
    }

    /// One list of 2,000 items, every fifth with nested bullets.
    static func longList() -> Input {
        var text = "Checklist:\n\n"
        for item in 1...2000 {
            text += "- Item \(item): check the *configuration* of service `svc-\(item)` and report back\n"
            if item % 5 == 0 {
                text += "  - nested detail \(item).1\n  - nested detail \(item).2\n"
            }
        }
        return Input(name: "2,000-item list", bytes: Array(text.utf8))
    }

    /// One table of 3,000 rows.
    static func longTable() -> Input {
        var text = "| # | Service | Region | Latency (ms) | Status |\n|---:|---|:---:|---:|---|\n"
        for row in 1...3000 {
            text += "| \(row) | svc-\(row % 97) | eu-\(row % 5) | \(row * 7 % 400) | \(row % 11 == 0 ? "degraded" : "ok") |\n"
        }
        return Input(name: "3,000-row table", bytes: Array(text.utf8))
    }

    /// One block quote of ~100 KB: many paragraphs, each behind `> `.
    static func longQuote() -> Input {
        var text = ""
        var paragraph = 0
        while text.utf8.count < 100_000 {
            text += "> Paragraph \(paragraph) of the quoted report: the *latency* rose after the deploy, and the\n"
            text += "> rollback brought it back within `p99 < 250 ms` for every region we measured.\n>\n"
            paragraph += 1
        }
        return Input(name: "100 KB block quote", bytes: Array(text.utf8))
    }

    /// A 1 MB paragraph without blank lines.
    static func giantParagraph() -> Input {
        var text = ""
        var sentence = 0
        while text.utf8.count < 1 << 20 {
            text += "Sentence \(sentence) keeps *going* without a **break** and `code` too.\n"
            sentence += 1
        }
        return Input(name: "1 MB paragraph", bytes: Array(text.utf8), isSingleParagraph: true)
    }
}
