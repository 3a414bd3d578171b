import Rill
import RillTestSupport
import Testing

/// Model output must never drive the terminal: escape sequences fed through every construct
/// come out as visible placeholders, and the encoded bytes hold only the sequences Rill itself
/// writes (SGR, and OSC 8 with a printable target when hyperlinks are on), each closed on its line.
@Suite struct TerminalSafetyTests {
    /// Colour on or off, hyperlinks on or off.
    struct Mode: Sendable, CustomStringConvertible {
        let color: ColorDepth
        let hyperlinks: Bool
        var description: String { "\(color) colour, hyperlinks \(hyperlinks ? "on" : "off")" }

        func context(width: Int) -> LayoutContext {
            LayoutContext(width: width, theme: color == .none ? .plain : .dark, hyperlinks: hyperlinks, isPlain: color == .none)
        }
        var encoder: ANSIEncoder { ANSIEncoder(depth: color, hyperlinks: hyperlinks) }
    }

    static let modes = [ColorDepth.none, .palette, .basic].flatMap { depth in
        [false, true].map { Mode(color: depth, hyperlinks: $0) }
    }
    static let widths = [80, 24]

    /// The bytes a batch render writes: every line encoded, a `\n` after each.
    static func output(_ bytes: [UInt8], _ mode: Mode, width: Int) -> [UInt8] {
        var output: [UInt8] = []
        for line in DocumentLayout.lines(for: MarkdownStream.parse(bytes), in: mode.context(width: width)) {
            mode.encoder.encode(line, into: &output)
            output.append(0x0A)
        }
        return output
    }

    static func audit(_ output: [UInt8], _ mode: Mode, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let problems = OutputAudit.violations(in: output, styled: mode.color != .none,
                                              hyperlinks: mode.hyperlinks && mode.color != .none)
        #expect(problems.isEmpty, "\(what), \(mode): \(problems.prefix(5).joined(separator: "; "))",
                sourceLocation: sourceLocation)
    }

    @Test("Escape sequences in every construct come out as placeholders",
          arguments: HostileDocuments.cases, modes)
    func everyConstruct(_ hostile: HostileDocuments.Case, _ mode: Mode) {
        for width in Self.widths {
            let output = Self.output(Array(hostile.markdown.utf8), mode, width: width)
            Self.audit(output, mode, "\(hostile) at \(width)")
            let text = EscapeSequences.strip(output)
            let linked = mode.hyperlinks && mode.color != .none
            if !(hostile.onlyInTarget && mode.hyperlinks) {
                let cut = hostile.isCutToWidth && DisplayWidth.of(hostile.markdown) > width
                #expect(text.contains("␛") && (cut || text.contains("␇")), "\(hostile) at \(width), \(mode): the payload is not shown")
            }
            if let target = hostile.linksTo, linked {
                #expect(String(decoding: output, as: UTF8.self).contains("\u{1B}]8;;\(target)"),
                        "\(hostile) at \(width), \(mode): no hyperlink to \(target)")
            }
        }
    }

    @Test("The Corpus's control-byte document is safe", arguments: modes)
    func controlBytesDocument(_ mode: Mode) {
        let bytes = Corpus.bytes("stream-control-bytes.md")
        #expect(bytes.contains(0x1B))
        for width in [20, 40, 80, 120] {
            Self.audit(Self.output(bytes, mode, width: width), mode, "stream-control-bytes.md at \(width)")
        }
    }

    @Test("The encoder is a last gate: control characters that reach a span are still replaced",
          arguments: modes)
    func encoderIsTheLastGate(_ mode: Mode) {
        let hostile = TextStyle(foreground: .red, underlined: true, hyperlink: "https://ok.example/\u{1B}]52;c;x\u{07}\u{9C} y")
        let line = StyledLine([Span("a" + HostileDocuments.payload, .plain), Span("link\u{1B}[2J", hostile), Span("\u{9B}0m", .plain)])
        let output = mode.encoder.encode(line)
        Self.audit(output, mode, "a line of raw spans")
        #expect(EscapeSequences.strip(output).hasPrefix("a␛[2J␛[3J␛]52;c;cHduZWQ=␇"))
        if mode.hyperlinks, mode.color != .none {
            #expect(String(decoding: output, as: UTF8.self).contains("\u{1B}]8;;https://ok.example/]52;c;xy\u{1B}\\"))
        }
    }
}
