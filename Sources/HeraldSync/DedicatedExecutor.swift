import Foundation

/// A task executor with a thread of its own, outside Swift's cooperative pool: code that must
/// keep its time while other tasks block the pool runs here
/// (`withTaskExecutorPreference(executor) { … }`): HeraldNetwork's transfers and their
/// deadlines, a test that fills the pool on purpose. `shutdown()` ends the thread once its
/// queue is empty.
public final class DedicatedExecutor: TaskExecutor, @unchecked Sendable {
    // `@unchecked Sendable`: `jobs` and `stopped` are only touched under `condition`.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopped = false

    public init() {
        Thread { [self] in run() }.start()
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Lets the thread end once every enqueued job has run.
    public func shutdown() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopped { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
