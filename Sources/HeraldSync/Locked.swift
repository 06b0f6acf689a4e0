import Glibc

/// A value guarded by a `pthread_mutex_t`: the one lock Herald uses.
///
/// Why not the standard library's `Synchronization.Mutex`: on Linux its
/// contended path hands the lock over inside the kernel (priority-inheritance
/// futexes) with no atomic operation ThreadSanitizer can see, so every
/// contended access it guards was reported as a data race — three "races" in
/// the test suite (the formatter cache, the catalog, the stage's deadline),
/// all under a lock. ThreadSanitizer intercepts `pthread_mutex_lock`, so with
/// this type `Tools/sanitize.sh thread` reports only real races. Uncontended,
/// a pthread mutex costs the same one atomic exchange.
///
/// The API mirrors `Mutex`: the value is handed over on creation (`sending`)
/// and only reachable inside `withLock`.
public final class Locked<Value: ~Copyable>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// Guards `value` from now on.
    public init(_ value: consuming sending Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        // Default attributes: a plain, non-recursive mutex. It cannot fail
        // with them (the errors are for bad attributes and exhausted kernel
        // objects, which a process-private mutex does not use).
        pthread_mutex_init(mutex, nil)
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock. Not reentrant:
    /// calling `withLock` on the same instance from `body` deadlocks.
    public func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
