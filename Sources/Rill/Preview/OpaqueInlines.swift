/// The inline constructs whose inside holds no delimiter, as cmark-gfm 0.29 recognizes them:
/// autolinks and raw HTML (`<…>`), an inline link's destination and title (`](…)`), and GFM's
/// bare URLs (`www.…`, `https://…`).
///
/// Each scanner says whether the construct is complete in the text, could still be completed
/// by text written after it (the text ends inside it), or is not one.
enum OpaqueInlines {
    /// What a scanner found.
    enum Scan: Equatable {
        /// The construct, ending just before `end`.
        case complete(end: Int)
        /// The text ends inside what can still become the construct.
        case unfinished
        /// Not the construct: its first character is text.
        case none
    }

    // MARK: - `<…>`

    /// An autolink (`<https://x>`, `<a@b.c>`) or raw HTML (a tag, comment, processing
    /// instruction, declaration or CDATA section) starting at the `<` at `index`.
    ///
    /// - Complexity: O(what the scanners read), without allocating (a run of `<` reads each once).
    static func angle(at index: Int, in text: [UInt8]) -> Scan {
        var sawUnfinished = false
        for scanner in angleScanners {
            switch scanner(index + 1, text) {
            case .complete(let end): return .complete(end: end)
            case .unfinished: sawUnfinished = true
            case .none: continue
            }
        }
        return sawUnfinished ? .unfinished : .none
    }

    /// What a `<` may open, in the order tried: the first complete one is the construct.
    private static let angleScanners: [@Sendable (Int, [UInt8]) -> Scan] = [
        uriAutolink, emailAutolink, openTag, closingTag, htmlComment, bracketed,
    ]

