import Foundation
import RillTestSupport
import Testing

/// The snapshot helper itself: it passes only on an exact match, and recording always fails.
@Suite struct SnapshotHelperTests {
    static func scratchDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("rill-snapshot-\(UUID().uuidString)")
    }

    @Test("A missing snapshot fails and says how to record it")
    func missing() {
        let directory = Self.scratchDirectory()
        let failure = Snapshot.check("text\n", named: "a.txt", in: directory, recording: false)
        #expect(failure?.contains("RILL_RECORD_SNAPSHOTS=1") == true)
        #expect(!FileManager.default.fileExists(atPath: directory.path), "checking never writes")
    }

    @Test("Recording writes the file and still fails; the next check passes")
    func recordingFailsLoudly() throws {
        let directory = Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let failure = Snapshot.check("line 1\nline 2\n", named: "a.txt", in: directory, recording: true)
        #expect(failure?.hasPrefix("recorded snapshot") == true)
        let written = try String(contentsOf: directory.appendingPathComponent("a.txt"), encoding: .utf8)
        #expect(written == "line 1\nline 2\n")
        #expect(Snapshot.check("line 1\nline 2\n", named: "a.txt", in: directory, recording: false) == nil)
    }

    @Test("Any difference fails, and the message shows the first differing line")
    func mismatch() throws {
        let directory = Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = Snapshot.check("same\nold\n", named: "a.txt", in: directory, recording: true)
        let failure = Snapshot.check("same\nnew\n", named: "a.txt", in: directory, recording: false)
        #expect(failure?.contains("line 2") == true)
        #expect(failure?.contains("expected 2: old") == true)
        #expect(failure?.contains("actual   2: new") == true)
        #expect(Snapshot.check("same\nold", named: "a.txt", in: directory, recording: false) != nil, "a missing final newline counts")
        #expect(Snapshot.check("same\nold \n", named: "a.txt", in: directory, recording: false) != nil, "a trailing space counts")
    }
}
