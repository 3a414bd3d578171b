@testable import RillCLI
import Testing

/// How the live view clamps the layout width from `--width`, `COLUMNS` and the terminal.
@Suite struct TerminalWidthTests {
    static func width(_ arguments: [String], columns: String? = nil, isTerminal: Bool,
                      terminalColumns: Int? = 60) throws -> Int {
        let options = try Options.parse(arguments)
        let environment = columns.map { ["TERM": "xterm-256color", "COLUMNS": $0] } ?? ["TERM": "xterm-256color"]
        return TerminalSettings.resolve(options, environment: environment, isTerminal: isTerminal,
                                        terminalSize: terminalColumns.map { ($0, 15) }).width
    }

    @Test("The live view is never wider than the terminal, whatever --width or COLUMNS ask for")
    func liveWidthIsClamped() throws {
        #expect(try Self.width(["--width", "80"], isTerminal: true) == 60)
        #expect(try Self.width([], columns: "120", isTerminal: true) == 60)
        #expect(try Self.width(["--width", "40"], isTerminal: true) == 40, "a narrower width is kept")
        #expect(try Self.width([], isTerminal: true) == 60)
    }

    @Test("Without the live view (a pipe, --format text) --width and COLUMNS are taken as given")
    func batchWidthIsAsAsked() throws {
        #expect(try Self.width(["--width", "80"], isTerminal: false, terminalColumns: nil) == 80)
        #expect(try Self.width([], columns: "120", isTerminal: false, terminalColumns: nil) == 120)
        #expect(try Self.width(["--width", "80", "--format", "text"], isTerminal: true) == 80)
        #expect(try Self.width([], isTerminal: false, terminalColumns: nil) == 80)
    }

    @Test("A terminal's width comes before COLUMNS: `rill … | less` lays out at the terminal's width")
    func terminalBeforeColumns() throws {
        #expect(try Self.width([], columns: "120", isTerminal: false, terminalColumns: 100) == 100)
        #expect(try Self.width([], isTerminal: false, terminalColumns: 100) == 100)
        #expect(try Self.width(["--width", "70"], columns: "120", isTerminal: false, terminalColumns: 100) == 70)
    }
}