    /// `scheme:…>`, the scheme 2 to 32 letters, digits, `+`, `.`, `-` starting with a letter.
    private static func uriAutolink(_ start: Int, _ text: [UInt8]) -> Scan {
        var index = start
        guard index < text.count else { return .unfinished }
        guard isLetter(text[index]) else { return .none }
        while index < text.count, isLetter(text[index]) || isDigit(text[index]) || "+.-".utf8.contains(text[index]) {
            index += 1
            if index - start > 32 { return .none }
        }
        guard index < text.count else { return .unfinished }
        guard text[index] == UInt8(ascii: ":"), index - start >= 2 else { return .none }
        index += 1
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: ">") { return .complete(end: index + 1) }
            if byte <= 0x20 || byte == UInt8(ascii: "<") { return .none }
            index += 1
        }
        return .unfinished
    }

    /// `local@domain>`.
    private static func emailAutolink(_ start: Int, _ text: [UInt8]) -> Scan {
        var index = start
        while index < text.count, isEmailLocal[Int(text[index])] {
            index += 1
        }
        guard index < text.count else { return .unfinished }
        guard text[index] == UInt8(ascii: "@"), index > start else { return .none }
        index += 1
        // Labels of letters, digits and inner hyphens, separated by dots.
        var labelLength = 0
        while index < text.count {
            let byte = text[index]
            if isLetter(byte) || isDigit(byte) || (byte == UInt8(ascii: "-") && labelLength > 0) {
                labelLength += 1
                if labelLength > 63 { return .none }
            } else if byte == UInt8(ascii: "."), labelLength > 0, text[index - 1] != UInt8(ascii: "-") {
                labelLength = 0
            } else if byte == UInt8(ascii: ">"), labelLength > 0, text[index - 1] != UInt8(ascii: "-") {
                return .complete(end: index + 1)
            } else {
                return .none
            }
            index += 1
        }
        return .unfinished
    }

    /// Which bytes an email autolink's local part may hold: letters, digits and
    /// ``.!#$%&'*+/=?^_`{|}~-``.
    private static let isEmailLocal: [Bool] = (0...255).map { byte in
        isLetter(UInt8(byte)) || isDigit(UInt8(byte)) || ".!#$%&'*+/=?^_`{|}~-".utf8.contains(UInt8(byte))
    }

    /// `tag attribute="value" … />`.
    private static func openTag(_ start: Int, _ text: [UInt8]) -> Scan {
        guard var index = tagName(start, text) else { return start < text.count ? .none : .unfinished }
        while true {
            let spaced = index
            while index < text.count, isSpace(text[index]) { index += 1 }
            guard index < text.count else { return .unfinished }
            switch text[index] {
            case UInt8(ascii: ">"):
                return .complete(end: index + 1)
            case UInt8(ascii: "/"):
                guard index + 1 < text.count else { return .unfinished }
                return text[index + 1] == UInt8(ascii: ">") ? .complete(end: index + 2) : .none
            default:
                // An attribute needs space before it.
                guard index > spaced, isAttributeNameStart(text[index]) else { return .none }
                while index < text.count, isAttributeName(text[index]) { index += 1 }
                var afterName = index
                while afterName < text.count, isSpace(text[afterName]) { afterName += 1 }
                guard afterName < text.count else { return .unfinished }
                guard text[afterName] == UInt8(ascii: "=") else { continue }
                index = afterName + 1
                while index < text.count, isSpace(text[index]) { index += 1 }
                guard index < text.count else { return .unfinished }
                let quote = text[index]
                if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    guard let close = text[(index + 1)...].firstIndex(of: quote) else { return .unfinished }
                    index = close + 1
                } else {
                    let valueStart = index
                    while index < text.count, !isSpace(text[index]), !"\"'=<>`".utf8.contains(text[index]) { index += 1 }
                    guard index > valueStart else { return .none }
                }
            }
        }
    }

    /// `/tag >`.
    private static func closingTag(_ start: Int, _ text: [UInt8]) -> Scan {
        guard start < text.count else { return .unfinished }
        guard text[start] == UInt8(ascii: "/") else { return .none }
        guard var index = tagName(start + 1, text) else { return start + 1 < text.count ? .none : .unfinished }
        while index < text.count, isSpace(text[index]) { index += 1 }
        guard index < text.count else { return .unfinished }
        return text[index] == UInt8(ascii: ">") ? .complete(end: index + 1) : .none
    }

    /// `!-- … -->`.
    private static func htmlComment(_ start: Int, _ text: [UInt8]) -> Scan {
        for (offset, byte) in "!--".utf8.enumerated() {
            guard start + offset < text.count else { return .unfinished }
            guard text[start + offset] == byte else { return .none }
        }
        return find(Array("-->".utf8), after: start + 3, in: text)
    }

    /// A processing instruction `? … ?>`, a declaration `!NAME … >` or CDATA `![CDATA[ … ]]>`.
    private static func bracketed(_ start: Int, _ text: [UInt8]) -> Scan {
        guard start < text.count else { return .unfinished }
        switch text[start] {
        case UInt8(ascii: "?"):
            return find(Array("?>".utf8), after: start + 1, in: text)
        case UInt8(ascii: "!"):
            guard start + 1 < text.count else { return .unfinished }
            let next = text[start + 1]
            if next == UInt8(ascii: "[") {
                let opener = Array("[CDATA[".utf8)
                for (offset, byte) in opener.enumerated() {
                    guard start + 1 + offset < text.count else { return .unfinished }
                    guard text[start + 1 + offset] == byte else { return .none }
                }
                return find(Array("]]>".utf8), after: start + 1 + opener.count, in: text)
            }
            guard next >= UInt8(ascii: "A"), next <= UInt8(ascii: "Z") else { return .none }
            var index = start + 1
            while index < text.count, text[index] >= UInt8(ascii: "A"), text[index] <= UInt8(ascii: "Z") { index += 1 }
            guard index < text.count else { return .unfinished }
            guard isSpace(text[index]) else { return .none }
            return find(Array(">".utf8), after: index, in: text)
        default:
            return .none
        }
    }

    private static func find(_ terminator: [UInt8], after start: Int, in text: [UInt8]) -> Scan {
        guard terminator.count <= text.count else { return .unfinished }
        var index = start
        while index + terminator.count <= text.count {
            if text[index..<(index + terminator.count)].elementsEqual(terminator) {
                return .complete(end: index + terminator.count)
            }
            index += 1
        }
        return .unfinished
    }

    /// The end of a tag name (a letter, then letters, digits and `-`) starting at `start`.
    private static func tagName(_ start: Int, _ text: [UInt8]) -> Int? {
        guard start < text.count, isLetter(text[start]) else { return nil }
        var index = start + 1
        while index < text.count, isLetter(text[index]) || isDigit(text[index]) || text[index] == UInt8(ascii: "-") {
            index += 1
        }
        return index
    }

    // MARK: - `](…)`

    /// The rest of an inline link after its text, `(destination "title")`, starting at the `(`
    /// at `index`.
    static func linkTail(at index: Int, in text: [UInt8]) -> Scan {
        var position = skippingSpaces(index + 1, text)
        guard position < text.count else { return .unfinished }
        if text[position] == UInt8(ascii: "<") {
            position += 1
            while true {
                guard position < text.count else { return .unfinished }
                let byte = text[position]
                if byte == UInt8(ascii: ">") {
                    position += 1
                    break
                }
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "<") { return .none }
                position += byte == UInt8(ascii: "\\") ? 2 : 1
            }
        } else {
            var depth = 0
            scan: while true {
                guard position < text.count else { return .unfinished }
                let byte = text[position]
                switch byte {
                case UInt8(ascii: "\\") where position + 1 < text.count && FlankingCharacters.isASCIIPunctuation(text[position + 1]):
                    position += 2
                case UInt8(ascii: "("):
                    depth += 1
                    if depth > 32 { return .none }
                    position += 1
                case UInt8(ascii: ")"):
                    if depth == 0 { break scan }
                    depth -= 1
                    position += 1
                default:
                    if isSpace(byte) || byte == 0x0B || byte == 0x0C { break scan }
                    position += 1
                }
            }
        }
        let destinationEnd = position
        position = skippingSpaces(position, text)
        guard position < text.count else { return .unfinished }
        if position > destinationEnd, let close = titleCloser(text[position]) {
            // A title, after space.
            var index = position + 1
            while true {
                guard index < text.count else { return .unfinished }
                let byte = text[index]
                if byte == close { break }
                if close == UInt8(ascii: ")"), byte == UInt8(ascii: "(") { return .none }
                index += byte == UInt8(ascii: "\\") ? 2 : 1
            }
            position = skippingSpaces(index + 1, text)
            guard position < text.count else { return .unfinished }
        }
        return text[position] == UInt8(ascii: ")") ? .complete(end: position + 1) : .none
    }

    private static func titleCloser(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "\""): UInt8(ascii: "\"")
        case UInt8(ascii: "'"): UInt8(ascii: "'")
        case UInt8(ascii: "("): UInt8(ascii: ")")
        default: nil
        }
    }

    private static func skippingSpaces(_ start: Int, _ text: [UInt8]) -> Int {
        var index = start
        while index < text.count, isSpace(text[index]) || text[index] == 0x0B || text[index] == 0x0C { index += 1 }
        return index
    }

    // MARK: - Bare URLs

    /// The bare URL GFM links at the `w` at `index` (`www.` and a domain), as the range it
    /// takes; nil when there is none. Only outside brackets, after whitespace, `*`, `_`, `~`,
    /// `(` or at the start.
    static func wwwLink(at index: Int, in text: [UInt8]) -> Range<Int>? {
        if index > 0, !"*_~(".utf8.contains(text[index - 1]), !isSpace(text[index - 1]) { return nil }
        guard index + 4 <= text.count, text[index + 1] == UInt8(ascii: "w"), text[index + 2] == UInt8(ascii: "w"),
              text[index + 3] == UInt8(ascii: ".") else { return nil }
        let domain = domainLength(from: index, in: text, allowShort: false)
        guard domain > 0 else { return nil }
        let end = linkEnd(from: index, domainEnd: index + domain, in: text)
        return end > index ? index..<end : nil
    }

    /// The bare URL GFM links at the `:` at `index` (`http://`, `https://` or `ftp://`, the
    /// scheme written before the colon), as the range it takes; nil when there is none.
    static func schemeLink(colonAt index: Int, in text: [UInt8]) -> Range<Int>? {
        guard index + 3 < text.count, text[index + 1] == UInt8(ascii: "/"), text[index + 2] == UInt8(ascii: "/") else {
            return nil
        }
        var start = index
        while start > 0, isLetter(text[start - 1]) { start -= 1 }
        let scheme = text[start..<index].map { $0 | 0x20 }
        guard ["http", "https", "ftp"].contains(where: { $0.utf8.elementsEqual(scheme) }) else { return nil }
        let host = index + 3
        guard host < text.count, isHostCharacter(at: host, in: text) else { return nil }
        let domain = domainLength(from: host, in: text, allowShort: true)
        guard domain > 0 else { return nil }
        let end = linkEnd(from: start, domainEnd: host + domain, in: text)
        return end > start ? start..<end : nil
    }

    /// How far a domain from `start` goes, as GFM's `check_domain` measures it; 0 when it is
    /// not one (an underscore in its last two labels, or no dot where one is needed).
    private static func domainLength(from start: Int, in text: [UInt8], allowShort: Bool) -> Int {
        let size = text.count - start
        var index = 1
        var dots = 0
        var underscoresBefore = 0
        var underscores = 0
        while index < size - 1 {
            if text[start + index] == UInt8(ascii: "\\"), index < size - 2 { index += 1 }
            let byte = text[start + index]
            if byte == UInt8(ascii: "_") {
                underscores += 1
            } else if byte == UInt8(ascii: ".") {
                underscoresBefore = underscores
                underscores = 0
                dots += 1
            } else if byte != UInt8(ascii: "-"), !isHostCharacter(at: start + index, in: text) {
                break
            }
            index += 1
        }
        if underscoresBefore > 0 || underscores > 0, dots <= 10 { return 0 }
        return allowShort || dots > 0 ? index : 0
    }

    /// Where a bare URL from `start` ends: at whitespace or `<`, less trailing punctuation
    /// (`?!.,:*_~'"`), a `)` without its `(` and an entity-like `&…;`.
    private static func linkEnd(from start: Int, domainEnd: Int, in text: [UInt8]) -> Int {
        var end = domainEnd
        while end < text.count, !isSpace(text[end]), text[end] != UInt8(ascii: "<") { end += 1 }
        var opening = 0
        var closing = 0
        for byte in text[start..<end] {
            if byte == UInt8(ascii: "(") { opening += 1 } else if byte == UInt8(ascii: ")") { closing += 1 }
        }
        while end > start {
            switch text[end - 1] {
            case UInt8(ascii: ")"):
                if closing <= opening { return end }
                closing -= 1
                end -= 1
            case UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ":"),
                 UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "'"), UInt8(ascii: "\""):
                end -= 1
            case UInt8(ascii: ";"):
                var letters = end - 2
                while letters > start, isLetter(text[letters]) { letters -= 1 }
                if letters < end - 2, text[letters] == UInt8(ascii: "&") { end = letters } else { end -= 1 }
            default:
                return end
            }
        }
        return end
    }

    /// Whether the character at `index` may be part of a host name: neither whitespace nor
    /// punctuation (a byte inside a character is not).
    private static func isHostCharacter(at index: Int, in text: [UInt8]) -> Bool {
        guard text[index] & 0xC0 != 0x80 else { return false }
        let scalar = FlankingCharacters.scalar(at: index, in: text)
        return !FlankingCharacters.isWhitespace(scalar) && !FlankingCharacters.isPunctuation(scalar)
    }

    // MARK: - Bytes

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isAttributeNameStart(_ byte: UInt8) -> Bool {
        isLetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
    }

    private static func isAttributeName(_ byte: UInt8) -> Bool {
        isAttributeNameStart(byte) || isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
    }
}
