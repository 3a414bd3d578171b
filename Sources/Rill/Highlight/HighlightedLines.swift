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
final class HighlightedLines {
    /// One complete line.
    private struct Record {
        var hash: Int
        var length: Int
        var tokens: [CodeToken]
        var end: HighlightState
    }

    let language: CodeLanguage
    private var records: [Record] = []
    /// The last incomplete line highlighted: its index, the state it started from, and what it
    /// gave. When the line completes as it was, it is not highlighted again.
    private var provisional: (index: Int, start: HighlightState, record: Record)?
    private let counts: HighlightCounts

    init(language: CodeLanguage, counts: HighlightCounts) {
        self.language = language
        self.counts = counts
    }

    /// The state line `index` starts in. Complete lines before it not highlighted yet are
    /// highlighted now, from `line`, which gives the text of a line before `index`.
    func start(ofLine index: Int, line: (Int) -> Substring) -> HighlightState {
        guard index > 0 else { return language.initial }
        while records.count < index {
            let position = records.count
            let text = line(position)
            let start = position == 0 ? language.initial : records[position - 1].end
            records.append(record(text, index: position, from: start, complete: true))
            counts.completeLines += 1
        }
        return records[index - 1].end
    }

    /// The tokens of line `index`, whose text is `text`; `complete` says whether the line has
    /// ended (only complete lines are kept). `line` gives the text of a line before it.
    ///
    /// - Complexity: O(`text`) for a line highlighted before; otherwise one highlight.
    func tokens(ofLine index: Int, text: Substring, complete: Bool, line: (Int) -> Substring) -> [CodeToken] {
        let hash = text.hashValue
        let length = text.utf8.count
        if index < records.count {
            if records[index].hash == hash, records[index].length == length { return records[index].tokens }
            records.removeSubrange(index...)
        }
        let start = start(ofLine: index, line: line)
        let made = record(text, index: index, from: start, complete: complete, hash: hash)
        if complete {
            records.append(made)
            counts.completeLines += 1
        }
        return made.tokens
    }

    /// The record of line `index` from `start`: the provisional one when it is the same line
    /// from the same state, else highlighted now.
    private func record(_ text: Substring, index: Int, from start: HighlightState, complete: Bool,
                        hash: Int? = nil) -> Record {
        let hash = hash ?? text.hashValue
        let length = text.utf8.count
        if let provisional, provisional.index == index, provisional.start === start,
           provisional.record.hash == hash, provisional.record.length == length {
            if complete { self.provisional = nil }
            return provisional.record
        }
        let highlighted = LineHighlighter.highlight(text, in: language, from: start)
        let made = Record(hash: hash, length: length, tokens: highlighted.tokens, end: highlighted.end)
        counts.calls += 1
        if complete {
            if provisional?.index ?? -1 <= index { provisional = nil }
        } else {
            counts.openLines += 1
            provisional = (index, start, made)
        }
        return made
    }
}

/// How many lines a view's code blocks had highlighted (for `--stats` and tests).
final class HighlightCounts {
    /// Complete lines given their colours: once each, unless a line changed (a line that ends
    /// as it was last shown keeps the colours it was shown in, without a new highlight).
    var completeLines = 0
    /// Highlights of lines still being written, shown until they end.
    var openLines = 0
    /// Lines handed to Source-highlight, complete or not.
    var calls = 0

    init() {}
}
