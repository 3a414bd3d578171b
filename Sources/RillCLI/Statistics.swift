/// What `--stats` reports, gathered by the frame loop.
struct Statistics {
    var frames = 0
    var bytesRead = 0
    /// Times the loop woke from `poll(2)`: about one per read, frame or signal, never a spin
    /// (a non-blocking input that has nothing to give is waited for, not retried).
    var wakeups = 0
    /// Reads that brought input (a slow writer's pieces wait in the pipe between frames).
    var reads = 0
    var parse: Duration = .zero
    var sink: Duration = .zero

    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let ms = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        return String(Int(ms.rounded())) + " ms"
    }
}
