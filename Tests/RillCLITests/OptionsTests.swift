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
              (["--chunk", "4"], "--chunk and --rate apply to --replay only"),
              (["--rate", "10"], "--chunk and --rate apply to --replay only"),
              (["--replay", "a", "--chunk", "0"], "--chunk needs a whole number from 1 to 1073741824, got '0'"),
              (["--replay", "a", "--chunk", "many"], "--chunk needs a whole number from 1 to 1073741824, got 'many'"),
              (["--replay", "a", "--chunk", "2.5"], "--chunk needs a whole number from 1 to 1073741824, got '2.5'"),
              (["--replay", "a", "--rate", "-1"], "--rate needs a number from 0 to 1000000, got '-1'"),
              (["--replay", "a", "--rate", "1e-300"], "--rate needs 0 (as fast as possible) or at least 0.01 pieces per second"),
              (["--replay", "a", "--rate", "inf"], "--rate needs a number from 0 to 1000000, got 'inf'"),
              (["--replay", "a", "--seed", "nan"], "--seed needs a whole number from 0 to 18446744073709551615, got 'nan'"),
              (["--width", "0"], "--width needs a whole number from 1 to 10000, got '0'"),
              (["--fps", "0"], "--fps needs a number from 1 to 1000, got '0'"),
              (["--highlight", "always"], "unknown --highlight 'always' (expected: auto, never)"),
          ])
    func mistakes(_ arguments: [String], _ message: String) {
        #expect(Self.failure(arguments) == message)
    }

    @Test("The usage text mentions every flag")
    func usage() {
        for flag in ["--format", "--replay", "--chunk", "--seed", "--rate", "--fps", "--highlight", "--help", "--version"] {
            #expect(Options.usage.contains(flag), "\(flag) missing from --help")
        }
    }
}
