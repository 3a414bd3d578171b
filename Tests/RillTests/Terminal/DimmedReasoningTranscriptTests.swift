import Rill
import RillTestSupport
import Testing

/// Reasoning shown dimmed in the live view, its ranges growing as the decoder writes them, must
/// leave exactly the batch render, attributes included.
@Suite struct DimmedReasoningTranscriptTests {
    /// Streams of model events with reasoning, as the decoder reads them.
    static let streams: [(name: String, events: String)] = [
        ("thinking, then an answer", """
        data: {"choices":[{"delta":{"reasoning_content":"Plan:\\n\\n1. check **units**\\n2. compare"}}]}

        data: {"choices":[{"delta":{"reasoning_content":"\\n\\n```python\\nx = 1\\n"}}]}

        data: {"choices":[{"delta":{"content":"# Result\\n\\n| a | b |\\n|---|---|\\n| 1 | 2 |\\n\\n"}}]}

        data: {"choices":[{"delta":{"content":"Done, with `code`."}}]}


        """),
        ("interleaved", """
        {"message":{"content":"","thinking":"first thought, long enough to wrap at a narrow width"},"done":false}
        {"message":{"content":"Answer one.\\n"},"done":false}
        {"message":{"content":"","thinking":"> a quote inside\\n- and a list"},"done":false}
        {"message":{"content":"Answer two."},"done":false}

        """),
    ]

    /// A wide screen, and a narrow one that the reasoning outgrows; neither short enough to
    /// commit lines early (where the transcript may then differ).
    static let geometries = [(width: 60, height: 30), (width: 30, height: 14)]
}

extension DimmedReasoningTranscriptTests {
    @Test("Live transcript in colour equals the batch render with the reasoning dimmed", arguments: 0..<streams.count)
    func liveEqualsBatch(_ index: Int) {
        let events = Array(Self.streams[index].events.utf8)
        for geometry in Self.geometries {
            var context = LayoutContext(width: geometry.width, theme: .dark)
            context.dimmed = DimmedSource()
            let encoder = ANSIEncoder(depth: .palette)
            var decoder = ModelStreamDecoder(format: .auto, showsReasoning: true)
            var view = LiveView(context: context, encoder: encoder, height: geometry.height)
            var stream = MarkdownStream()
            var output: [UInt8] = []
            var markdown: [UInt8] = []
            for piece in ReplayChunker.ranges(of: events, mode: .tokens(seed: 4)) {
                markdown.removeAll()
                decoder.decode(events[piece], into: &markdown)
                stream.append(markdown)
                context.dimmed?.set(decoder.reasoningRanges)
                stream.advance()
                output += view.frame(stream)
            }
            markdown.removeAll()
            decoder.finish(into: &markdown)
            stream.append(markdown)
            stream.finish()
            output += view.frame(stream) + view.close()
            #expect(decoder.reasoningRanges.count == (index == 0 ? 1 : 2))

            var live = VirtualTerminal(width: geometry.width, height: geometry.height)
            live.feed(output)
            var batch = VirtualTerminal(width: geometry.width, height: geometry.height)
            var rendered: [UInt8] = []
            for line in DocumentLayout.lines(for: MarkdownStream.parse(stream.source), in: context) {
                encoder.encode(line, into: &rendered)
                rendered += [0x0D, 0x0A]
            }
            batch.feed(rendered)
            #expect(String(decoding: rendered, as: UTF8.self).contains("\u{1B}[0;2"), "the batch render dims something")
            #expect(view.statistics.linesCommittedEarly == 0)
            #expect(live.styledTranscript.filter { !$0.isEmpty } == batch.styledTranscript.filter { !$0.isEmpty },
                    "\(Self.streams[index].name) at \(geometry.width)x\(geometry.height)")
        }
    }
}
