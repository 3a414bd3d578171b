import CCmarkGFM

/// The data a node carries besides its position and children: list style, task state, table
/// alignments, and its strings.
extension NodeConverter {
    func listStyle(_ node: OpaquePointer) -> ListStyle {
        let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
        let delimiter: ListStyle.Delimiter = switch cmark_node_get_list_delim(node) {
        case CMARK_PERIOD_DELIM: .period
        case CMARK_PAREN_DELIM: .paren
        default: .none
        }
        return ListStyle(isOrdered: ordered,
                         start: ordered ? Int(cmark_node_get_list_start(node)) : 1,
                         isTight: cmark_node_get_list_tight(node) != 0,
                         delimiter: ordered ? delimiter : .none)
    }

    func taskState(_ node: OpaquePointer) -> TaskState? {
        guard cmark_node_get_syntax_extension(node) != nil,
              let name = cmark_node_get_type_string(node), String(cString: name) == "tasklist" else { return nil }
        return cmark_gfm_extensions_get_tasklist_item_checked(node) ? .checked : .unchecked
    }

    func alignments(_ node: OpaquePointer) -> [ColumnAlignment] {
        let count = Int(cmark_gfm_extensions_get_table_columns(node))
        guard let raw = cmark_gfm_extensions_get_table_alignments(node) else {
            return Array(repeating: .none, count: count)
        }
        return (0..<count).map { index in
            switch raw[index] {
            case UInt8(ascii: "l"): .left
            case UInt8(ascii: "c"): .center
            case UInt8(ascii: "r"): .right
            default: .none
            }
        }
    }

    func string(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return restoresGuardMarks ? GuardMarks.restore(pointer) : String(cString: pointer)
    }
}
