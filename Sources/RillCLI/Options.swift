import Rill

/// The command line, parsed and validated.
struct Options: Equatable {
    /// What to write.
    enum Format: String, CaseIterable {
        /// The live view on a terminal; styled text written block by block elsewhere.
        case auto
        /// Styled text written block by block as blocks become final (no redrawing).
        case text
        /// The same as ``text`` without colour (`--color never`), kept for scripts.
        case plain
        /// Block events, one JSON object per line.
        case jsonl
    }

    /// A three-way switch: decide from the environment, or force on or off.
    enum Switch: String, CaseIterable { case auto, always, never }

    /// Syntax highlighting of code blocks: with colour (`auto`), or never.
    enum Highlight: String, CaseIterable { case auto, never }

    /// File to read instead of standard input.
    var inputPath: String?
    /// File to replay as a token stream (`--replay FILE`).
    var replayPath: String?
    /// Replay piece size; nil means token-like pieces of 1–8 bytes.
    var chunkSize: Int?
    /// Replay speed in tokens (pieces) per second; 0 means as fast as possible, a frame per piece.
    var rate: Double = 0
    /// Seed for token-like replay pieces.
    var seed: UInt64 = 1
    /// At most this many frames per second. 30, as Ink (Claude Code's and Gemini CLI's renderer)
    /// throttles: under a model's pace each frame costs a wakeup and cold caches, so CPU follows
    /// the rate, while text arriving 10–30 ms a token looks no smoother at 60.
    var fps: Double = 30
    var format: Format = .auto
    var color: Switch = .auto
    var hyperlinks: Switch = .auto
    var highlight: Highlight = .auto
    /// Theme name: `dark` or `light`; nil means from `COLORFGBG`, else dark.
    var theme: String?
    /// Layout width; nil means the terminal's width, then `COLUMNS`, then 80.
    var width: Int?
    /// What the input holds: markdown, or a model API's stream (`--input`).
    var input: InputFormat = .auto
    /// Whether a model's reasoning is shown, dimmed (`--show-reasoning`).
    var showReasoning = false
    var showStats = false
    var showHelp = false
    var showVersion = false

    /// The two lines of how to call rill, shown after a command-line mistake too.
    static let synopsis = """
    usage: rill [options] [FILE]
           rill --replay FILE [--chunk N | --seed S] [--rate R] [options]
    """

    static let usage = synopsis + "\n\n" + """
    Renders markdown while it is still being written. Reads FILE, or standard input.
      some-llm "explain X" | rill

    input:
      --input I        auto      markdown, unless the input starts with a well-formed
                                 event of a model API (default)
                       markdown  markdown as it is
                       sse       server-sent events: OpenAI chat completions and
                                 responses, Anthropic messages, Gemini
                       jsonl     JSON lines: Ollama
      --show-reasoning show a model's reasoning, dimmed (hidden by default)

    output:
      --format F       auto   live view on a terminal, styled text elsewhere (default)
                       text   styled text, written block by block as blocks become final
                       plain  same as --format text --color never
                       jsonl  block events, one JSON object per line (see README)
      --width N        layout width (default: the terminal's, that of stdout, else
                       stderr, else /dev/tty; else COLUMNS, else 80; the live view
                       is never wider than the terminal)
      --color W        auto | always | never (default auto: off with NO_COLOR,
                       else on with FORCE_COLOR or CLICOLOR_FORCE, else on for a
                       terminal that is not TERM=dumb); also --colour
      --theme T        dark | light (default: from COLORFGBG, else dark)
      --hyperlinks W   auto | always | never: links as OSC 8 hyperlinks
      --highlight W    auto | never: colour code blocks by their language's syntax
                       (default auto: whenever there is colour)
      --fps N          at most N frames per second (default 30)
      --stats          print frame, byte and timing statistics to stderr at the end

    replay (demos, tests, benchmarks):
      --replay FILE    replay FILE as a stream of token-like pieces
      --chunk N        fixed pieces of N bytes instead of 1–8 byte tokens
      --seed S         seed for the token sizes (default 1)
      --rate R         pieces per second; 0 = as fast as possible, one frame per piece
                       (default 0)

      -h, --help       show this help
      --version        show the version
    """

