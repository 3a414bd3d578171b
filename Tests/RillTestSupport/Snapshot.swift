import Foundation

/// Snapshot files: rendered text stored beside the tests that check it, so a change in how
/// Rill looks shows up as a failing test and a reviewable diff.
///
/// A check compares text with the file `<directory>/<name>`. With `RILL_RECORD_SNAPSHOTS=1`
/// it writes the file instead and reports a failure anyway, so a recording run never passes
/// silently: run again without the variable to check what was recorded, review the files,
/// commit them. A missing file fails with a message saying how to record it.
public enum Snapshot {
    /// The environment variable that turns checking into recording.
    public static let recordVariable = "RILL_RECORD_SNAPSHOTS"

    /// Whether this run records snapshots instead of checking them.
    public static var isRecording: Bool {
        ProcessInfo.processInfo.environment[recordVariable] == "1"
    }

    /// The `__Snapshots__` folder beside the test source file `filePath` (pass `#filePath`).
    public static func directory(besides filePath: String) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    }

    /// Checks `actual` against the snapshot file `name` in `directory`, or records it.
    ///
    /// - Returns: nil when the file holds exactly `actual`; otherwise why the check failed
    ///   (a recording, a missing file, or the first lines that differ).
    public static func check(_ actual: String, named name: String, in directory: URL,
                             recording: Bool = isRecording) -> String? {
        let file = directory.appendingPathComponent(name)
        if recording {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: file)
            } catch {
                return "could not record snapshot \(file.path): \(error)"
            }
            return "recorded snapshot \(file.path): review it, then run again without \(recordVariable) to check it"
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            return "no snapshot \(file.path): record it with \(recordVariable)=1 (for example "
                + "`\(recordVariable)=1 swift test --filter <suite>`), review it and commit it"
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard expected != actual else { return nil }
        return "snapshot \(name) differs (re-record with \(recordVariable)=1 if the change is intended):\n"
            + difference(expected: expected, actual: actual)
    }

    /// The first lines where `expected` and `actual` differ, numbered from 1.
    static func difference(expected: String, actual: String, context: Int = 3) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let first = (0..<min(old.count, new.count)).first { old[$0] != new[$0] } ?? min(old.count, new.count)
        var report = ["first difference at line \(first + 1) (expected \(old.count) lines, got \(new.count)):"]
        for index in first..<min(first + context, max(old.count, new.count)) {
            report.append("  expected \(index + 1): " + (index < old.count ? String(old[index]) : "<none>"))
            report.append("  actual   \(index + 1): " + (index < new.count ? String(new[index]) : "<none>"))
        }
        return report.joined(separator: "\n")
    }
}
