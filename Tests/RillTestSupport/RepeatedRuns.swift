/// Runs of lines a live transcript shows twice in a row where the batch render does not: what
/// a live view that lost count of the lines it committed leaves in scrollback.
///
/// Only for documents whose lines committed early do not change afterwards in the middle: a
/// part that gains lines above the ones already committed (a late definition resolving a link,
/// a table's widths changing) goes on with its new layout's next lines, which can repeat
/// content committed in the old one. The fuzzer's inputs do that often, so it does not apply
/// this check; the Corpus on short screens does not (``LiveTranscriptTests``).
public enum RepeatedRuns {
    /// Lines of `live` drawn twice in a row, as a live view that lost count of what it had
    /// committed draws them: a run of two lines or more (one non-blank at least, not a
    /// shorter run repeated) followed at once by the same run, where `batch` never has that
    /// run twice in a row. A single line is left out: a part that grew in its middle after its
    /// first lines went shows its next line, which can be the one committed last (a table's
    /// header rule, when the header wrapped onto one more line). Lines committed early may
    /// show a block as it was then, but a run repeated is what scrollback already held.
    ///
    /// - Complexity: O(lines × longest run checked).
    public static func first(in live: [String], of batch: [String], longest: Int = 64) -> ArraySlice<String>? {
        // A run that is a shorter run repeated (identical lines) is left out: its double is
        // that shorter run's, and a paragraph of like lines committed early with other
        // lines can show one more of them than the batch render without repeating anything.
        func isPower(_ run: ArraySlice<String>) -> Bool {
            (1..<run.count).contains { period in
                run.count % period == 0 && run.indices.allSatisfy { run[$0] == run[run.startIndex + ($0 - run.startIndex) % period] }
            }
        }
        func tandems(_ lines: [String]) -> [(start: Int, length: Int)] {
            var found: [(Int, Int)] = []
            for length in 2...max(2, min(longest, lines.count / 2)) where lines.count >= 2 * length {
                for start in 0...(lines.count - 2 * length)
                where lines[start] == lines[start + length]
                    && lines[start..<start + length] == lines[start + length..<start + 2 * length]
                    && lines[start..<start + length].contains(where: { !$0.allSatisfy(\.isWhitespace) })
                    && !isPower(lines[start..<start + length]) {
                    found.append((start, length))
                }
            }
            return found
        }
        let expected = Set(tandems(batch).map { Array(batch[$0.start..<$0.start + $0.length]) })
        return tandems(live).lazy.map { live[$0.start..<$0.start + $0.length] }.first { !expected.contains(Array($0)) }
    }
}
