import Rill
@testable import RillCLI
import Testing

/// Terminal conventions: how options and the environment decide colour, width, theme,
/// hyperlinks and the live view (`TerminalSettings.resolve`).
@Suite struct TerminalSettingsTests {
    static let xterm = ["TERM": "xterm-256color"]

    static func resolve(_ arguments: [String] = [], _ environment: [String: String] = xterm, tty: Bool = true,
                        size: (columns: Int, rows: Int)? = (100, 30)) throws -> TerminalSettings {
        TerminalSettings.resolve(try Options.parse(arguments), environment: environment, isTerminal: tty, terminalSize: size)
    }
}

extension TerminalSettingsTests {
    @Test("--color auto: colour on a terminal, none in a pipe")
    func colorAuto() throws {
        #expect(try Self.resolve().depth == .palette)
        #expect(try Self.resolve(["--color", "auto"], tty: false).depth == ColorDepth.none)
    }

    @Test("--color always and never override the terminal and the environment")
    func colorForced() throws {
        #expect(try Self.resolve(["--color", "always"], tty: false).depth == .palette)
        #expect(try Self.resolve(["--color", "always"], ["TERM": "xterm", "NO_COLOR": "1"]).depth == .palette)
        #expect(try Self.resolve(["--color", "never"]).depth == ColorDepth.none)
        #expect(try Self.resolve(["--color", "never"], ["TERM": "xterm", "FORCE_COLOR": "1"]).depth == ColorDepth.none)
        #expect(try Self.resolve(["--colour", "never"]).depth == ColorDepth.none, "the British spelling works too")
    }

    @Test("--highlight auto colours code whenever there is colour; never, or no colour, turns it off")
    func highlight() throws {
        #expect(try Self.resolve().highlightsCode)
        #expect(try Self.resolve().context.highlightsCode)
        #expect(try !Self.resolve(["--highlight", "never"]).context.highlightsCode)
        #expect(try !Self.resolve(["--color", "never"]).highlightsCode)
        #expect(try !Self.resolve(["--format", "plain"]).highlightsCode)
        #expect(try !Self.resolve([], ["TERM": "xterm-256color", "NO_COLOR": "1"]).highlightsCode)
        #expect(try Self.resolve(["--color", "always"], tty: false).highlightsCode, "in a pipe, with colour forced")
    }

