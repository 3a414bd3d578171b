import CSourceHighlight

/// What a highlighted piece of code is, as a ``SyntaxTheme`` colours it: Source-highlight's
/// element names, grouped (`type` also stands for `classname` and `usertype`, `symbol` for
/// `cbracket`, …).
public enum CodeElement: UInt8, CaseIterable, Hashable, Sendable {
    case keyword, type, string, escape, regexp, comment, todo, number, function, preproc, symbol, variable,
         attribute, label, deleted, inserted, hunk, url

    /// The element a `RILL_HIGHLIGHT_…` code stands for; nil for `normal` and unknown codes.
    init?(code: UInt32) {
        switch Int(code) {
        case RILL_HIGHLIGHT_KEYWORD: self = .keyword
        case RILL_HIGHLIGHT_TYPE: self = .type
        case RILL_HIGHLIGHT_STRING: self = .string
        case RILL_HIGHLIGHT_ESCAPE: self = .escape
        case RILL_HIGHLIGHT_REGEXP: self = .regexp
        case RILL_HIGHLIGHT_COMMENT: self = .comment
        case RILL_HIGHLIGHT_TODO: self = .todo
        case RILL_HIGHLIGHT_NUMBER: self = .number
        case RILL_HIGHLIGHT_FUNCTION: self = .function
        case RILL_HIGHLIGHT_PREPROC: self = .preproc
        case RILL_HIGHLIGHT_SYMBOL: self = .symbol
        case RILL_HIGHLIGHT_VARIABLE: self = .variable
        case RILL_HIGHLIGHT_ATTRIBUTE: self = .attribute
        case RILL_HIGHLIGHT_LABEL: self = .label
        case RILL_HIGHLIGHT_DELETED: self = .deleted
        case RILL_HIGHLIGHT_INSERTED: self = .inserted
        case RILL_HIGHLIGHT_HUNK: self = .hunk
        case RILL_HIGHLIGHT_URL: self = .url
        default: return nil
        }
    }
}
