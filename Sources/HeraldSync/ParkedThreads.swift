import Foundation

/// Threads outside Swift's cooperative pool for blocking work, kept parked between jobs
/// so that a job costs a wake-up instead of a new thread (creating and ending a thread is
/// about ten system calls, once per push in a batch or per request in `herald serve`).
///
/// A job never waits for another: it goes to a parked thread that no other job has
/// claimed, or else to a new thread. A job that blocks (a key file, SQLite waiting for a
/// lock) holds only its own thread. A thread left with no job for `linger` ends, so an
/// idle process keeps no threads.
public final class ParkedThreads: @unchecked Sendable {
    // `@unchecked Sendable`: `jobs`, `parked` and `threads` are only touched under `condition`.
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var parked = 0
    private var threads = 0
    private let linger: Double

    /// The process's one pool (`Deadline.race` and whatever else runs blocking work).
    public static let shared = ParkedThreads(linger: 2)

    /// - Parameter linger: How long, in seconds, a thread with no job waits for one before
    ///   it ends.
    public init(linger: Double) {
        self.linger = linger
    }

    /// Runs `job` on a parked thread, or on a new one when every parked thread is claimed.
    public func run(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        if parked >= jobs.count {
            condition.signal()
            condition.unlock()
            return
        }
        threads += 1
        condition.unlock()
        // The thread takes its job from the queue (any job there has a thread coming for
        // it), so the closure a thread starts with holds no job past its run.
        Thread.detachNewThread { [self] in serve() }
    }

    /// How many of them are parked, waiting for a job (for tests).
    public var parkedCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return parked
    }

    /// How many threads the pool has now, working or parked (for tests).
    public var threadCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return threads
    }

    private func serve() {
        condition.lock()
        while true {
            if jobs.isEmpty {
                parked += 1
                let until = Date(timeIntervalSinceNow: linger)
                while jobs.isEmpty, condition.wait(until: until) {}
                parked -= 1
                if jobs.isEmpty {
                    threads -= 1
                    condition.unlock()
                    return
                }
            }
            // Released at the end of the iteration: a parked thread keeps nothing of its last job.
            let job = jobs.removeFirst()
            condition.unlock()
            job()
            condition.lock()
        }
    }
}
