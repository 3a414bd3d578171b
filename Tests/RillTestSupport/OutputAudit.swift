/// Checks terminal output against the only escape sequences a batch render may contain: SGR
/// (`ESC [ … m`) when styled, and OSC 8 hyperlinks (`ESC ] 8 ; ; target ESC \`) when hyperlinks
/// are on, with a target of printable characters. Lines are separated by `\n`; on each line a
/// hyperlink that was opened is closed, and attributes that were set are reset, before its end.
public enum OutputAudit {
    /// Everything wrong with `bytes`, one sentence each (empty when the output is clean).
    public static func violations(in bytes: [UInt8], styled: Bool, hyperlinks: Bool) -> [String] {
        var problems: [String] = []
        var line = 1
        var link: String?
        var attributesSet = false
        func endLine() {
            if let link { problems.append("line \(line): hyperlink to '\(link)' still open at the line end") }
            if attributesSet { problems.append("line \(line): attributes still set at the line end") }
            link = nil
            attributesSet = false
            line += 1
        }
        for token in EscapeSequences.tokens(bytes) {
            switch token {
            case .text(let text):
                for scalar in text.unicodeScalars where scalar == "\n" { endLine() }
            case .control(let scalar):
                problems.append("line \(line): raw control character U+\(hex(scalar.value))")
            case .escape(let next):
                problems.append("line \(line): escape sequence ESC \(visible(next))")
            case .csi(let parameters, let final, let c1):
                let isSGR = !c1 && final == "m" && parameters.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ";") }
                guard styled, isSGR else {
                    problems.append("line \(line): control sequence \(c1 ? "CSI(U+009B)" : "ESC [")\(visible(parameters))\(visible(String(final)))")
                    continue
                }
                attributesSet = setsAttributes(parameters, startingFrom: attributesSet)
            case .osc(let body, let terminator):
                guard hyperlinks, let target = EscapeSequences.hyperlinkTarget(ofOSC: body), terminator == "\u{1B}\\" else {
                    problems.append("line \(line): operating system command ESC ]\(visible(body)) ended by \(visible(terminator ?? "nothing"))")
                    continue
                }
                if let bad = target.unicodeScalars.first(where: { EscapeSequences.isControl($0) || $0 == " " }) {
                    problems.append("line \(line): hyperlink target holds U+\(hex(bad.value)): \(visible(target))")
                }
                link = target.isEmpty ? nil : target
            }
        }
        if link != nil || attributesSet { endLine() }
        return problems
    }

    /// Whether attributes are set after SGR `parameters`: 0 (or an empty parameter) resets,
    /// anything else sets; 38 and 48 carry their colour as 2 or 4 more parameters.
    static func setsAttributes(_ parameters: String, startingFrom set: Bool) -> Bool {
        var set = set
        let values = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        var index = 0
        while index < values.count {
            let value = values[index]
            if value == 38 || value == 48 {
                index += index + 1 < values.count && values[index + 1] == 2 ? 5 : 3
                set = true
                continue
            }
            set = value != 0
            index += 1
        }
        return set
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `text` with control characters shown as `\u{…}`.
    private static func visible(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if EscapeSequences.isControl(scalar) { result += "\\u{\(hex(scalar.value))}" } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }
}
