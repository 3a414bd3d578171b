import Foundation

/// The real model answers in `../shared/real-answers/` (JSON lines, the markdown in `output`),
/// beside the repository, for checks over what models really write. They are not part of the
/// repository: tests that use them say so and skip when the directory is missing.
public enum RealAnswers {
    /// `../shared/real-answers/`, from the repository's root.
    public static let directory = Corpus.root.deletingLastPathComponent()
        .appendingPathComponent("shared").appendingPathComponent("real-answers")

    /// Whether the directory holds any answers.
    public static var isAvailable: Bool { !files.isEmpty }

    /// The `.jsonl` files, sorted by name.
    static var files: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") }.sorted().map { directory.appendingPathComponent($0) }
    }

    /// Every answer, named `<file>#<line>`, in file order.
    public static func all() -> [(name: String, bytes: [UInt8])] {
        var answers: [(name: String, bytes: [UInt8])] = []
        for file in files {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            for (number, line) in text.split(separator: "\n").enumerated() {
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                      let output = object["output"] as? String else { continue }
                answers.append(("\(file.lastPathComponent)#\(number + 1)", Array(output.utf8)))
            }
        }
        return answers
    }

    /// `count` answers spread evenly over all of them (the same ones on every run), or all of
    /// them with `RILL_EXHAUSTIVE=1`.
    public static func sample(_ count: Int) -> [(name: String, bytes: [UInt8])] {
        let answers = all()
        guard !TestEnvironment.isExhaustive, answers.count > count, count > 0 else { return answers }
        return (0..<count).map { answers[$0 * answers.count / count] }
    }
}
