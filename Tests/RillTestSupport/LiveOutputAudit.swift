/// Checks what a live view writes against the only sequences it may contain: those a batch
/// render may (SGR when styled, an SGR reset always, OSC 8 with a printable target when hyperlinks are on), plus the
/// ones that move the live region: CR, `\r\n`, CUU/CUD/CUF/CHA with a count, EL and ED (to the right
/// and below only), cursor hide/show (`?25`) and synchronized output (`?2026`).
///
/// Attributes and hyperlinks are per line in a live view too: each must be reset or closed
/// before a line ending, before an erase or a character insertion or deletion (terminals fill
/// the blanks with the current background), before the cursor moves to another row, and by the
/// end of the output; a hyperlink also before any cursor movement. Attributes may stay set
/// across a mode change (cursor visibility, synchronized output) and a move along the row
/// (CUF, CHA), which paint nothing: a live view leaves them set between frames where its cursor
/// waits for more text in the same look, and across a move back into a code line's band.
public enum LiveOutputAudit {
    /// Everything wrong with `bytes`, one sentence each (empty when the output is clean).
    public static func violations(in bytes: [UInt8], styled: Bool, hyperlinks: Bool, limit: Int = 8) -> [String] {
        var problems: [String] = []
        var link: String?
        var attributesSet = false
        var offset = 0  // in tokens, for messages
        func report(_ message: String) {
            if problems.count < limit { problems.append("token \(offset): \(message)") }
        }
        /// The cursor is about to leave the text just written.
        func leaveText(_ why: String) {
            if let link { report("hyperlink to '\(link)' still open at \(why)") }
            if attributesSet { report("attributes still set at \(why)") }
            link = nil
            attributesSet = false
        }
        for token in EscapeSequences.tokens(bytes) {
            offset += 1
            switch token {
            case .text(let text):
                if text.unicodeScalars.contains("\n") { leaveText("a line feed") }
            case .control(let scalar):
                if scalar == "\r" { leaveText("a carriage return") } else {
                    report("raw control character U+\(String(scalar.value, radix: 16, uppercase: true))")
                }
            case .escape(let next):
                report("escape sequence ESC \(visible(next))")
            case .csi(let parameters, let final, let c1):
                if c1 {
                    report("C1 control sequence \(visible(parameters))\(visible(String(final)))")
                } else if final == "m", parameters.isEmpty || parameters == "0" {
                    attributesSet = false  // a reset is always allowed: closing the view writes one
                } else if final == "m", styled, parameters.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ";") }) {
                    attributesSet = OutputAudit.setsAttributes(parameters, startingFrom: attributesSet)
                } else if isModeChange(parameters, final) {
                    continue
                } else if let why = movement(parameters, final) {
                    if final == "C" || final == "G" {
                        // Along the row: attributes may stay, a hyperlink may not.
                        if let link { report("hyperlink to '\(link)' still open at \(why)") }
                        link = nil
                    } else {
                        leaveText(why)
                    }
                } else {
                    report("control sequence ESC [\(visible(parameters))\(visible(String(final)))")
                }
            case .osc(let body, let terminator):
                guard hyperlinks, let target = EscapeSequences.hyperlinkTarget(ofOSC: body), terminator == "\u{1B}\\" else {
                    report("operating system command ESC ]\(visible(body)) ended by \(visible(terminator ?? "nothing"))")
                    continue
                }
                if let bad = target.unicodeScalars.first(where: { EscapeSequences.isControl($0) || $0 == " " }) {
                    report("hyperlink target holds U+\(String(bad.value, radix: 16, uppercase: true)): \(visible(target))")
                }
                link = target.isEmpty ? nil : target
            }
        }
        leaveText("the end of the output")
        return problems
    }

    /// What a cursor or mode sequence Rill writes does, or nil when it is not one of them.
    private static func movement(_ parameters: String, _ final: Character) -> String? {
        let isCount = !parameters.isEmpty && parameters.count <= 5 && parameters.allSatisfy { $0.isASCII && $0.isNumber }
            && parameters.first != "0"
        switch final {
        case "A", "B", "C", "G": return isCount ? "a cursor movement" : nil
        case "@", "P": return isCount ? "a character insertion or deletion" : nil
        case "K", "J": return parameters.isEmpty ? "an erase" : nil
        default: return nil
        }
    }

    /// Whether a sequence is one of the private modes Rill sets: cursor visibility, synchronized output.
    private static func isModeChange(_ parameters: String, _ final: Character) -> Bool {
        (final == "h" || final == "l") && ["?25", "?2026"].contains(parameters)
    }

    /// `text` with control characters shown as `\u{…}`.
    private static func visible(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if EscapeSequences.isControl(scalar) {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
