import Glibc

/// Reads a file descriptor as data arrives, with plain `read(2)`: whatever arrived is handed on,
/// never waiting for a newline or a full buffer. The first stage of a stream: its bytes go to
/// ``MarkdownStream/append(_:)`` as they are.
public enum DescriptorReader {
    /// Largest single read; a burst bigger than this is simply read again next time round.
    public static let readSize = 64 * 1024

    /// What one attempt to read produced.
    public enum Take: Sendable, Equatable {
        /// Bytes that arrived.
        case bytes([UInt8])
        /// Nothing yet (a non-blocking descriptor with nothing to read).
        case nothing
        /// The end of the input.
        case end
        /// A read error, as `strerror` words it.
        case failure(String)
    }

    /// Reads whatever is available now (call after `poll` says the descriptor is readable),
    /// through `buffer` (``readSize`` bytes, kept by the caller: not allocated and zeroed per
    /// read). Retries a read interrupted by a signal.
    public static func read(_ descriptor: Int32, through buffer: inout [UInt8]) -> Take {
        if buffer.count < readSize { buffer = [UInt8](repeating: 0, count: readSize) }
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { return .bytes(Array(buffer[0..<count])) }
            if count == 0 { return .end }
            if errno == EINTR { continue }
            if errno == EAGAIN { return .nothing }
            return .failure(String(cString: strerror(errno)))
        }
    }
}
