/// Splits bytes written to a terminal into text and the escape sequences among it, the way a
/// terminal would read them, so tests can check every sequence against what Rill may emit.
public enum EscapeSequences {
    /// One piece of terminal output.
    public enum Token: Equatable, Sendable {
        /// Printable text (may include `\n`; no other control character).
        case text(String)
        /// A control sequence `ESC [ parameters final` or C1 CSI (U+009B) `parameters final`.
        case csi(parameters: String, final: Character, c1: Bool)
        /// An operating system command `ESC ] body` ended by BEL or by ST (`ESC \`);
        /// `terminator` is nil when the output ends first.
        case osc(body: String, terminator: String?)
        /// ESC followed by anything else (or by nothing).
        case escape(String)
        /// A control character outside any sequence (C0 except `\n`, DEL, C1).
        case control(Unicode.Scalar)
    }

    /// The tokens of `bytes`, decoded as UTF-8 (invalid bytes become U+FFFD).
    public static func tokens(_ bytes: [UInt8]) -> [Token] {
        let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        var tokens: [Token] = []
        var text = ""
        var index = 0
        func flush() {
            if !text.isEmpty { tokens.append(.text(text)); text = "" }
        }
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == "\u{1B}" || scalar == "\u{9B}" {
                flush()
                if scalar == "\u{9B}" {
                    tokens.append(csi(scalars, &index, c1: true))
                } else if index < scalars.count, scalars[index] == "[" {
                    index += 1
                    tokens.append(csi(scalars, &index, c1: false))
                } else if index < scalars.count, scalars[index] == "]" {
                    index += 1
                    tokens.append(osc(scalars, &index))
                } else {
                    let next = index < scalars.count ? String(scalars[index]) : ""
                    if index < scalars.count { index += 1 }
                    tokens.append(.escape(next))
                }
            } else if scalar == "\n" || !isControl(scalar) {
                text.unicodeScalars.append(scalar)
            } else {
                flush()
                tokens.append(.control(scalar))
            }
        }
        flush()
        return tokens
    }

    /// The text of `bytes` with every escape sequence and control character removed.
    public static func strip(_ bytes: [UInt8]) -> String {
        tokens(bytes).map { token in
            if case .text(let text) = token { return text }
            return ""
        }.joined()
    }

    /// The target of an OSC 8 hyperlink whose body is `8;;target` (no parameters), read by
    /// scalars: a target starting with a zero-width joiner joins the `;` before it into one
    /// `Character`. Nil for any other body.
    public static func hyperlinkTarget(ofOSC body: String) -> String? {
        guard body.unicodeScalars.starts(with: "8;;".unicodeScalars) else { return nil }
        return String(String.UnicodeScalarView(body.unicodeScalars.dropFirst(3)))
    }

    /// C0 controls, DEL and C1 controls.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
    }

    private static func csi(_ scalars: [Unicode.Scalar], _ index: inout Int, c1: Bool) -> Token {
        var parameters = ""
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if (0x40...0x7E).contains(scalar.value) {
                return .csi(parameters: parameters, final: Character(scalar), c1: c1)
            }
            parameters.unicodeScalars.append(scalar)
        }
        return .csi(parameters: parameters, final: "\u{0}", c1: c1)
    }

    private static func osc(_ scalars: [Unicode.Scalar], _ index: inout Int) -> Token {
        var body = ""
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == "\u{07}" { return .osc(body: body, terminator: "\u{07}") }
            if scalar == "\u{9C}" { return .osc(body: body, terminator: "\u{9C}") }
            if scalar == "\u{1B}" {
                if index < scalars.count, scalars[index] == "\\" {
                    index += 1
                    return .osc(body: body, terminator: "\u{1B}\\")
                }
                return .osc(body: body, terminator: "\u{1B}")
            }
            body.unicodeScalars.append(scalar)
        }
        return .osc(body: body, terminator: nil)
    }
}
