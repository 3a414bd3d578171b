import Glibc
import Rill
import Testing

@Suite struct DescriptorReaderTests {
    /// A pipe, its read end non-blocking.
    private static func pipeEnds() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        return (ends[0], ends[1])
    }

    @Test("What arrived is handed on at once; an empty pipe gives nothing; a closed one the end")
    func readsWhatArrived() throws {
        let ends = try #require(Self.pipeEnds())
        defer { close(ends.read) }
        var buffer: [UInt8] = []
        #expect(DescriptorReader.read(ends.read, through: &buffer) == .nothing)
        let piece: [UInt8] = Array("half a wo".utf8) + [0xE2, 0x82]  // cut inside a word and a character
        #expect(write(ends.write, piece, piece.count) == piece.count)
        #expect(DescriptorReader.read(ends.read, through: &buffer) == .bytes(piece))
        #expect(buffer.count == DescriptorReader.readSize)
        close(ends.write)
        #expect(DescriptorReader.read(ends.read, through: &buffer) == .end)
    }

    @Test("A burst larger than one read is read again next time, nothing lost")
    func largeBurst() throws {
        let ends = try #require(Self.pipeEnds())
        defer { close(ends.read) }
        var buffer: [UInt8] = []
        let burst = (0..<(DescriptorReader.readSize + 1000)).map { UInt8(truncatingIfNeeded: $0 % 251) }
        // A pipe holds 64 KiB by default: write in two halves, reading in between.
        var received: [UInt8] = []
        var written = 0
        while received.count < burst.count {
            if written < burst.count {
                let count = min(32 * 1024, burst.count - written)
                let result = burst[written..<(written + count)].withUnsafeBytes { write(ends.write, $0.baseAddress, count) }
                if result > 0 { written += result }
            }
            if case .bytes(let bytes) = DescriptorReader.read(ends.read, through: &buffer) {
                #expect(bytes.count <= DescriptorReader.readSize)
                received += bytes
            }
        }
        close(ends.write)
        #expect(received == burst)
    }

    @Test("A descriptor that cannot be read gives the error's words")
    func failure() {
        var buffer: [UInt8] = []
        #expect(DescriptorReader.read(-1, through: &buffer) == .failure(String(cString: strerror(EBADF))))
    }
}
