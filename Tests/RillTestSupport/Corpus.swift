import Foundation

/// The markdown documents in `Corpus/`, for tests that run over all of them.
public enum Corpus {
    /// The repository's root directory, found from this source file's location.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Corpus/` itself.
    public static let directory = root.appendingPathComponent("Corpus")

    /// Every `.md` document except the Corpus README, sorted by name.
    public static var documentNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".md") && $0 != "README.md" }.sorted()
    }

    /// The raw bytes of a document.
    public static func bytes(_ name: String) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) else {
            return []
        }
        return [UInt8](data)
    }
}