    @Test("NO_COLOR turns colour off when it is set to anything but the empty string")
    func noColor() throws {
        for value in ["1", "0", "yes", " "] {
            #expect(try Self.resolve([], ["TERM": "xterm-256color", "NO_COLOR": value]).depth == ColorDepth.none, "NO_COLOR=\(value)")
        }
        #expect(try Self.resolve([], ["TERM": "xterm-256color", "NO_COLOR": ""]).depth == .palette, "empty NO_COLOR is unset")
        #expect(try Self.resolve([], ["TERM": "xterm-256color", "NO_COLOR": "1", "FORCE_COLOR": "1"]).depth == ColorDepth.none,
                "NO_COLOR wins over FORCE_COLOR")
    }

    @Test("FORCE_COLOR and CLICOLOR_FORCE turn colour on in a pipe, unless empty or 0")
    func forceColor() throws {
        for name in ["FORCE_COLOR", "CLICOLOR_FORCE"] {
            #expect(try Self.resolve([], ["TERM": "xterm-256color", name: "1"], tty: false).depth == .palette, "\(name)=1")
            #expect(try Self.resolve([], ["TERM": "xterm-256color", name: "true"], tty: false).depth == .palette, "\(name)=true")
            #expect(try Self.resolve([], ["TERM": "xterm-256color", name: "0"], tty: false).depth == ColorDepth.none, "\(name)=0")
            #expect(try Self.resolve([], ["TERM": "xterm-256color", name: ""], tty: false).depth == ColorDepth.none, "\(name) empty")
        }
    }

    @Test("TERM=dumb: no colour, no hyperlinks and no live view, so no escape sequence at all")
    func dumbTerminal() throws {
        let dumb = try Self.resolve(["--hyperlinks", "always"], ["TERM": "dumb"])
        #expect(dumb.depth == ColorDepth.none)
        #expect(!dumb.hyperlinks)
        #expect(!dumb.isLiveTerminal)
        #expect(dumb.context.isPlain && dumb.context.theme == .plain)
        #expect(try Self.resolve(["--color", "always"], ["TERM": "dumb"]).isLiveTerminal == false,
                "forced colour still gets no cursor movement")
    }

    @Test("Colour precedence: --color, then NO_COLOR, then FORCE_COLOR / CLICOLOR_FORCE, then TERM=dumb and the terminal")
    func colorPrecedence() throws {
        let forced = try Self.resolve([], ["TERM": "dumb", "FORCE_COLOR": "1"])
        #expect(forced.depth != ColorDepth.none && !forced.isLiveTerminal, "forced colour on a dumb terminal, no live view")
        #expect(try Self.resolve([], ["TERM": "dumb", "FORCE_COLOR": "1", "NO_COLOR": "1"]).depth == ColorDepth.none)
        #expect(try Self.resolve(["--color", "always"], ["TERM": "dumb", "NO_COLOR": "1"]).depth != ColorDepth.none)
        #expect(try Self.resolve(["--color", "never"], ["TERM": "xterm", "FORCE_COLOR": "1"], tty: false).depth == ColorDepth.none)
    }

    @Test("The live view only on a terminal, with the automatic format")
    func liveView() throws {
        #expect(try Self.resolve().isLiveTerminal)
        #expect(try !Self.resolve(tty: false).isLiveTerminal)
        #expect(try !Self.resolve(["--format", "text"]).isLiveTerminal)
        #expect(try !Self.resolve(["--format", "plain"]).isLiveTerminal)
    }

    @Test("--format plain and jsonl have no colour even with --color always")
    func plainFormats() throws {
        for format in ["plain", "jsonl"] {
            let settings = try Self.resolve(["--format", format, "--color", "always", "--hyperlinks", "always"])
            #expect(settings.depth == ColorDepth.none && !settings.hyperlinks, "\(format)")
        }
    }

    @Test("Width: --width, else the terminal's, else COLUMNS, else 80")
    func width() throws {
        let environment = ["TERM": "xterm", "COLUMNS": "70"]
        #expect(try Self.resolve(["--width", "50"], environment, size: (120, 40)).width == 50)
        #expect(try Self.resolve([], environment, tty: false, size: (120, 40)).width == 120)
        #expect(try Self.resolve([], environment, tty: false, size: nil).width == 70)
        #expect(try Self.resolve([], ["TERM": "xterm"], size: (120, 40)).width == 120)
        #expect(try Self.resolve([], ["TERM": "xterm"], tty: false, size: nil).width == 80)
        for bad in ["", "0", "-5", "wide", "80x"] {
            #expect(try Self.resolve([], ["COLUMNS": bad], size: (120, 40)).width == 120, "COLUMNS=\(bad)")
            #expect(try Self.resolve([], ["COLUMNS": bad], size: nil).width == 80, "COLUMNS=\(bad)")
        }
        #expect(try Self.resolve([], ["COLUMNS": "999999"], size: nil).width == 10_000, "capped")
        #expect(try Self.resolve(["--width", "33"]).context.width == 33)
    }

    @Test("Theme: --theme, else COLORFGBG's background, else dark")
    func theme() throws {
        #expect(try Self.resolve().themeName == "dark")
        #expect(try Self.resolve().context.theme == .dark)
        #expect(try Self.resolve(["--theme", "light"]).context.theme == .light)
        #expect(try Self.resolve(["--theme", "dark"], ["TERM": "xterm", "COLORFGBG": "0;15"]).themeName == "dark")
        for (value, name) in [("0;15", "light"), ("0;7", "light"), ("0;default;15", "light"), ("15;0", "dark"),
                              ("7;8", "dark"), ("default", "dark"), ("", "dark"), ("12;default;9", "light")] {
            #expect(try Self.resolve([], ["TERM": "xterm", "COLORFGBG": value]).themeName == name, "COLORFGBG=\(value)")
        }
        #expect(try Self.resolve(["--theme", "light", "--color", "never"]).context.theme == .plain, "no colour, no theme")
        #expect(throws: Options.Failure.self) { try Options.parse(["--theme", "blue"]) }
    }

    @Test("--hyperlinks: always and never force; auto trusts only terminals known to show OSC 8")
    func hyperlinks() throws {
        #expect(try Self.resolve(["--hyperlinks", "always"]).hyperlinks)
        #expect(try Self.resolve(["--hyperlinks", "always"], tty: false).hyperlinks == false, "no colour in a pipe, no OSC 8")
        #expect(try Self.resolve(["--hyperlinks", "always", "--color", "always"], tty: false).hyperlinks)
        #expect(try !Self.resolve(["--hyperlinks", "never"], ["TERM": "xterm-kitty"]).hyperlinks)
        #expect(try !Self.resolve(["--hyperlinks", "auto"]).hyperlinks, "plain xterm: unknown")
        for known in [["TERM": "xterm-kitty"], ["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"],
                      ["TERM": "xterm-256color", "VTE_VERSION": "7200"], ["TERM": "foot"]] {
            #expect(try Self.resolve([], known).hyperlinks, "\(known)")
            #expect(try !Self.resolve([], known, tty: false).hyperlinks, "\(known) in a pipe")
        }
        #expect(try !Self.resolve([], ["TERM": "xterm-256color", "VTE_VERSION": "4800"]).hyperlinks, "old VTE")
        #expect(try !Self.resolve([], ["TERM": "xterm-kitty", "TMUX": "/tmp/tmux"]).hyperlinks, "inside tmux")
        #expect(try Self.resolve(["--hyperlinks", "always"]).context.hyperlinks)
    }

    @Test("16 colours for the Linux console and other basic terminals, unless COLORTERM says more")
    func colorDepth() throws {
        for term in ["linux", "vt100", "vt220", "ansi", "rxvt-16color"] {
            #expect(try Self.resolve([], ["TERM": term]).depth == .basic, "TERM=\(term)")
        }
        #expect(try Self.resolve([], ["TERM": "linux", "COLORTERM": "truecolor"]).depth == .palette)
        for term in ["xterm-256color", "screen-256color", "tmux-256color", "xterm-kitty", "alacritty"] {
            #expect(try Self.resolve([], ["TERM": term]).depth == .palette, "TERM=\(term)")
        }
        #expect(try Self.resolve([], [:]).depth == .palette, "no TERM at all on a terminal")
    }
}
