import Foundation
import Rill
import RillTestSupport
import Testing

/// Unstyled output end to end: the built `rill`, run as a user would, writes no escape byte
/// when asked for plain text or when the terminal is dumb; styled output holds only Rill's own
/// sequences.
@Suite struct PlainOutputTests {
    static func path(_ name: String) -> String { Corpus.directory.appendingPathComponent(name).path }

    /// Control characters in `bytes` other than those in `allowed`, C1 controls included.
    static func controls(in bytes: [UInt8], allowed: Set<Unicode.Scalar> = ["\n"]) -> [String] {
        String(decoding: bytes, as: UTF8.self).unicodeScalars
            .filter { EscapeSequences.isControl($0) && !allowed.contains($0) }
            .map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    /// The batch render of a Corpus document in plain text, as `--format plain` should write it.
    static func batchPlain(_ name: String, width: Int) -> [UInt8] {
        let context = LayoutContext(width: width, theme: .plain, isPlain: true)
        var bytes: [UInt8] = []
        for line in DocumentLayout.lines(for: MarkdownStream.parse(Corpus.bytes(name)), in: context) {
            ANSIEncoder(depth: .none).encode(line, into: &bytes)
            bytes.append(0x0A)
        }
        return bytes
    }
}

extension PlainOutputTests {
    @Test("`rill --format plain` and `--color never` write the plain batch render and no escape byte",
          arguments: Corpus.documentNames)
    func plainFormat(_ name: String) throws {
        let expected = Self.batchPlain(name, width: 80)
        let runs: [(String, [String], [String: String])] = [
            ("--format plain", ["--format", "plain", "--width", "80", Self.path(name)], ["TERM": "xterm-256color", "FORCE_COLOR": "1"]),
            ("--color never", ["--color", "never", "--width", "80", Self.path(name)], ["TERM": "xterm-256color", "CLICOLOR_FORCE": "1"]),
        ]
        for (what, arguments, environment) in runs {
            let result = try RillProcess.run(arguments, environment: environment)
            #expect(result.status == 0 && !result.crashed && result.stderr.isEmpty, "\(name), \(what): \(result.stderr)")
            let controls = Self.controls(in: result.stdout)
            #expect(controls.isEmpty, "\(name), \(what): \(controls.prefix(10))")
            #expect(result.stdout == expected, "\(name), \(what): differs from the batch render")
        }
    }

    @Test("TERM=dumb on a real terminal with --color auto: no escape byte at all")
    func dumbTerminal() throws {
        let name = "answer-rust-ownership.md"
        let dumb = try PseudoTerminal.run(["--color", "auto", Self.path(name)], environment: ["TERM": "dumb"])
        #expect(dumb.status == 0)
        #expect(String(decoding: dumb.output, as: UTF8.self).contains("ownership"), "the document was written")
        let controls = Self.controls(in: dumb.output, allowed: ["\n", "\r"])
        #expect(controls.isEmpty, "\(controls.prefix(10))")
        // The same terminal with a capable TERM does get escape sequences: the check above can fail.
        let capable = try PseudoTerminal.run(["--color", "auto", Self.path(name)], environment: ["TERM": "xterm-256color"])
        #expect(capable.output.contains(0x1B))
    }

    @Test("Styled output of the hostile Corpus document holds only SGR and OSC 8, closed on every line")
    func styledOutputIsSafe() throws {
        for hyperlinks in ["always", "never"] {
            for width in ["30", "80"] {
                let result = try RillProcess.run(["--format", "text", "--color", "always", "--hyperlinks", hyperlinks,
                                                  "--width", width, Self.path("stream-control-bytes.md")], environment: [:])
                #expect(result.status == 0)
                #expect(result.stdout.contains(0x1B), "styled output was asked for")
                let problems = OutputAudit.violations(in: result.stdout, styled: true, hyperlinks: hyperlinks == "always")
                #expect(problems.isEmpty, "--hyperlinks \(hyperlinks) --width \(width): \(problems.prefix(5))")
            }
        }
    }
}
