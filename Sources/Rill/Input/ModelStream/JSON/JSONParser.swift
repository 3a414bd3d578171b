/// A strict JSON parser (RFC 8259) for one event at a time, without Foundation.
///
/// It accepts exactly one value with optional whitespace around it and refuses anything else
/// with a reason: a bad escape, a control character or a line break inside a string, a number
/// outside the grammar, a missing comma, text after the value, nesting deeper than
/// ``maxDepth``. Strings are decoded: `\uXXXX` escapes, surrogate pairs joined; a lone surrogate
/// escape and invalid UTF-8 inside a string become U+FFFD, as they would in the stream anyway.
///
/// - Complexity: O(n) in the input's length; recursion at most ``maxDepth`` deep.
enum JSONParser {
    /// Deepest nesting of arrays and objects accepted. Model events nest four or five levels.
    static let maxDepth = 64

    /// Why the input is not one well-formed JSON value.
    struct Failure: Error, Equatable, CustomStringConvertible {
        /// What is wrong, in words.
        let reason: String
        /// Byte offset where it was found.
        let offset: Int

        var description: String { "\(reason) at byte \(offset)" }
    }

    /// Parses `bytes` as one JSON value.
    static func parse(_ bytes: some Collection<UInt8>) throws(Failure) -> JSONValue {
        let result: Result<JSONValue, Failure>? = bytes.withContiguousStorageIfAvailable { buffer in
            var cursor = Cursor(bytes: buffer)
            do throws(Failure) {
                return .success(try cursor.document())
            } catch {
                return .failure(error)
            }
        }
        guard let result else { return try parse(Array(bytes)) }
        return try result.get()
    }

    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        func fail(_ reason: String) -> Failure {
            Failure(reason: reason, offset: index)
        }

        mutating func document() throws(Failure) -> JSONValue {
            skipWhitespace()
            let value = try self.value(depth: 0)
            skipWhitespace()
            guard index == bytes.count else { throw fail("text after the value") }
            return value
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) throws(Failure) -> JSONValue {
            guard index < bytes.count else { throw fail("the value ends early") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object(depth: depth + 1)
            case UInt8(ascii: "["): return try array(depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw fail("unexpected \(Self.describe(bytes[index]))")
            }
        }

        mutating func literal(_ word: String) throws(Failure) {
            let letters = word.utf8
            guard bytes.count - index >= letters.count, bytes[index..<index + letters.count].elementsEqual(letters) else {
                throw fail("unexpected \(Self.describe(bytes[index]))")
            }
            index += letters.count
        }

        mutating func object(depth: Int) throws(Failure) -> JSONValue {
            guard depth <= JSONParser.maxDepth else { throw fail("nesting deeper than \(JSONParser.maxDepth) levels") }
            index += 1
            var members: [String: JSONValue] = [:]
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a member name") }
                let key = try string()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                index += 1
                skipWhitespace()
                members[key] = try value(depth: depth)
                skipWhitespace()
                guard index < bytes.count else { throw fail("the object ends early") }
                switch bytes[index] {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"): index += 1; return .object(members)
                default: throw fail("expected ',' or '}'")
                }
            }
        }

        mutating func array(depth: Int) throws(Failure) -> JSONValue {
            guard depth <= JSONParser.maxDepth else { throw fail("nesting deeper than \(JSONParser.maxDepth) levels") }
            index += 1
            var elements: [JSONValue] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            while true {
                skipWhitespace()
                elements.append(try value(depth: depth))
                skipWhitespace()
                guard index < bytes.count else { throw fail("the array ends early") }
                switch bytes[index] {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"): index += 1; return .array(elements)
                default: throw fail("expected ',' or ']'")
                }
            }
        }

        /// A string starting at the opening quote.
        mutating func string() throws(Failure) -> String {
            index += 1
            let start = index
            // Most strings hold no escape: decoded straight from the input.
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    defer { index += 1 }
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                index += 1
            }
            var decoded = Array(bytes[start..<index])
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return String(decoding: decoded, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    try escape(into: &decoded)
                case 0x00..<0x20:
                    throw fail("\(Self.describe(byte)) inside a string")
                default:
                    decoded.append(byte)
                    index += 1
                }
            }
            throw fail("a string that does not end")
        }

        /// An escape starting at its backslash, appended to `decoded` as UTF-8.
        mutating func escape(into decoded: inout [UInt8]) throws(Failure) {
            guard index + 1 < bytes.count else { throw fail("a string that does not end") }
            let letter = bytes[index + 1]
            let simple: UInt8?
            switch letter {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): simple = letter
            case UInt8(ascii: "b"): simple = 0x08
            case UInt8(ascii: "f"): simple = 0x0C
            case UInt8(ascii: "n"): simple = 0x0A
            case UInt8(ascii: "r"): simple = 0x0D
            case UInt8(ascii: "t"): simple = 0x09
            case UInt8(ascii: "u"): simple = nil
            default: throw fail("invalid escape '\\\(Self.printable(letter))'")
            }
            if let simple {
                decoded.append(simple)
                index += 2
                return
            }
            let unit = try hexUnit(at: index + 2)
            index += 6
            var scalar = Unicode.Scalar(unit)
            if (0xD800...0xDBFF).contains(unit), index + 1 < bytes.count,
               bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
               let low = try? hexUnit(at: index + 2), (0xDC00...0xDFFF).contains(low) {
                scalar = Unicode.Scalar(0x10000 + (UInt32(unit) - 0xD800) << 10 + (UInt32(low) - 0xDC00))
                index += 6
            }
            // A surrogate escape without its other half stands for no character.
            UTF8.encode(scalar ?? "\u{FFFD}") { decoded.append($0) }
        }

        /// The four hex digits of a `\u` escape at `offset`.
        func hexUnit(at offset: Int) throws(Failure) -> UInt16 {
            guard offset + 4 <= bytes.count else { throw Failure(reason: "a \\u escape cut short", offset: offset) }
            var unit: UInt16 = 0
            for byte in bytes[offset..<offset + 4] {
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw Failure(reason: "invalid \\u escape", offset: offset)
                }
                unit = unit << 4 | UInt16(digit)
            }
            return unit
        }

        /// A number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
        mutating func number() throws(Failure) -> String {
            let start = index
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("a number without digits") }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
            } else {
                skipDigits()
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard index < bytes.count, isDigit(bytes[index]) else { throw fail("a number without digits after '.'") }
                skipDigits()
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard index < bytes.count, isDigit(bytes[index]) else { throw fail("a number without an exponent") }
                skipDigits()
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        }

        func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

        mutating func skipDigits() {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }

        /// A byte named for a message: the character if printable ASCII, else its hex value.
        static func describe(_ byte: UInt8) -> String {
            (0x21..<0x7F).contains(byte) ? "'\(printable(byte))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }

        static func printable(_ byte: UInt8) -> String {
            (0x21..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "0x\(String(byte, radix: 16, uppercase: true))"
        }
    }
}
