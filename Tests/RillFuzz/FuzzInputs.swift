import Foundation

/// Files to replay, found on disk.
enum FuzzInputs {
    /// Each path that is a file, and the regular files in each path that is a directory
    /// (sorted, hidden files skipped).
    static func files(in paths: [String]) -> [String] {
        var files: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                files.append(path)  // reported as unreadable
                continue
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let names = (try? manager.contentsOfDirectory(atPath: path)) ?? []
            for name in names.sorted() where !name.hasPrefix(".") {
                let file = path + "/" + name
                var nested: ObjCBool = false
                if manager.fileExists(atPath: file, isDirectory: &nested), !nested.boolValue { files.append(file) }
            }
        }
        return files
    }

    static func read(_ file: String) -> [UInt8]? {
        FileManager.default.contents(atPath: file).map { Array($0) }
    }
}
