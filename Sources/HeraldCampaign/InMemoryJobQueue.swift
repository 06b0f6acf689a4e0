import HeraldSync

/// A job source and result sink in memory, with the same rules as the PostgreSQL queue:
/// a job is claimed by one worker at a time, answered at most once, and handed out again
/// when its worker's claim lapses (`expireClaims(of:)`) or is released. For tests, and for
/// an engine to compare itself with.
public final class InMemoryJobQueue: Sendable {
    struct State {
        var entries: [CampaignJob] = []
        var owners: [Int64: String] = [:]
        var attempts: [Int64: Int] = [:]
        var results: [Int64: JobResult] = [:]
        /// Jobs whose holder's claim lapsed: each is claimed alone next.
        var suspects: Set<Int64> = []
    }

    private let state = Locked(State())

    public init(_ jobs: [CampaignJob] = []) {
        state.withLock { $0.entries = jobs }
    }

    /// Adds jobs at the end of the queue.
    public func add(_ jobs: [CampaignJob]) { state.withLock { $0.entries += jobs } }

    /// A source and sink that claim for `worker`.
    public func worker(_ worker: String) -> Handle { Handle(queue: self, worker: worker) }

    /// Makes every claim of `worker` lapse, as when the worker dies and its lease ends.
    public func expireClaims(of worker: String) {
        state.withLock { s in
            for (job, owner) in s.owners where owner == worker { s.suspects.insert(job) }
            s.owners = s.owners.filter { $0.value != worker }
        }
    }

    /// The results, in the order the jobs were added (a job without a result is left out).
    public var results: [JobResult] {
        state.withLock { s in s.entries.compactMap { s.results[$0.id] } }
    }

    /// The jobs with no result yet.
    public var unanswered: Int { state.withLock { s in s.entries.count - s.results.count } }

    /// `JobSource` and `ResultSink` for one worker.
    public struct Handle: JobSource, ResultSink {
        let queue: InMemoryJobQueue
        let worker: String

        public func claim(limit: Int) async throws -> [CampaignJob] {
            queue.state.withLock { s in
                var out: [CampaignJob] = []
                // A suspect (its holder's claim lapsed) is claimed alone: attempts belong to a job.
                let suspect = s.entries.first { s.suspects.contains($0.id) && s.results[$0.id] == nil && s.owners[$0.id] == nil }
                let limit = suspect == nil ? limit : 1
                for job in suspect.map({ [$0] }) ?? s.entries where out.count < limit && s.results[job.id] == nil && s.owners[job.id] == nil {
                    s.suspects.remove(job.id)
                    s.owners[job.id] = worker
                    let attempts = (s.attempts[job.id] ?? 0) + 1
                    s.attempts[job.id] = attempts
                    var claimed = job
                    claimed.attempts = attempts
                    out.append(claimed)
                }
                return out
            }
        }

        public func release(_ jobs: [CampaignJob]) async throws {
            queue.state.withLock { s in
                for job in jobs where s.owners[job.id] == worker {
                    s.owners[job.id] = nil
                    s.attempts[job.id, default: 1] -= 1
                }
            }
        }

        public func waitForJobs(timeout: Duration) async throws { try await Task.sleep(for: timeout) }

        public func record(_ results: [JobResult]) async throws -> Int {
            queue.state.withLock { s in
                var recorded = 0
                for result in results where s.owners[result.jobID] == worker && s.results[result.jobID] == nil {
                    s.results[result.jobID] = result
                    s.owners[result.jobID] = nil
                    recorded += 1
                }
                return recorded
            }
        }
    }
}
