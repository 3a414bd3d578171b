@testable import Rill
import Testing

/// How answer text and reasoning become one markdown stream: reasoning dropped, or quoted and
/// set apart by blank lines, its ranges where its blocks start.
@Suite struct ModelTextWriterTests {
    enum Piece {
        case text(String)
        case reasoning(String)
    }

    static func write(_ pieces: [Piece], showsReasoning: Bool = true) -> (text: String, writer: ModelTextWriter) {
        var writer = ModelTextWriter(showsReasoning: showsReasoning)
        var output: [UInt8] = []
        for piece in pieces {
            switch piece {
            case .text(let text): writer.write(text: text, into: &output)
            case .reasoning(let text): writer.write(reasoning: text, into: &output)
            }
        }
        #expect(writer.count == output.count)
        return (String(decoding: output, as: UTF8.self), writer)
    }
}

extension ModelTextWriterTests {
    @Test("Hidden reasoning leaves the answer exactly as sent")
    func hiddenReasoning() {
        let written = Self.write([.reasoning("think\n"), .text("# Answer"), .reasoning("more"), .text("\n\nend")], showsReasoning: false)
        #expect(written.text == "# Answer\n\nend")
        #expect(written.writer.reasoningRanges.isEmpty)
    }

    @Test("Shown reasoning is a block quote, blank lines kept inside it, then a blank line before the answer")
    func quotedReasoning() {
        let written = Self.write([.reasoning("Plan:\n\n- a"), .reasoning("\n- b"), .text("Answer")])
        #expect(written.text == "> Plan:\n>\n> - a\n> - b\n\nAnswer")
        #expect(written.writer.reasoningRanges == [1..<21])
    }

    @Test("Reasoning ending in a line ending, or in blank lines, ends the quote with one blank line")
    func reasoningEndingInLineEndings() {
        #expect(Self.write([.reasoning("a\n"), .text("b")]).text == "> a\n\nb")
        #expect(Self.write([.reasoning("a\n\n"), .text("b")]).text == "> a\n>\n\nb")
    }

    @Test("CR and CRLF in reasoning end its lines, a CRLF split between two deltas once")
    func reasoningLineEndings() {
        #expect(Self.write([.reasoning("a\r\nb\rc\r"), .reasoning("\nd"), .text("e")]).text == "> a\n> b\n> c\n> d\n\ne")
    }

    @Test("Reasoning after answer text starts a new quote after a blank line; ranges are kept per stretch")
    func interleaved() {
        let written = Self.write([.reasoning("r1"), .text("t1"), .reasoning("r2"), .text("t2\n"), .reasoning("r3")])
        #expect(written.text == "> r1\n\nt1\n\n> r2\n\nt2\n\n> r3")
        let text = Array(written.text.utf8)
        #expect(written.writer.reasoningRanges.map { String(decoding: text[$0], as: UTF8.self) } == [" r1", " r2", " r3"])
    }

    @Test("NUL, SOH and STX in the text become U+FFFD here, as the stream would make them, so ranges stay the stream's")
    func normalized() {
        let written = Self.write([.reasoning("a\u{0}b"), .text("\u{1}")])
        #expect(written.text == "> a\u{FFFD}b\n\n\u{FFFD}")
        #expect(written.writer.reasoningRanges == [1..<7])
    }
}
