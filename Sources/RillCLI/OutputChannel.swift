import Glibc

/// Writes bytes to a file descriptor with plain `write(2)`, retrying short writes and EINTR.
///
/// A closed reader (EPIPE, as in `rill … | head`) is reported as ``Closed``, so the program can
/// stop quietly; SIGPIPE is ignored by the command so that this error arrives instead of a kill.
struct OutputChannel {
    /// The reader went away.
    struct Closed: Error {}

    let descriptor: Int32
    /// Bytes written so far.
    private(set) var bytesWritten = 0

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    mutating func write(_ bytes: [UInt8]) throws(Closed) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw Closed()
            }
            offset += written
            bytesWritten += written
        }
    }

    mutating func write(_ text: String) throws(Closed) {
        try write(Array(text.utf8))
    }
}
