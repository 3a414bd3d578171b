/// Turns the answer and reasoning text of a model's events into the markdown stream Rill renders.
///
/// Answer text passes through unchanged. Reasoning is dropped, or, when shown, written as a
/// block quote: each of its lines behind `> ` (a blank line as `>`), with a blank line between it
/// and the answer on either side, so nothing in it (an open code fence, a list) reaches into
/// the answer. ``reasoningRanges`` says where it went, so it can be drawn dimmed. The output
/// is normalized as ``MarkdownStream`` normalizes its input (``UTF8Normalizer``), so offsets in
/// it are the stream's.
struct ModelTextWriter: Sendable {
    /// Whether reasoning is written (else dropped).
    let showsReasoning: Bool
    /// Bytes written so far.
    private(set) var count = 0
    /// Where shown reasoning is, from just after the `>` that opens its quote to its last byte.
    private(set) var reasoningRanges: [Range<Int>] = []
    private var normalizer = UTF8Normalizer()
    private var lastByte: UInt8?
    /// Whether reasoning was the last thing written.
    private var inReasoning = false
    /// Whether the next reasoning byte starts a line of the quote (which needs its `>` first).
    private var atQuoteLineStart = true
    /// Whether the last reasoning byte was `\r`: a `\n` right after it ends no other line.
    private var afterCarriageReturn = false

    init(showsReasoning: Bool) {
        self.showsReasoning = showsReasoning
    }

    /// Writes answer text.
    mutating func write(text: String, into output: inout [UInt8]) {
        guard !text.isEmpty else { return }
        if inReasoning {
            // A blank line ends the quote.
            emit(atQuoteLineStart ? [0x0A] : [0x0A, 0x0A], into: &output)
            inReasoning = false
        }
        emit(text.utf8, into: &output)
    }

    /// Writes reasoning text, if reasoning is shown.
    mutating func write(reasoning: String, into output: inout [UInt8]) {
        guard showsReasoning, !reasoning.isEmpty else { return }
        var quoted: [UInt8] = []
        var opening: Int?
        if !inReasoning {
            inReasoning = true
            atQuoteLineStart = true
            afterCarriageReturn = false
            if let lastByte {
                // A blank line before the quote, so that it cannot continue what came before.
                quoted += lastByte == 0x0A || lastByte == 0x0D ? [0x0A] : [0x0A, 0x0A]
            }
            opening = quoted.count + 1
        }
        for byte in reasoning.utf8 {
            if byte == 0x0A, afterCarriageReturn {
                afterCarriageReturn = false
                continue
            }
            afterCarriageReturn = byte == 0x0D
            if byte == 0x0A || byte == 0x0D {
                if atQuoteLineStart { quoted.append(UInt8(ascii: ">")) }
                quoted.append(0x0A)
                atQuoteLineStart = true
            } else {
                if atQuoteLineStart { quoted += [UInt8(ascii: ">"), 0x20] }
                atQuoteLineStart = false
                quoted.append(byte)
            }
        }
        let start = count
        emit(quoted, into: &output)
        if let opening {
            reasoningRanges.append(start + opening..<count)
        } else if let last = reasoningRanges.indices.last {
            reasoningRanges[last] = reasoningRanges[last].lowerBound..<count
        }
    }

    private mutating func emit(_ bytes: some Collection<UInt8>, into output: inout [UInt8]) {
        let before = output.count
        normalizer.normalize(bytes, into: &output)
        count += output.count - before
        if output.count > before { lastByte = output.last }
    }
}
