/// A JSON value as a model API's event carries it: the whole event, parsed at once.
enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number, kept as its literal text: no event field Rill reads is numeric.
    case number(String)
    case string(String)
    case array([JSONValue])
    /// An object; of keys given twice, the last one counts.
    case object([String: JSONValue])

    /// The member `key` of an object; nil for a missing member or a value that is not an object.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The text of a string; nil for any other value.
    var string: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }

    /// The elements of an array; nil for any other value.
    var array: [JSONValue]? {
        guard case .array(let elements) = self else { return nil }
        return elements
    }

    /// Whether this is an object.
    var isObject: Bool {
        guard case .object = self else { return false }
        return true
    }
}
