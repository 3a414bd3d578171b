import Foundation

/// A JSON value as the event lines carry it (numbers as `Double`, booleans as numbers).
public indirect enum EventJSON: Equatable, Sendable {
    case null
    case number(Double)
    case string(String)
    case array([EventJSON])
    case object([String: EventJSON])

    /// Parses one JSON line.
    public init(line: [UInt8]) throws {
        self.init(try JSONSerialization.jsonObject(with: Data(line), options: [.fragmentsAllowed]))
    }

    init(_ any: Any) {
        switch any {
        case let text as String: self = .string(text)
        case let number as NSNumber: self = .number(number.doubleValue)
        case let array as [Any]: self = .array(array.map(EventJSON.init))
        case let object as [String: Any]: self = .object(object.mapValues(EventJSON.init))
        default: self = .null
        }
    }

    public subscript(key: String) -> EventJSON? {
        get { if case .object(let members) = self { members[key] } else { nil } }
        set {
            guard case .object(var members) = self else { return }
            members[key] = newValue
            self = .object(members)
        }
    }

    public var array: [EventJSON] { if case .array(let elements) = self { elements } else { [] } }
    public var string: String? { if case .string(let text) = self { text } else { nil } }
    public var int: Int? { if case .number(let number) = self { Int(number) } else { nil } }
}

/// The consumer's side of `rill --format jsonl`, as the README describes it: applies frame
/// lines to a document that starts empty, and the done line's blocks replace it.
public struct EventReducer {
    /// Top-level blocks by ID.
    public private(set) var blocks: [String: EventJSON] = [:]
    /// Each final block as it stood when it was reported final.
    public private(set) var finalAsSent: [String: EventJSON] = [:]
    /// Final blocks changed by a later frame (a late link definition re-resolved them).
    public private(set) var changedAfterFinal: Set<String> = []
    /// The done line's blocks, once it arrived.
    public private(set) var done: [EventJSON]?

    public init() {}

    /// The document so far, in document order.
    public var document: [EventJSON] {
        blocks.values.sorted {
            Self.order($0["id"]?.string ?? "").lexicographicallyPrecedes(Self.order($1["id"]?.string ?? ""))
        }
    }

    /// Applies one JSON line.
    public mutating func apply(line: [UInt8]) throws {
        let event = try EventJSON(line: line)
        if event["done"] != nil {
            done = event["blocks"]?.array
            return
        }
        var touched: Set<String> = []
        for id in event["remove"]?.array ?? [] { blocks[id.string ?? ""] = nil }
        for block in event["upsert"]?.array ?? [] {
            let id = block["id"]?.string ?? ""
            blocks[id] = block
            touched.insert(id)
        }
        for edit in event["append"]?.array ?? [] {
            let id = edit["id"]?.string ?? ""
            guard var block = blocks[id] else { continue }
            Self.apply(edit, to: &block, depth: 0)
            blocks[id] = block
            touched.insert(id)
        }
        changedAfterFinal.formUnion(touched.filter { finalAsSent[$0] != nil })
        for id in event["final"]?.array ?? [] {
            if let id = id.string, let block = blocks[id] { finalAsSent[id] = block }
        }
    }

    /// Goes `depth` levels down, each time to the last child, setting each block's range end
    /// from `end` or `ends`, then adds the text, inlines or children.
    static func apply(_ edit: EventJSON, to block: inout EventJSON, depth: Int) {
        if var range = block["range"]?.array, range.count == 2,
           let end = edit["end"] ?? edit["ends"]?.array[safe: depth] {
            range[1] = end
            block["range"] = .array(range)
        }
        if depth < edit["depth"]?.int ?? 0 {
            var children = block["children"]?.array ?? []
            guard !children.isEmpty else { return }
            apply(edit, to: &children[children.count - 1], depth: depth + 1)
            block["children"] = .array(children)
        } else if let keep = edit["keep"]?.int, let added = edit["children"]?.array ?? addedRows(edit) {
            block["children"] = .array(Array((block["children"]?.array ?? []).prefix(keep)) + added)
        } else if edit["at"]?.array.isEmpty == true, let text = edit["text"]?.string {
            block["literal"] = .string(cut(block["literal"]?.string ?? "", edit) + text)
        } else if let at = edit["at"]?.array {
            var inlines = block["inlines"] ?? .array([])
            add(edit, at: at[...], to: &inlines)
            block["inlines"] = inlines
        }
    }

    /// The blocks that compact `cells` (`[id, start, end, text or inlines]`) or `rows`
    /// (`[id, start, end, cells]`) stand for.
    static func addedRows(_ edit: EventJSON) -> [EventJSON]? {
        func cell(_ value: EventJSON) -> EventJSON {
            let fields = value.array, content = fields[safe: 3] ?? .array([])
            let inlines = content.string.map { EventJSON.array([.object(["type": .string("text"), "text": .string($0)])]) }
            return block(fields, kind: "table_cell", ["inlines": inlines ?? content, "children": .array([])])
        }
        func block(_ fields: [EventJSON], kind: String, _ members: [String: EventJSON]) -> EventJSON {
            .object(members.merging(["id": fields[safe: 0] ?? .null, "kind": .string(kind),
                                     "range": .array(Array(fields.dropFirst().prefix(2)))]) { $1 })
        }
        if let cells = edit["cells"]?.array { return cells.map(cell) }
        return edit["rows"]?.array.map { row in
            block(row.array, kind: "table_row", ["header": .number(0), "children": .array((row.array[safe: 3]?.array ?? []).map(cell))])
        }
    }

    /// Adds text to the inline at `at`, or cuts and extends the inline list it leads to.
    static func add(_ edit: EventJSON, at: ArraySlice<EventJSON>, to list: inout EventJSON) {
        var inlines = list.array
        guard let first = at.first else {
            if let keep = edit["keep"]?.int { list = .array(Array(inlines.prefix(keep)) + (edit["inlines"]?.array ?? [])) }
            return
        }
        guard let index = first.int, inlines.indices.contains(index) else { return }
        if at.count == 1, let text = edit["text"]?.string {
            inlines[index]["text"] = .string(cut(inlines[index]["text"]?.string ?? "", edit) + text)
        } else {
            var children = inlines[index]["children"] ?? .array([])
            add(edit, at: at.dropFirst(), to: &children)
            inlines[index]["children"] = children
        }
        list = .array(inlines)
    }

    /// `text` without the last `cut` Unicode scalars the edit names.
    static func cut(_ text: String, _ edit: EventJSON) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.dropLast(edit["cut"]?.int ?? 0)))
    }

    /// `e812+2` as (812, 2), for document order.
    static func order(_ id: String) -> [Int] {
        id.dropFirst().split(separator: "+").map { Int($0) ?? 0 }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