    /// A command-line mistake, with a message for the user.
    struct Failure: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    /// Parses `arguments` (without the program name).
    static func parse(_ arguments: [String]) throws(Failure) -> Options {
        var options = Options()
        var index = 0
        /// The first option given that only a replay reads (`--chunk`, `--seed`, `--rate`).
        var replayOption: String?
        func value(for flag: String) throws(Failure) -> String {
            index += 1
            guard index < arguments.count else { throw Failure(description: "\(flag) needs a value") }
            return arguments[index]
        }
        func number(for flag: String, in range: ClosedRange<Double>) throws(Failure) -> Double {
            let text = try value(for: flag)
            guard let number = Double(text), number.isFinite, range.contains(number) else {
                throw Failure(description: "\(flag) needs a number from \(range.lowerBound.formatted) to \(range.upperBound.formatted), got '\(text)'")
            }
            return number
        }
        func whole(for flag: String, in range: ClosedRange<Int>) throws(Failure) -> Int {
            let text = try value(for: flag)
            guard let number = Int(text), range.contains(number) else {
                throw Failure(description: "\(flag) needs a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
            }
            return number
        }
        func choice<T: RawRepresentable & CaseIterable>(for flag: String, _: T.Type) throws(Failure) -> T where T.RawValue == String {
            let text = try value(for: flag)
            guard let parsed = T(rawValue: text) else {
                let expected = T.allCases.map(\.rawValue).joined(separator: ", ")
                throw Failure(description: "unknown \(flag) '\(text)' (expected: \(expected))")
            }
            return parsed
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "-h", "--help": options.showHelp = true
            case "--version": options.showVersion = true
            case "--stats": options.showStats = true
            case "--show-reasoning": options.showReasoning = true
            case "--input": options.input = try choice(for: argument, InputFormat.self)
            case "--format": options.format = try choice(for: argument, Format.self)
            case "--color", "--colour": options.color = try choice(for: argument, Switch.self)
            case "--hyperlinks": options.hyperlinks = try choice(for: argument, Switch.self)
            case "--highlight": options.highlight = try choice(for: argument, Highlight.self)
            case "--theme":
                let name = try value(for: argument)
                guard name == "dark" || name == "light" else {
                    throw Failure(description: "unknown --theme '\(name)' (expected: dark, light)")
                }
                options.theme = name
            case "--width": options.width = try whole(for: argument, in: 1...10_000)
            case "--replay": options.replayPath = try value(for: argument)
            case "--chunk":
                replayOption = replayOption ?? argument
                options.chunkSize = try whole(for: argument, in: 1...(1 << 30))
            case "--seed":
                replayOption = replayOption ?? argument
                let text = try value(for: argument)
                guard let seed = UInt64(text) else {
                    throw Failure(description: "--seed needs a whole number from 0 to \(UInt64.max), got '\(text)'")
                }
                options.seed = seed
            case "--rate":
                replayOption = replayOption ?? argument
                options.rate = try number(for: argument, in: 0...1_000_000)
                if options.rate > 0, options.rate < 0.01 {
                    throw Failure(description: "--rate needs 0 (as fast as possible) or at least 0.01 pieces per second")
                }
            case "--fps": options.fps = try number(for: argument, in: 1...1000)
            default:
                if argument.hasPrefix("-"), argument != "-" {
                    throw Failure(description: "unknown option '\(argument)'")
                }
                guard options.inputPath == nil else { throw Failure(description: "more than one input file") }
                options.inputPath = argument
            }
            index += 1
        }
        if options.replayPath != nil, options.inputPath != nil {
            throw Failure(description: "give either --replay FILE or an input FILE, not both")
        }
        if options.replayPath == nil, let replayOption {
            throw Failure(description: "\(replayOption) applies to --replay only")
        }
        return options
    }
}

private extension Double {
    var formatted: String { self == rounded() ? String(Int(self)) : String(self) }
}
