/// A minimal streaming JSON writer: appends tokens to a byte buffer, with no intermediate objects.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    /// Whether the next value in the current container needs a comma before it.
    private var needsComma = false

    init() {}

    mutating func beginObject() { separator(); bytes.append(UInt8(ascii: "{")); needsComma = false }
    mutating func endObject() { bytes.append(UInt8(ascii: "}")); needsComma = true }
    mutating func beginArray() { separator(); bytes.append(UInt8(ascii: "[")); needsComma = false }
    mutating func endArray() { bytes.append(UInt8(ascii: "]")); needsComma = true }

    /// Writes an object key; the next call writes its value.
    mutating func key(_ name: String) {
        separator()
        appendString(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    mutating func value(_ string: String) { separator(); appendString(string); needsComma = true }
    mutating func value(_ number: Int) { separator(); bytes.append(contentsOf: String(number).utf8); needsComma = true }
    mutating func value(_ flag: Bool) { separator(); bytes.append(contentsOf: (flag ? "true" : "false").utf8); needsComma = true }
    mutating func null() { separator(); bytes.append(contentsOf: "null".utf8); needsComma = true }

    mutating func field(_ name: String, _ string: String) { key(name); value(string) }
    mutating func field(_ name: String, _ number: Int) { key(name); value(number) }
    mutating func field(_ name: String, _ flag: Bool) { key(name); value(flag) }

    mutating func newline() { bytes.append(0x0A); needsComma = false }

    /// Hands over the bytes written so far and starts an empty buffer, keeping the writer's
    /// place (for writing a long line in pieces).
    mutating func take() -> [UInt8] {
        defer { bytes.removeAll(keepingCapacity: true) }
        return bytes
    }

    private mutating func separator() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// Appends a quoted string. Control characters — C0, DEL and C1 — are escaped as `\u00XX`,
    /// so no byte of model output can act on a terminal that displays the JSON.
    ///
    /// - Complexity: O(n) in UTF-8 bytes, copied as they are but for those escaped (a string
    ///   is valid UTF-8, and a C1 character is `C2` followed by `80`–`9F`).
    private mutating func appendString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        string.withUTF8Bytes { utf8 in
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                index += 1
                switch byte {
                case 0x22: bytes += [0x5C, 0x22]
                case 0x5C: bytes += [0x5C, 0x5C]
                case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
                case 0x0D: bytes += [0x5C, UInt8(ascii: "r")]
                case 0x09: bytes += [0x5C, UInt8(ascii: "t")]
                case 0x00...0x1F, 0x7F: appendEscaped(byte)
                case 0xC2 where index < utf8.count && (0x80...0x9F).contains(utf8[index]):
                    appendEscaped(utf8[index])
                    index += 1
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `\u00XX` for the character of value `value` (below 0xA0).
    private mutating func appendEscaped(_ value: UInt8) {
        bytes += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, Self.hex[Int(value >> 4)], Self.hex[Int(value & 0xF)]]
    }
}
