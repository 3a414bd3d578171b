import Rill

/// The command line, parsed and validated.
struct Options: Equatable {
    enum Format: String, CaseIterable { case jsonl }

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
    /// At most this many frames per second.
    var fps: Double = 60
    var format: Format = .jsonl
    var showHelp = false
    var showVersion = false

    static let usage = """
    usage: rill [options] [FILE]
           rill --replay FILE [--chunk N | --seed S] [--rate R] [options]

    Renders markdown while it is still being written. Reads FILE, or standard input.

    options:
      --format F       output format: jsonl (block events, one JSON object per line)
      --replay FILE    replay FILE as a stream of token-like pieces (demos, tests)
      --chunk N        with --replay: fixed pieces of N bytes instead of 1–8 byte tokens
      --seed S         with --replay: seed for the token sizes (default 1)
      --rate R         with --replay: pieces per second; 0 = as fast as possible, one frame
                       per piece (default 0)
      --fps N          at most N frames per second (default 60)
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
        func value(for flag: String) throws(Failure) -> String {
            index += 1
            guard index < arguments.count else { throw Failure(description: "\(flag) needs a value") }
            return arguments[index]
        }
        func number(for flag: String, atLeast minimum: Double) throws(Failure) -> Double {
            let text = try value(for: flag)
            guard let number = Double(text), number.isFinite, number >= minimum else {
                throw Failure(description: "\(flag) needs a number ≥ \(minimum.formatted), got '\(text)'")
            }
            return number
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "-h", "--help": options.showHelp = true
            case "--version": options.showVersion = true
            case "--format":
                let text = try value(for: argument)
                guard let format = Format(rawValue: text) else {
                    throw Failure(description: "unknown --format '\(text)' (expected: \(Format.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                options.format = format
            case "--replay": options.replayPath = try value(for: argument)
            case "--chunk": options.chunkSize = Int(try number(for: argument, atLeast: 1))
            case "--seed": options.seed = UInt64(try number(for: argument, atLeast: 0))
            case "--rate": options.rate = try number(for: argument, atLeast: 0)
            case "--fps":
                options.fps = try number(for: argument, atLeast: 1)
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
        if options.replayPath == nil, options.chunkSize != nil || options.rate != 0 {
            throw Failure(description: "--chunk and --rate apply to --replay only")
        }
        return options
    }
}

private extension Double {
    var formatted: String { self == rounded() ? String(Int(self)) : String(self) }
}
