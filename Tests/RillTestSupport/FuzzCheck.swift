import Rill

/// One input, as the fuzzer gives it, through everything `rill` does with model output: fed in
/// the chunks ``FuzzPlan`` draws (through the stream's `UTF8Normalizer`, as the CLI feeds it),
/// a frame after each, every frame drawn by a ``LiveView`` into a ``VirtualTerminal``; then the
/// final blocks laid out as a batch render. It checks what must hold whatever the input:
///
/// - no two blocks share an ID anywhere in the tree, at any frame;
/// - after `finish()`, the blocks and the text equal a one-shot parse of the input, ranges
///   included, and satisfy ``BlockTree/structuralProblems(_:sourceLength:limit:)``;
/// - no laid-out line is wider than the width, and the encoded line is as wide as laid out;
/// - the batch bytes pass ``OutputAudit`` and the live bytes ``LiveOutputAudit``: no escape
///   sequence or control character Rill does not write itself;
/// - the live view never moves above the screen, and (unless it committed lines early or was
///   resized) leaves in the terminal exactly what the batch render leaves there, each cell's
///   attributes included, and on a terminal drawing lone emoji narrower than Rill counts them
///   too.
///
/// A crash anywhere is a finding too; the fuzzer reports it with the input.
public enum FuzzCheck {
    /// Everything wrong, one sentence each (empty when all holds).
    public static func violations(_ bytes: [UInt8], limit: Int = 8) -> [String] {
        violations(bytes, plan: FuzzPlan(bytes), limit: limit)
    }

