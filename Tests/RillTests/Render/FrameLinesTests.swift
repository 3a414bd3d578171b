@testable import Rill
import Testing

/// A live frame's lines written over an earlier frame's storage.
@Suite struct FrameLinesTests {
    private static func line(_ text: String) -> StyledLine { StyledLine([Span(text)]) }

    @Test("A frame written over a longer earlier one gives its own lines, from any start")
    func givesItsOwnLines() {
        let (a, b, c, x) = (Self.line("a"), Self.line("b"), Self.line("c"), Self.line("x"))
        var frame = FrameLines(over: [a, b, c, Self.line("d")])
        frame.append(a)
        frame.append(contentsOf: [x, b][...])
        #expect(frame.count == 3)
        frame[2] = c
        var copy = frame
        #expect(frame.lines(from: 0) == [a, x, c])
        #expect(copy.lines(from: 1) == [x, c])
    }

    @Test("A frame grows past the storage it was written over")
    func growsPastItsStorage() {
        let (a, b) = (Self.line("a"), Self.line("b"))
        var frame = FrameLines(over: [a])
        frame.append(b)
        frame.append(a)
        #expect(frame.lines(from: 0) == [b, a])
    }

    /// Lines that are copies of those they replace stay where they are: the frame is the
    /// earlier one's storage, written where a line changed only.
    @Test("Unchanged lines are not written again, nor the storage allocated again")
    func keepsStorageOfUnchangedLines() {
        let (a, b) = (Self.line("a"), Self.line("b"))
        var storage = [a, b, Self.line("c")]
        let address = storage.withUnsafeBufferPointer { $0.baseAddress }
        var frame = FrameLines(over: storage)
        storage = []
        frame.append(a)
        frame.append(b)
        let changed = Self.line("c and more")
        frame.append(changed)
        let lines = frame.lines(from: 0)
        #expect(lines.withUnsafeBufferPointer { $0.baseAddress } == address)
        #expect(lines == [a, b, changed])
        #expect(lines[2].isCopy(of: changed))
    }
}
