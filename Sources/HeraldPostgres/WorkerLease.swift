import HeraldSync
import PostgresNIO

/// A worker process's lease: one row in herald_leases per loop of the worker, whose
/// expiry covers every job the loop holds. Renewed while the worker runs (one statement
/// for all its loops); when it dies, the rows age past their expiry and the running jobs
/// are claimable again.
public struct WorkerLease: Sendable {
    /// The holders the lease covers (a worker's loops).
    public let workers: [String]
    public let seconds: Int
    let database: Database

    public init(worker: String, seconds: Int, database: Database) {
        self.init(workers: [worker], seconds: seconds, database: database)
    }

    public init(workers: [String], seconds: Int, database: Database) {
        self.workers = workers
        self.seconds = seconds
        self.database = database
    }

    /// Takes (or extends) the lease for `seconds` from now.
    public func renew() async throws(DatabaseError) {
        try await database.rows(
            """
            INSERT INTO herald_leases (worker_id, expires_at)
            SELECT worker, now() + make_interval(secs => \(Double(seconds))) FROM unnest(\(workers)::text[]) AS w (worker)
            ON CONFLICT (worker_id) DO UPDATE SET expires_at = EXCLUDED.expires_at
            """, "cannot renew the worker's lease")
    }

    /// Gives the lease up (a clean stop): releases what the worker still holds, then the rows.
    public func end() async throws(DatabaseError) {
        try await database.rows(
            """
            UPDATE herald_jobs SET state = 'queued', lease_owner = NULL, attempts = greatest(attempts - 1, 0)
            WHERE state = 'running' AND lease_owner = ANY(\(workers)::text[])
            """, "cannot release the worker's jobs")
        try await database.rows("DELETE FROM herald_leases WHERE worker_id = ANY(\(workers)::text[])", "cannot end the worker's lease")
    }

    /// Renews every third of the lease and wakes `wakeups` on each notification of queued
    /// jobs, until cancelled. With a `Reconnection`, a lost connection is made again (and
    /// LISTEN said again) rather than ending the keeping; without one, the loss is thrown.
    public func keep(wakeups: Wakeups, reconnection: Reconnection? = nil) async throws {
        while !Task.isCancelled {
            do {
                try await renew()
                try await listen(for: .seconds(Double(seconds) / 3), wakeups: wakeups)
            } catch {
                guard let reconnection, error.connectionLost, !reconnection.isStopped, !Task.isCancelled else { throw error }
                try await database.reconnect(reconnection, after: error)
            }
        }
    }

    /// Listens for notifications of queued jobs for `time` (the loops are woken on each).
    /// The notifications are watched in a task of their own, which is never waited for:
    /// a connection that went quiet cannot hold the lease's renewal back.
    func listen(for time: Duration, wakeups: Wakeups) async throws(DatabaseError) {
        let connection = database.connection
        let ended = Latch()
        let listener = Task {
            do {
                try await connection.listen(on: "herald_jobs") { notifications in
                    for try await _ in notifications { wakeups.wake() }
                }
                ended.set(Latch.Outcome(problem: nil))
            } catch {
                ended.set(Latch.Outcome(problem: DatabaseError("cannot listen for queued jobs", error)))
            }
        }
        defer { listener.cancel() }
        let clock = ContinuousClock()
        let end = clock.now + time
        while clock.now < end, !Task.isCancelled {
            if let outcome = ended.outcome {
                if let problem = outcome.problem { throw problem }
                return
            }
            try? await Task.sleep(for: min(.milliseconds(100), clock.now.duration(to: end)))
        }
    }
}

/// How a task ended, set once and read without waiting.
final class Latch: Sendable {
    struct Outcome: Sendable { var problem: DatabaseError? }
    private let state = Locked<Outcome?>(nil)
    func set(_ outcome: Outcome) { state.withLock { if $0 == nil { $0 = outcome } } }
    var outcome: Outcome? { state.withLock { $0 } }
}
