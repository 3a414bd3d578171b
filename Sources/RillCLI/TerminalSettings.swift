import Glibc
import Rill

/// How output should look, decided from the options and the environment.
struct TerminalSettings: Equatable {
    var width: Int
    /// Screen height, when the output is a terminal.
    var height: Int?
    var depth: ColorDepth
    var hyperlinks: Bool
    var themeName: String
    /// Whether code blocks are coloured by their syntax (only ever with colour).
    var highlightsCode: Bool
    /// Whether stdout is a terminal that may be redrawn (the live view).
    var isLiveTerminal: Bool

    /// The layout context these settings describe.
    var context: LayoutContext {
        let theme: Theme = depth == .none ? .plain : (themeName == "light" ? .light : .dark)
        return LayoutContext(width: width, theme: theme, hyperlinks: hyperlinks, isPlain: depth == .none,
                             highlightsCode: highlightsCode)
    }

    /// Decides the settings.
    ///
    /// The width is `--width`, else the terminal's (that of standard output, else of standard
    /// error, else of `/dev/tty`, as ``terminalSize()`` finds it: `rill … | less -R` lays out at
    /// the width of the terminal `less` shows it in), else `COLUMNS`, else 80; for the live view
    /// it is at most the terminal's width.
    ///
    /// - Parameters:
    ///   - environment: variables to consult (`NO_COLOR`, `FORCE_COLOR`, `CLICOLOR_FORCE`,
    ///     `TERM`, `COLUMNS`, `COLORFGBG`, and those naming terminals with OSC 8 support).
    ///   - isTerminal: whether stdout is a terminal.
    ///   - terminalSize: columns and rows of the terminal the output is shown in, if known.
    static func resolve(_ options: Options, environment: [String: String], isTerminal: Bool,
                        terminalSize: (columns: Int, rows: Int)?) -> TerminalSettings {
        func set(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
        let term = environment["TERM"] ?? ""
        let isDumb = term == "dumb"

        // The flag beats the environment; then NO_COLOR, then FORCE_COLOR (even on a dumb
        // terminal: CI logs set both to get colour without cursor movement), then the terminal.
        var color: Bool
        switch options.color {
        case .always: color = true
        case .never: color = false
        case .auto:
            if set("NO_COLOR") {
                color = false
            } else if (set("FORCE_COLOR") && environment["FORCE_COLOR"] != "0")
                        || (set("CLICOLOR_FORCE") && environment["CLICOLOR_FORCE"] != "0") {
                color = true
            } else {
                color = isTerminal && !isDumb
            }
        }
        if options.format == .plain || options.format == .jsonl { color = false }

        let basic = term == "linux" || term.hasPrefix("vt") || term == "ansi" || term.contains("16color")
        let depth: ColorDepth = color ? (basic && environment["COLORTERM"] == nil ? .basic : .palette) : .none

        let isLiveTerminal = isTerminal && !isDumb && options.format == .auto
        var columns = options.width
            ?? terminalSize?.columns
            ?? environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
            ?? 80
        if isLiveTerminal, let terminalColumns = terminalSize?.columns {
            // The live view counts rows to move the cursor back up: a line wider than the
            // terminal would wrap onto a row it does not know about and garble every frame.
            columns = min(columns, terminalColumns)
        }

        var hyperlinks: Bool
        switch options.hyperlinks {
        case .always: hyperlinks = true
        case .never: hyperlinks = false
        case .auto: hyperlinks = isTerminal && supportsHyperlinks(environment)
        }
        if depth == .none { hyperlinks = false }

        return TerminalSettings(
            width: max(1, min(columns, 10_000)),
            height: terminalSize?.rows,
            depth: depth,
            hyperlinks: hyperlinks,
            themeName: options.theme ?? themeFromColorFGBG(environment["COLORFGBG"]),
            highlightsCode: options.highlight == .auto && depth != .none,
            isLiveTerminal: isLiveTerminal
        )
    }

    /// `COLORFGBG` is `fg;bg` (sometimes `fg;default;bg`); a light background (7 or 9–15) picks
    /// the light theme.
    static func themeFromColorFGBG(_ value: String?) -> String {
        guard let last = value?.split(separator: ";").last, let background = Int(last) else { return "dark" }
        return background == 7 || (9...15).contains(background) ? "light" : "dark"
    }

    /// Terminals known to handle OSC 8. Others might print the sequence's text, so auto stays off.
    static func supportsHyperlinks(_ environment: [String: String]) -> Bool {
        if environment["TMUX"] != nil { return false }  // tmux passes OSC 8 only when configured to
        if let program = environment["TERM_PROGRAM"],
           ["iTerm.app", "WezTerm", "vscode", "ghostty", "Hyper", "Tabby", "rio"].contains(program) { return true }
        if let vte = environment["VTE_VERSION"].flatMap({ Int($0) }), vte >= 5000 { return true }
        if environment["WT_SESSION"] != nil || environment["KONSOLE_VERSION"] != nil { return true }
        let term = environment["TERM"] ?? ""
        return ["xterm-kitty", "foot", "alacritty", "xterm-ghostty", "wezterm"].contains { term.hasPrefix($0) }
    }

    /// The terminal's size from `TIOCGWINSZ` on `descriptor`, if it is a terminal.
    static func terminalSize(of descriptor: Int32) -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// The size of the terminal the output is shown in, as `ls` and `git` find it: that of
    /// standard output, else of standard error (`rill … | less`), else of the controlling
    /// terminal (`/dev/tty`, with both redirected).
    static func terminalSize() -> (columns: Int, rows: Int)? {
        if let size = terminalSize(of: STDOUT_FILENO) ?? terminalSize(of: STDERR_FILENO) { return size }
        let descriptor = open("/dev/tty", O_RDONLY | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return terminalSize(of: descriptor)
    }

    /// The process environment as a dictionary.
    static var processEnvironment: [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}
