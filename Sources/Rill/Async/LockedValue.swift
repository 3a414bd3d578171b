#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value reached only under a POSIX mutex, for state shared between threads.
///
/// `Synchronization.Mutex` does the same, but on Linux it hands a contended lock to the next
/// thread inside the kernel (a priority-inheriting futex), where ThreadSanitizer cannot see it:
/// the tool then reports the accesses the lock orders as data races. `pthread_mutex_lock` is
/// one ThreadSanitizer follows, so a sanitized run reports only real races.
final class LockedValue<Value>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value: Value

    init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` on the value, with no other thread inside a `withLock` of this lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