    /// The same, fed and shown as `plan` says.
    public static func violations(_ bytes: [UInt8], plan: FuzzPlan, limit: Int = 8) -> [String] {
        var problems: [String] = []
        func fail(_ message: @autoclosure () -> String) {
            if problems.count < limit { problems.append(message()) }
        }

        let styled = plan.depth != .none
        let context = LayoutContext(width: plan.width, theme: styled ? .dark : .plain,
                                    hyperlinks: plan.hyperlinks, isPlain: !styled)
        let encoder = ANSIEncoder(depth: plan.depth, hyperlinks: plan.hyperlinks)
        var view = LiveView(context: context, encoder: encoder, height: plan.height)
        var terminal = VirtualTerminal(width: plan.width, height: plan.height)
        var live: [UInt8] = []
        var resized = false
        var stream = MarkdownStream()

        func frame(_ index: Int) {
            // Final blocks were checked when they were open, and every ID is anchored inside its
            // top-level block: the open blocks, and the order at the top, are what can go wrong.
            let open = stream.openBlocks
            let duplicates = BlockTree.duplicateIDs(open)
            if !duplicates.isEmpty { fail("frame \(index): duplicate IDs \(duplicates.prefix(4))") }
            let top = (stream.finalBlocks.last.map { [$0.id] } ?? []) + open.map(\.id)
            if zip(top, top.dropFirst()).contains(where: { $0 >= $1 }) {
                fail("frame \(index): top-level IDs not increasing: \(top.prefix(8))")
            }
            let bytes = view.frame(stream)
            live += bytes
            if !resized { terminal.feed(bytes) }
        }

        for (index, chunks) in plan.frames.enumerated() {
            for chunk in chunks { stream.append(bytes[chunk]) }
            if plan.reportsUpdates { _ = stream.update() } else { stream.advance() }
            frame(index)
            if index == plan.resizeAt {
                live += view.resize(width: plan.resizeWidth, height: plan.height)
                resized = true
            }
        }
        _ = stream.finish()
        frame(plan.frames.count)
        let closing = view.close()
        live += closing
        if !resized { terminal.feed(closing) }

        // The engine: exactly the one-shot parse.
        let duplicates = BlockTree.duplicateIDs(stream.finalBlocks)
        if !duplicates.isEmpty { fail("after finish: duplicate IDs \(duplicates.prefix(4))") }
        let expected = MarkdownStream.parse(bytes)
        for difference in BlockTree.differences(stream.finalBlocks, expected, limit: 3) {
            fail("final blocks differ from the one-shot parse: \(difference)")
        }
        if !stream.openBlocks.isEmpty { fail("open blocks after finish: \(stream.openBlocks.map(\.id))") }
        if stream.source != Oracle.normalized(bytes) { fail("normalized text differs from a one-shot read") }
        for problem in BlockTree.structuralProblems(expected, sourceLength: stream.source.count, limit: 3) {
            fail("one-shot parse: \(problem)")
        }

        // The batch render: widths and sequences.
        let lines = DocumentLayout.lines(for: stream.finalBlocks, in: context)
        var batch: [UInt8] = []
        var widthReported = false
        for (number, line) in lines.enumerated() {
            let start = batch.count
            encoder.encode(line, into: &batch)
            let encodedWidth = DisplayWidth.of(EscapeSequences.strip(Array(batch[start...])))
            batch.append(0x0A)
            if !widthReported, line.width > plan.width || encodedWidth != line.width {
                widthReported = true
                fail("line \(number + 1): \(line.width) columns laid out, \(encodedWidth) encoded, "
                     + "width \(plan.width): \(StreamCheck.quote(Array(line.plainText.utf8)))")
            }
        }
        for problem in OutputAudit.violations(in: batch, styled: styled, hyperlinks: encoder.hyperlinks).prefix(3) {
            fail("batch output: \(problem)")
        }

        // The live view: sequences, and the transcript.
        for problem in LiveOutputAudit.violations(in: live, styled: styled, hyperlinks: encoder.hyperlinks, limit: 3) {
            fail("live output: \(problem)")
        }
        if !resized {
            for violation in terminal.violations.prefix(3) { fail("live output: the terminal saw \(violation)") }
            if terminal.rowsAboveTop != 0 { fail("live view moved \(terminal.rowsAboveTop) rows above the screen") }
            if view.statistics.linesCommittedEarly == 0 {
                var transcript = terminal.transcript
                while transcript.last == "" { transcript.removeLast() }
                // The batch render as a terminal shows it: the encoder drops a trailing joiner,
                // a terminal joins a line's leading combining mark to nothing.
                let batchLines = batch.flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] }
                var batchTerminal = VirtualTerminal(width: plan.width, height: plan.height)
                batchTerminal.feed(batchLines)
                var expectedLines = batchTerminal.transcript
                while expectedLines.last == "" { expectedLines.removeLast() }
                if transcript != expectedLines {
                    let index = zip(transcript, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                        ?? min(transcript.count, expectedLines.count)
                    let got = index < transcript.count ? transcript[index] : "(none)"
                    let want = index < expectedLines.count ? expectedLines[index] : "(none)"
                    fail("live transcript differs from the batch render at line \(index + 1) "
                         + "(\(transcript.count) lines, expected \(expectedLines.count)): "
                         + "\"\(StreamCheck.quote(Array(got.utf8)))\" vs \"\(StreamCheck.quote(Array(want.utf8)))\"")
                } else if let index = firstDifference(terminal.styledTranscript, batchTerminal.styledTranscript) {
                    // The same text: the attributes of every cell must be the batch render's too.
                    fail("live attributes differ from the batch render at line \(index + 1): "
                         + "\"\(StreamCheck.quote(Array((terminal.styledTranscript.dropFirst(index).first ?? "").utf8)))\" vs "
                         + "\"\(StreamCheck.quote(Array((batchTerminal.styledTranscript.dropFirst(index).first ?? "").utf8)))\"")
                }
                // An older terminal drawing lone emoji one column wide must show the same too.
                var narrowLive = VirtualTerminal(width: plan.width, height: plan.height, columnsOf: VirtualTerminal.narrowEmoji)
                var narrowBatch = VirtualTerminal(width: plan.width, height: plan.height, columnsOf: VirtualTerminal.narrowEmoji)
                narrowLive.feed(live)
                narrowBatch.feed(batchLines)
                if let index = firstDifference(narrowLive.transcript, narrowBatch.transcript) {
                    fail("on a terminal drawing emoji narrower, the live transcript differs at line \(index + 1): "
                         + "\"\(StreamCheck.quote(Array((narrowLive.transcript.dropFirst(index).first ?? "").utf8)))\" vs "
                         + "\"\(StreamCheck.quote(Array((narrowBatch.transcript.dropFirst(index).first ?? "").utf8)))\"")
                }
            }
        }
        return problems
    }

    /// The first line where two transcripts differ, ignoring empty lines at their ends.
    static func firstDifference(_ a: [String], _ b: [String]) -> Int? {
        var a = a, b = b
        while a.last == "" { a.removeLast() }
        while b.last == "" { b.removeLast() }
        if a == b { return nil }
        return zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
    }
}
