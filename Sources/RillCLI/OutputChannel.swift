import Glibc

/// Writes bytes to a file descriptor with plain `write(2)`, never losing any.
///
/// A short write is continued from where it stopped; EINTR is retried; EAGAIN (standard output
/// left non-blocking by another program sharing the terminal or pipe, or a slow terminal) waits
/// with `poll(2)` until the descriptor can take more, instead of spinning or dropping bytes.
/// A closed reader (EPIPE, as in `rill … | head`) is reported as ``Failure/closed``, so the
/// program can stop quietly (SIGPIPE is ignored by the command so that this error arrives
/// instead of a kill); any other error (ENOSPC, EBADF, EIO) as ``Failure/failed(_:)``, which the
/// program reports.
struct OutputChannel {
    let descriptor: Int32
    /// Bytes written so far.
    private(set) var bytesWritten = 0
    /// Times a write found the descriptor full (EAGAIN) and waited for it (for tests).
    private(set) var waits = 0

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Writes all of `bytes`, waiting as long as the reader needs.
    ///
    /// - Complexity: O(n) in the number of bytes, plus the time the reader takes.
    mutating func write(_ bytes: [UInt8]) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.write(descriptor, base + offset, buffer.count - offset)
            }
            if written >= 0 {
                offset += written
                bytesWritten += written
                continue
            }
            switch errno {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                waits += 1
                try waitUntilWritable()
            default:
                throw Failure(errno: errno)
            }
        }
    }

    mutating func write(_ text: String) throws(Failure) {
        try write(Array(text.utf8))
    }

    /// Blocks until the descriptor can take more bytes; a failed wait is a ``Failure``.
    private func waitUntilWritable() throws(Failure) {
        var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        while true {
            let ready = poll(&poller, 1, -1)
            if ready < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw Failure(errno: errno)
            }
            // POLLERR on a pipe means the reader is gone; the next write reports EPIPE anyway, so
            // any readiness, error included, goes back to `write`, which decides.
            if ready > 0 { return }
        }
    }
}
