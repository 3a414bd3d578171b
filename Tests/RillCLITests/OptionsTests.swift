import Foundation
import RillTestSupport
@testable import RillCLI
import Testing

/// Command-line parsing: what each flag sets, and a clear message for each mistake.
@Suite struct OptionsTests {
    static func failure(_ arguments: [String]) -> String? {
        do {
            _ = try Options.parse(arguments)
            return nil
        } catch {
            return error.description
        }
    }
}

extension OptionsTests {
    @Test("No arguments: read standard input, automatic format, 30 fps")
    func defaults() throws {
        let options = try Options.parse([])
        #expect(options == Options())
        #expect(options.inputPath == nil && options.replayPath == nil)
        #expect(options.format == .auto && options.fps == 30 && options.rate == 0 && options.seed == 1)
    }

    @Test("Every flag sets its option")
    func flags() throws {
        let replay = try Options.parse(["--replay", "doc.md", "--chunk", "3", "--rate", "40", "--seed", "9",
                                        "--fps", "30", "--format", "jsonl"])
        #expect(replay.replayPath == "doc.md")
        #expect(replay.chunkSize == 3 && replay.rate == 40 && replay.seed == 9 && replay.fps == 30)
        #expect(try Options.parse(["notes.md"]).inputPath == "notes.md")
        #expect(try Options.parse(["-"]).inputPath == "-", "`-` is standard input, not an option")
        #expect(try Options.parse(["-h"]).showHelp)
        #expect(try Options.parse(["--help"]).showHelp)
        #expect(try Options.parse(["--version"]).showVersion)
        #expect(try Options.parse(["--replay", "d", "--rate", "0.5"]).rate == 0.5)
        #expect(try Options.parse([]).input == .auto && !Options.parse([]).showReasoning)
        #expect(try Options.parse(["--input", "sse"]).input == .sse)
        #expect(try Options.parse(["--input", "jsonl"]).input == .jsonl)
        #expect(try Options.parse(["--input", "markdown"]).input == .markdown)
        #expect(try Options.parse(["--show-reasoning"]).showReasoning)
        #expect(try Options.parse([]).highlight == .auto)
        #expect(try Options.parse(["--highlight", "never"]).highlight == .never)
    }

    @Test("Mistakes are reported with a message that names the flag and the value",
          arguments: [
              (["--chunk"], "--chunk needs a value"),
              (["--replay"], "--replay needs a value"),
              (["--format", "html"], "unknown --format 'html' (expected: auto, text, plain, jsonl)"),
              (["--bogus"], "unknown option '--bogus'"),
              (["a.md", "b.md"], "more than one input file"),
              (["--replay", "a.md", "b.md"], "give either --replay FILE or an input FILE, not both"),
              (["--chunk", "4"], "--chunk applies to --replay only"),
              (["--rate", "10"], "--rate applies to --replay only"),
              (["a.md", "--seed", "5"], "--seed applies to --replay only"),
              (["--rate", "0", "--chunk", "4"], "--rate applies to --replay only"),
              (["--replay", "a", "--chunk", "0"], "--chunk needs a whole number from 1 to 1073741824, got '0'"),
              (["--replay", "a", "--chunk", "many"], "--chunk needs a whole number from 1 to 1073741824, got 'many'"),
              (["--replay", "a", "--chunk", "2.5"], "--chunk needs a whole number from 1 to 1073741824, got '2.5'"),
              (["--replay", "a", "--rate", "-1"], "--rate needs a number from 0 to 1000000, got '-1'"),
              (["--replay", "a", "--rate", "1e-300"], "--rate needs 0 (as fast as possible) or at least 0.01 pieces per second"),
              (["--replay", "a", "--rate", "inf"], "--rate needs a number from 0 to 1000000, got 'inf'"),
              (["--replay", "a", "--seed", "nan"], "--seed needs a whole number from 0 to 18446744073709551615, got 'nan'"),
              (["--width", "0"], "--width needs a whole number from 1 to 10000, got '0'"),
              (["--fps", "0"], "--fps needs a number from 1 to 1000, got '0'"),
              (["--input", "xml"], "unknown --input 'xml' (expected: markdown, sse, jsonl, auto)"),
              (["--input"], "--input needs a value"),
              (["--highlight", "always"], "unknown --highlight 'always' (expected: auto, never)"),
          ])
    func mistakes(_ arguments: [String], _ message: String) {
        #expect(Self.failure(arguments) == message)
    }

    /// Every flag `Options.parse` takes, read from its source: its `case "--flag"` labels.
    static var parsedFlags: [String] {
        let source = (try? String(contentsOf: Corpus.root.appendingPathComponent("Sources/RillCLI/Options.swift"), encoding: .utf8)) ?? ""
        var flags: [String] = []
        for line in source.split(separator: "\n") where line.trimmingCharacters(in: .whitespaces).hasPrefix("case \"-") {
            let labels = line.split(separator: ":", maxSplits: 1)[0]
            flags += labels.split(separator: "\"").filter { $0.hasPrefix("-") }.map(String.init)
        }
        return flags
    }

    @Test("The usage text, the README and the man page mention every flag parsed")
    func documentation() throws {
        let flags = Self.parsedFlags
        #expect(flags.count >= 17 && flags.contains("--input") && flags.contains("--show-reasoning"), "\(flags)")
        let readme = try String(contentsOf: Corpus.root.appendingPathComponent("README.md"), encoding: .utf8)
        // roff writes a hyphen as `\-` and changes fonts with `\fB`, `\fI`, `\fR`, `\fP`.
        var manual = try String(contentsOf: Corpus.root.appendingPathComponent("Documentation/rill.1"), encoding: .utf8)
            .replacingOccurrences(of: "\\-", with: "-")
        for font in ["B", "I", "R", "P"] { manual = manual.replacingOccurrences(of: "\\f" + font, with: " ") }
        for flag in flags {
            #expect(Options.usage.contains(flag), "\(flag) missing from --help")
            #expect(readme.contains("`\(flag)"), "\(flag) missing from README.md")
            #expect(Self.mentions(manual, flag), "\(flag) missing from rill.1")
        }
    }

    /// Whether `text` holds `flag` as a word of its own (`-h` is not in `--help`, nor `--color` in `--colors`).
    static func mentions(_ text: String, _ flag: String) -> Bool {
        let partOfFlag = { (character: Character) in character.isLetter || character == "-" }
        var rest = text[...]
        while let found = rest.range(of: flag) {
            let before = found.lowerBound > text.startIndex ? text[text.index(before: found.lowerBound)] : " "
            let after = found.upperBound < text.endIndex ? text[found.upperBound] : " "
            if !partOfFlag(before), !partOfFlag(after) { return true }
            rest = text[found.upperBound...]
        }
        return false
    }
}
