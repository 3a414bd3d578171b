/// Turns styled lines into the bytes a terminal shows: SGR attributes, colours and OSC 8
/// hyperlinks, each opened and closed within the line so nothing bleeds past a line end.
///
/// This is the last gate before the terminal: any control character that reached a span anyway
/// is replaced by its placeholder here, so input text can never emit an escape sequence.
public struct ANSIEncoder: Sendable {
    public var depth: ColorDepth
    /// Whether spans with a hyperlink target are wrapped in OSC 8.
    public var hyperlinks: Bool

    /// Creates an encoder.
    public init(depth: ColorDepth, hyperlinks: Bool = false) {
        self.depth = depth
        self.hyperlinks = hyperlinks && depth != .none
    }

    /// Appends `line` (without a line ending) to `output`, leaving attributes reset at its end.
    ///
    /// - Complexity: O(n) in the line's length.
    public func encode(_ line: StyledLine, into output: inout [UInt8]) {
        var current = TextStyle.plain
        var link: String?
        for (index, var span) in line.spans.enumerated() {
            if index == line.spans.count - 1, span.text.unicodeScalars.last == "\u{200D}" {
                // A zero-width joiner at a line's end joins nothing visible; some terminals
                // (tmux) would join it to whatever is printed next, even after moving the cursor.
                span.text.unicodeScalars.removeLast()
            }
            let target = hyperlinks ? span.style.hyperlink : nil
            if target != link {
                if link != nil { output += Self.closeLink }
                if let target { output += Self.openLink(target) }
                link = target
            }
            if depth != .none, !Self.sameLook(span.style, current) {
                output += sgr(span.style)
                current = span.style
            }
            Self.appendSafely(span.text, to: &output)
        }
        if link != nil { output += Self.closeLink }
        if depth != .none, !Self.sameLook(current, .plain) { output += Self.reset }
    }

    /// `line` encoded on its own.
    public func encode(_ line: StyledLine) -> [UInt8] {
        var output: [UInt8] = []
        encode(line, into: &output)
        return output
    }

    /// SGR 0: every attribute off.
    public static let reset: [UInt8] = Array("\u{1B}[0m".utf8)

    private static let closeLink: [UInt8] = Array("\u{1B}]8;;\u{1B}\\".utf8)

    private static func openLink(_ target: String) -> [UInt8] {
        Array("\u{1B}]8;;".utf8) + Array(ControlCharacters.hyperlinkTarget(target).utf8) + Array("\u{1B}\\".utf8)
    }

    /// Whether two styles look the same (hyperlinks aside).
    private static func sameLook(_ a: TextStyle, _ b: TextStyle) -> Bool {
        var a = a, b = b
        a.hyperlink = nil
        b.hyperlink = nil
        return a == b
    }

    /// The SGR sequence that sets exactly `style`, starting from a reset.
    func sgr(_ style: TextStyle) -> [UInt8] {
        var codes = ["0"]
        if style.isBold { codes.append("1") }
        if style.isDim { codes.append("2") }
        if style.isItalic { codes.append("3") }
        if style.isUnderlined { codes.append("4") }
        if style.isInverse { codes.append("7") }
        if style.isStruck { codes.append("9") }
        if let color = style.foreground { codes.append(colorCode(color, foreground: true)) }
        if let color = style.background { codes.append(colorCode(color, foreground: false)) }
        return Array(("\u{1B}[" + codes.joined(separator: ";") + "m").utf8)
    }

    private func colorCode(_ color: TerminalColor, foreground: Bool) -> String {
        if depth == .palette { return (foreground ? "38;5;" : "48;5;") + String(color.index) }
        let basic = Int(color.index < 16 ? color.index : color.nearestBasic.index)
        let base = basic < 8 ? (foreground ? 30 : 40) : (foreground ? 90 : 100)
        return String(base + basic % 8)
    }

    /// Appends text, replacing any C0/C1 control character or DEL by its visible placeholder.
    static func appendSafely(_ text: String, to output: inout [UInt8]) {
        var clean = true
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte >= 0x80 && byte < 0xA0) {
                clean = false
                break
            }
            previous = byte
        }
        if clean {
            output.append(contentsOf: text.utf8)
        } else {
            output.append(contentsOf: ControlCharacters.visible(text).utf8)
        }
    }
}
