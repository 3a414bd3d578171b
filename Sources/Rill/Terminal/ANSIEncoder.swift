/// Turns styled lines into the bytes a terminal shows: SGR attributes, colours and OSC 8
/// hyperlinks, each opened and closed within the line so nothing bleeds past a line end (a live
/// view may leave attributes set where its cursor waits for more text: see
/// ``encode(_:into:pen:)``).
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
        var pen = TextStyle.plain
        encode(line, into: &output, pen: &pen)
        if depth != .none, !Self.sameLook(pen, .plain) { output += Self.reset }
    }

    /// Appends `line` (without a line ending) to `output` on a terminal whose attributes are
    /// `pen`'s, leaving them set at its end (hyperlinks are closed) and `pen` what they now are.
    /// Text that goes on in the look already set costs no SGR: what a live view writes while a
    /// styled span grows frame by frame. The caller must reset before anything but text.
    ///
    /// - Complexity: O(n) in the line's length.
    public func encode(_ line: StyledLine, into output: inout [UInt8], pen: inout TextStyle) {
        var current = depth == .none ? TextStyle.plain : pen
        var link: String?
        let dropsJoiner = Self.endsWithJoiner(line)
        for (index, var span) in line.spans.enumerated() {
            if dropsJoiner, index == line.spans.count - 1 { span.text.unicodeScalars.removeLast() }
            let target = hyperlinks ? span.style.hyperlink : nil
            if target != link {
                if link != nil { output += Self.closeLink }
                if let target { output += Self.openLink(target) }
                link = target
            }
            if depth != .none, !Self.sameLook(span.style, current) {
                appendSGR(span.style, to: &output)
                current = span.style
            }
            Self.appendSafely(span.text, to: &output)
        }
        if link != nil { output += Self.closeLink }
        pen = current
    }

    /// Whether `pen` sets any attribute a reset would clear.
    func isSet(_ pen: TextStyle) -> Bool {
        depth != .none && !Self.sameLook(pen, .plain)
    }

    /// Whether `line` ends with a zero-width joiner, which ``encode(_:into:)`` leaves out: at a
    /// line's end it joins nothing visible, and some terminals (tmux) would join it to whatever
    /// is printed next, even after moving the cursor.
    static func endsWithJoiner(_ line: StyledLine) -> Bool {
        line.spans.last?.text.unicodeScalars.last == "\u{200D}"
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

    /// Whether two styles look the same: every attribute but the hyperlink is equal.
    static func sameLook(_ a: TextStyle, _ b: TextStyle) -> Bool {
        a.foreground == b.foreground && a.background == b.background && a.isBold == b.isBold
            && a.isDim == b.isDim && a.isItalic == b.isItalic && a.isUnderlined == b.isUnderlined
            && a.isStruck == b.isStruck && a.isInverse == b.isInverse
    }

    /// The SGR sequence that sets exactly `style`, starting from a reset.
    func sgr(_ style: TextStyle) -> [UInt8] {
        var bytes: [UInt8] = []
        appendSGR(style, to: &bytes)
        return bytes
    }

    /// Appends ``sgr(_:)`` of `style`, written byte by byte (it is written at every style change).
    func appendSGR(_ style: TextStyle, to output: inout [UInt8]) {
        output.append(0x1B)  // ESC [ 0
        output.append(0x5B)
        output.append(0x30)
        func add(_ code: UInt8) {
            output.append(0x3B)
            output.append(code)
        }
        if style.isBold { add(0x31) }
        if style.isDim { add(0x32) }
        if style.isItalic { add(0x33) }
        if style.isUnderlined { add(0x34) }
        if style.isInverse { add(0x37) }
        if style.isStruck { add(0x39) }
        if let color = style.foreground { appendColor(color, foreground: true, to: &output) }
        if let color = style.background { appendColor(color, foreground: false, to: &output) }
        output.append(0x6D)  // m
    }

    private func appendColor(_ color: TerminalColor, foreground: Bool, to output: inout [UInt8]) {
        output.append(0x3B)
        if depth == .palette {
            for byte in foreground ? Self.paletteForeground : Self.paletteBackground { output.append(byte) }
            Self.appendDecimal(Int(color.index), to: &output)
            return
        }
        let basic = Int(color.index < 16 ? color.index : color.nearestBasic.index)
        let base = basic < 8 ? (foreground ? 30 : 40) : (foreground ? 90 : 100)
        Self.appendDecimal(base + basic % 8, to: &output)
    }

    private static let paletteForeground = Array("38;5;".utf8)
    private static let paletteBackground = Array("48;5;".utf8)

    private static func appendDecimal(_ value: Int, to output: inout [UInt8]) {
        if value >= 10 { appendDecimal(value / 10, to: &output) }
        output.append(0x30 + UInt8(value % 10))
    }

    /// Appends text, replacing any C0/C1 control character or DEL by its visible placeholder.
    static func appendSafely(_ text: String, to output: inout [UInt8]) {
        if ControlCharacters.contains(in: text) {
            output.append(contentsOf: ControlCharacters.visible(text).utf8)
        } else {
            output.append(contentsOf: text.utf8)
        }
    }
}
