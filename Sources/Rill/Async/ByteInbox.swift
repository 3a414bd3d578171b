/// Where a reading task leaves input for the frame task: bytes pile up between frames (so a
/// burst becomes one frame), and the frame task sleeps until something arrives.
final class ByteInbox: Sendable {
    private struct State {
        var bytes: [UInt8] = []
        var ended = false
        var failure: (any Error)?
        var waiter: CheckedContinuation<Void, Never>?
    }

    /// What arrived since the last ``take()``.
    struct Delivery {
        var bytes: [UInt8]
        var ended: Bool
        var failure: (any Error)?
    }

    /// Put and taken from different threads: a lock ThreadSanitizer follows (``LockedValue``).
    private let state = LockedValue(State())

    /// Adds a chunk of input.
    func put(_ chunk: some Collection<UInt8>) {
        guard !chunk.isEmpty else { return }
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.bytes.append(contentsOf: chunk)
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Notes the end of input, or the error it ended with.
    func end(failure: (any Error)? = nil) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.ended = true
            state.failure = failure
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Returns once input is waiting or has ended, or the task is cancelled.
    func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state -> Bool in
                    if !state.bytes.isEmpty || state.ended || Task.isCancelled { return true }
                    state.waiter = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }

    /// Takes what arrived.
    func take() -> Delivery {
        state.withLock { state in
            defer { state.bytes = [] }
            return Delivery(bytes: state.bytes, ended: state.ended, failure: state.failure)
        }
    }
}
