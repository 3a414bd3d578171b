/// What parsing some text cost, counted the same way on every machine: the bytes handed to
/// cmark and the nodes it made of them.
///
/// Bytes alone do not tell what a frame costs: a line of a thousand `>` makes a thousand block
/// quotes, and a table row a cell per column however short the row; every node is then
/// converted, compared, laid out and painted. ``weight`` puts the two in one unit.
struct ParseWork: Sendable, Equatable {
    var bytes = 0
    var nodes = 0

    /// What a node costs beside a byte (cmark's tree node, the value made of it, its layout):
    /// about what a node of an ordinary answer costs in a frame against its bytes.
    static let nodeWeight = 64

    /// Bytes and weighted nodes, in bytes.
    var weight: Int { bytes &+ Self.nodeWeight &* nodes }

    static func += (work: inout ParseWork, more: ParseWork) {
        work.bytes &+= more.bytes
        work.nodes &+= more.nodes
    }

    static func - (after: ParseWork, before: ParseWork) -> ParseWork {
        ParseWork(bytes: after.bytes &- before.bytes, nodes: after.nodes &- before.nodes)
    }
}
