import Rill
import RillTestSupport
import Testing

/// Property: whatever control characters and escape sequences the input holds, and wherever,
/// the bytes Rill writes hold only the sequences it generates itself — in a batch render and in
/// the live view streamed in random chunks, plain and in colour with hyperlinks on. Checked by
/// parsing the output stream (``OutputAudit``, ``LiveOutputAudit``, ``VirtualTerminal``).
@Suite struct EscapeInjectionTests {
    static let batchSize = 20
    /// 200 documents by default, 3000 with RILL_EXHAUSTIVE=1.
    static var batches: Range<UInt64> { TestEnvironment.isExhaustive ? 0..<150 : 0..<10 }

    /// A way to render: plain, or in colour with hyperlinks on.
    struct Look: Sendable, CustomStringConvertible {
        let depth: ColorDepth
        var description: String { depth == .none ? "plain" : "colour (\(depth)) with hyperlinks" }
        var context: LayoutContext {
            depth == .none ? LayoutContext(width: 60, theme: .plain, isPlain: true)
                : LayoutContext(width: 60, theme: .dark, hyperlinks: true)
        }
        var encoder: ANSIEncoder { ANSIEncoder(depth: depth, hyperlinks: depth != .none) }
    }

    static let looks = [Look(depth: .none), Look(depth: .palette), Look(depth: .basic)]

    /// What is wrong with the output for `bytes` (nil when nothing is), batch then live.
    static func failure(_ bytes: [UInt8], look: Look, seed: UInt64) -> String? {
        let styled = look.depth != .none
        var batch: [UInt8] = []
        for line in DocumentLayout.lines(for: MarkdownStream.parse(bytes), in: look.context) {
            look.encoder.encode(line, into: &batch)
            batch.append(0x0A)
        }
        let batchProblems = OutputAudit.violations(in: batch, styled: styled, hyperlinks: styled)
        if !batchProblems.isEmpty { return "batch render: " + batchProblems.prefix(3).joined(separator: "; ") }

        var injection = EscapeInjection(seed: seed)
        let replay = LiveReplay(bytes, pieces: injection.pieces(bytes.count), context: look.context,
                                encoder: look.encoder, height: 12)
        let liveProblems = LiveOutputAudit.violations(in: replay.output, styled: styled, hyperlinks: styled, limit: 3)
            + replay.live.violations.prefix(3).map { "the terminal saw \($0)" }
        if !liveProblems.isEmpty { return "live view: " + liveProblems.joined(separator: "; ") }
        return nil
    }

    @Test("Injected escape sequences never reach the terminal", arguments: batches)
    func batch(_ batch: UInt64) {
        var injection = EscapeInjection(seed: 0xE5C_0000 + batch)
        for index in 0..<Self.batchSize {
            let bytes = injection.next()
            let seed = batch &* 100 &+ UInt64(index)
            // Plain, and one colour depth in turn (all of them when exhaustive).
            let looks = TestEnvironment.isExhaustive ? Self.looks : [Self.looks[0], Self.looks[1 + index % 2]]
            for look in looks {
                guard let report = Self.failure(bytes, look: look, seed: seed) else { continue }
                let minimal = Minimizer.minimize(bytes) { Self.failure($0, look: look, seed: seed) != nil }
                Issue.record("""
                    document \(index) of batch \(batch), \(look): minimal repro: "\(StreamCheck.quote(minimal))"
                    \(Self.failure(minimal, look: look, seed: seed) ?? "")
                    original: "\(StreamCheck.quote(bytes))"
                    \(report)
                    """)
                return  // one minimised failure per batch is enough to read
            }
        }
    }

    /// Checked on exactly the documents the injection test feeds (its batches and seeds), so
    /// that a change to the generator cannot quietly thin out what that test sees.
    @Test("The documents carry every kind of hostile sequence")
    func coverage() {
        let all = Self.batches.flatMap { batch -> [UInt8] in
            var injection = EscapeInjection(seed: 0xE5C_0000 + batch)
            return (0..<Self.batchSize).flatMap { _ in injection.next() }
        }
        let text = String(decoding: all, as: UTF8.self)
        for needle in ["\u{1B}[", "\u{1B}]8;;", "\u{1B}]52;", "\u{1B}P", "\u{9B}", "\u{07}", "\r", "\u{08}",
                       "](https://ok.example/", "<https://ok.example/"] {
            #expect(text.contains(needle), "no \(needle.debugDescription) in the documents")
        }
        #expect(Set(all.indices.compactMap { all[$0] == 0xC2 && $0 + 1 < all.count ? all[$0 + 1] : nil })
            .filter { (0x80...0x9F).contains($0) }.count > 20, "too few distinct C1 controls")
    }
}
