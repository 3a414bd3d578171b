
/// The highlighted lines of one code block, first to last: each complete line's tokens and the
/// state after it, so that a complete line is highlighted once however often it is laid out,
/// and the line being written is highlighted from the state its complete lines left.
///
/// States flow forward only: a line's colours depend on its text and the lines above it, never
/// on what comes after, so a complete line's colours never change and a live view's committed
/// lines equal the batch render's.
///
/// A line is recognised by its text's hash and length. Lines are asked for in order, from the
/// first one a layout needs: a line whose text changed replaces its record and drops those
/// after it, whose states came from the old text.
final class HighlightedLines: Sendable {
    /// One complete line.
    private struct Record {
        var hash: Int
        var length: Int
        var tokens: [CodeToken]
        var end: HighlightState
    }

    /// The records and the last provisional line, behind one lock: the layouts of a live view
    /// share this object through their contexts' memos, and may be copied to other threads.
    private struct State {
        var records: [Record] = []
        /// The last incomplete line highlighted: its index, the state it started from, and what
        /// it gave. When the line completes as it was, it is not highlighted again.
        var provisional: (index: Int, start: HighlightState, record: Record)?
    }

    let language: CodeLanguage
    private let state = LockedValue(State())
    private let counts: HighlightCounts

    init(language: CodeLanguage, counts: HighlightCounts) {
        self.language = language
        self.counts = counts
    }

    /// The state line `index` starts in. Complete lines before it not highlighted yet are
    /// highlighted now, from `line`, which gives the text of a line before `index`.
    func start(ofLine index: Int, line: (Int) -> Substring) -> HighlightState {
        state.withLock { start(ofLine: index, line: line, in: &$0) }
    }

    /// The tokens of line `index`, whose text is `text`; `complete` says whether the line has
    /// ended (only complete lines are kept). `line` gives the text of a line before it.
    ///
    /// - Complexity: O(`text`) for a line highlighted before; otherwise one highlight.
    func tokens(ofLine index: Int, text: Substring, complete: Bool, line: (Int) -> Substring) -> [CodeToken] {
        state.withLock { state in
            let hash = text.hashValue
            let length = text.utf8.count
            if index < state.records.count {
                if state.records[index].hash == hash, state.records[index].length == length {
                    return state.records[index].tokens
                }
                state.records.removeSubrange(index...)
            }
            let start = start(ofLine: index, line: line, in: &state)
            let made = record(text, index: index, from: start, complete: complete, hash: hash, in: &state)
            if complete {
                state.records.append(made)
                counts.add(completeLines: 1)
            }
            return made.tokens
        }
    }

    private func start(ofLine index: Int, line: (Int) -> Substring, in state: inout State) -> HighlightState {
        guard index > 0 else { return language.initial }
        while state.records.count < index {
            let position = state.records.count
            let text = line(position)
            let start = position == 0 ? language.initial : state.records[position - 1].end
            state.records.append(record(text, index: position, from: start, complete: true, hash: nil, in: &state))
            counts.add(completeLines: 1)
        }
        return state.records[index - 1].end
    }

    /// The record of line `index` from `start`: the provisional one when it is the same line
    /// from the same state, else highlighted now.
    private func record(_ text: Substring, index: Int, from start: HighlightState, complete: Bool,
                        hash: Int?, in state: inout State) -> Record {
        let hash = hash ?? text.hashValue
        let length = text.utf8.count
        if let provisional = state.provisional, provisional.index == index, provisional.start === start,
           provisional.record.hash == hash, provisional.record.length == length {
            if complete { state.provisional = nil }
            return provisional.record
        }
        let highlighted = LineHighlighter.highlight(text, in: language, from: start)
        let made = Record(hash: hash, length: length, tokens: highlighted.tokens, end: highlighted.end)
        if complete {
            counts.add(calls: 1)
            if state.provisional?.index ?? -1 <= index { state.provisional = nil }
        } else {
            counts.add(openLines: 1, calls: 1)
            state.provisional = (index, start, made)
        }
        return made
    }
}

/// How many lines a view's code blocks had highlighted (for `--stats` and tests), counted
/// under a lock: every block's lines add to the same counts.
final class HighlightCounts: Sendable {
    private struct Counts {
        var completeLines = 0
        var openLines = 0
        var calls = 0
    }

    private let counts = LockedValue(Counts())

    init() {}

    /// Complete lines given their colours: once each, unless a line changed (a line that ends
    /// as it was last shown keeps the colours it was shown in, without a new highlight).
    var completeLines: Int { counts.withLock { $0.completeLines } }
    /// Highlights of lines still being written, shown until they end.
    var openLines: Int { counts.withLock { $0.openLines } }
    /// Lines handed to Source-highlight, complete or not.
    var calls: Int { counts.withLock { $0.calls } }

    /// Counts more lines.
    func add(completeLines: Int = 0, openLines: Int = 0, calls: Int = 0) {
        counts.withLock {
            $0.completeLines += completeLines
            $0.openLines += openLines
            $0.calls += calls
        }
    }
}
