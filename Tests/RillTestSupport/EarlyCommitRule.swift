@_spi(Testing) import Rill

/// What a live transcript must be, block by block, given where the live view laid out each of
/// its lines and which it committed early (``LiveLayout/TranscriptLine``): the batch render,
/// except where a block changed after some of its lines were committed while it could still
/// change.
///
/// Scrollback is never redrawn, so a line committed early keeps its block as it was then: a
/// table's widths, or its grid or records, planned from its first rows (and frozen for the
/// rest of it), a link before its definition came, text whose inline markup was still open.
/// The block then goes on below with its new layout's next lines. The rule, per top-level
/// block (its separating blank line included):
///
/// - A block other than a table none of whose early lines differs from the batch render's
///   line at its place is the batch render's block exactly: no line lost, doubled or changed.
///   However early its lines went, a block whose layout did not change since is drawn as the
///   batch render has it. So is a table none of whose lines went early.
/// - A block with an early line that differs, or a table with an early line (its plan frozen
///   then, so its later lines may differ where its early ones do not: rules between rows or
///   not), *changed* after it was committed. Its first line is still the blank line between
///   blocks where the batch render has one, and:
///   - a table is one table in one layout: a top border first (unless its first line went
///     early as what it was then: its header row as a paragraph, before its delimiter row
///     came), a bottom border last, no other border, at most one header rule,
///     and every rule the same shape (``TableRule``), as its widths (grid or records) are
///     frozen once its first lines are committed;
///   - any other block ends with the batch render's lines that follow its last line committed
///     early: what settled after the change is the final layout.
///
/// Besides, every line of the transcript comes from a frame, blocks in order, and each part's
/// lines once each, in order (0, 1, 2…).
public enum EarlyCommitRule {
    /// The first way `transcript` breaks the rule, or nil: `places` says where each of its
    /// lines came from (``LiveView/transcriptLines``), `batch` holds the batch render's lines
    /// of each top-level block, `tables` which blocks are tables. Lines may carry attributes as
    /// ``VirtualTerminal/styledTranscript`` shows them.
    @_spi(Testing) public static func violation(of transcript: [String], places: [LiveLayout.TranscriptLine],
                                                batch: [[String]], tables: Set<Int>) -> String? {
        var transcript = transcript
        while transcript.last == "" { transcript.removeLast() }
        guard transcript.count <= places.count else {
            return "\(transcript.count - places.count) lines of the transcript come from no frame, from line "
                + "\(places.count + 1): \(transcript[places.count])"
        }
        // Blank lines at the end, which the transcript's trimming left out.
        transcript += Array(repeating: "", count: places.count - transcript.count)
        if let broken = orderViolation(places) { return broken }
        if let last = places.last, last.block >= batch.count {
            return "block \(last.block) drawn, the batch render has \(batch.count) blocks"
        }
        var lines = Array(repeating: [String](), count: batch.count)
        var early = Array(repeating: [Bool](), count: batch.count)
        for (line, place) in zip(transcript, places) {
            lines[place.block].append(line)
            early[place.block].append(place.isEarly)
        }
        for block in batch.indices {
            if let broken = blockViolation(lines[block], early: early[block], batch: batch[block],
                                           isTable: tables.contains(block)) {
                return "block \(block): \(broken)"
            }
        }
        return nil
    }

    /// Where `places` goes back or skips: blocks and parts in order, each part's lines
    /// 0, 1, 2… once each.
    private static func orderViolation(_ places: [LiveLayout.TranscriptLine]) -> String? {
        var previous: LiveLayout.TranscriptLine?
        for (index, place) in places.enumerated() {
            let samePart = previous.map { $0.block == place.block && $0.part == place.part } ?? false
            let expected = samePart ? (previous?.line ?? 0) + 1 : 0
            let forward = previous.map { ($0.block, $0.part) < (place.block, place.part) } ?? true
            guard place.line == expected, samePart || forward else {
                let before = previous.map { "line \($0.line) of part \($0.part) of block \($0.block)" } ?? "nothing"
                return "line \(index + 1) is line \(place.line) of part \(place.part) of block \(place.block), after \(before)"
            }
            previous = place
        }
        return nil
    }

    /// How a block's transcript lines `live` (`early`: which were committed early) break the
    /// rule against the batch render's `batch`, or nil.
    static func blockViolation(_ live: [String], early: [Bool], batch: [String], isTable: Bool) -> String? {
        // A table's plan is frozen with its first committed line: its later lines may differ
        // from the batch render even where the early ones do not (rules between rows or not).
        let changed = (isTable && early.contains(true))
            || live.indices.contains { early[$0] && ($0 >= batch.count || live[$0] != batch[$0]) }
        guard changed else { return live == batch ? nil : firstDifference(live, batch) }
        if batch.first == "", live.first != "" {
            return "changed after lines were committed early, and the blank line before it is lost: "
                + (live.first ?? "(no line)")
        }
        if isTable {
            let start = live.first == "" ? 1 : 0
            return tableViolation(live[start...], early: early[start...])
        }
        let lastEarly = live.indices.last { early[$0] } ?? -1
        let settled = live[(lastEarly + 1)...]
        guard settled.count <= batch.count, batch.suffix(settled.count).elementsEqual(settled) else {
            return "changed after lines were committed early; the \(settled.count) lines settled after them are not "
                + "the batch render's last: \(firstDifference(Array(settled), Array(batch.suffix(settled.count))))"
        }
        return nil
    }

    /// How a table changed after lines were committed early, `lines` without the blank line
    /// before it (`early`: which were committed early), fails to be one table in one layout,
    /// or nil. Its first line may have been committed early as what it was then (its header
    /// row, a paragraph until its delimiter row came): the table goes on below it from its
    /// layout's next line, past its top border.
    static func tableViolation(_ lines: ArraySlice<String>, early: ArraySlice<Bool>) -> String? {
        guard let head = lines.first, let firstRule = lines.compactMap(TableRule.init).first else {
            return "a table committed early draws no rule: \(lines.first ?? "(no line)")"
        }
        guard TableRule(head)?.kind == .top || (TableRule(head) == nil && early.first == true) else {
            return "a table committed early does not start with its top border: \(head)"
        }
        guard let last = lines.last.flatMap(TableRule.init), last.kind == .bottom else {
            return "a table committed early does not end with its bottom border: \(lines.last ?? "(no line)")"
        }
        let rules = lines.compactMap(TableRule.init)
        let tops = rules.filter { $0.kind == .top }.count
        let bottoms = rules.filter { $0.kind == .bottom }.count
        let headerRules = rules.filter { $0.kind == .header }.count
        guard tops <= 1, bottoms == 1, headerRules <= 1 else {
            return "a table committed early has \(tops) top borders, \(bottoms) bottom borders and \(headerRules) "
                + "header rules: \(rules)"
        }
        guard rules.allSatisfy({ $0.junctions == firstRule.junctions }) else {
            return "a table committed early mixes layouts: \(rules.map(\.junctions))"
        }
        return nil
    }

    /// The first line where `live` and `batch` differ, shown side by side.
    static func firstDifference(_ live: [String], _ batch: [String]) -> String {
        let index = zip(live, batch).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(live.count, batch.count)
        let shown = { (lines: [String]) in index < lines.count ? lines[index] : "(none)" }
        return "line \(index + 1) of \(live.count) vs \(batch.count): \(shown(live)) vs \(shown(batch))"
    }
}
