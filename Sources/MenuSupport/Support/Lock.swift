
/// A mutual-exclusion lock on a pthread mutex: what `NSLock` was, without
/// full Foundation.
///
/// Not `Mutex` from the Synchronization module: that needs macOS 15, and
/// the package declares no minimum platform.
package final class Lock: @unchecked Sendable {
    // Allocated, not stored inline: a pthread mutex must not move.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let result = pthread_mutex_init(mutex, nil)
        precondition(result == 0, "pthread_mutex_init failed: \(result)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` while holding the lock.
    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
