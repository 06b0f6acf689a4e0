import PostgresNIO

/// A worker process's lease: one row in herald_leases whose expiry covers every job the
/// worker holds. Renewed while the worker runs; when it dies, the row ages past its expiry
/// and the worker's running jobs are claimable again.
public struct WorkerLease: Sendable {
    public let worker: String
    public let seconds: Int
    let database: Database

    public init(worker: String, seconds: Int, database: Database) {
        self.worker = worker
        self.seconds = seconds
        self.database = database
    }

    /// Takes (or extends) the lease for `seconds` from now.
    public func renew() async throws(DatabaseError) {
        try await database.rows(
            """
            INSERT INTO herald_leases (worker_id, expires_at) VALUES (\(worker), now() + make_interval(secs => \(Double(seconds))))
            ON CONFLICT (worker_id) DO UPDATE SET expires_at = EXCLUDED.expires_at
            """, "cannot renew the worker's lease")
    }

    /// Gives the lease up (a clean stop): releases what the worker still holds, then the row.
    public func end() async throws(DatabaseError) {
        try await database.rows(
            """
            UPDATE herald_jobs SET state = 'queued', lease_owner = NULL, attempts = greatest(attempts - 1, 0)
            WHERE state = 'running' AND lease_owner = \(worker)
            """, "cannot release the worker's jobs")
        try await database.rows("DELETE FROM herald_leases WHERE worker_id = \(worker)", "cannot end the worker's lease")
    }

    /// Renews every third of the lease and wakes `wakeups` on each notification of queued
    /// jobs, until cancelled.
    public func keep(wakeups: Wakeups) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                while !Task.isCancelled {
                    try await Task.sleep(for: .seconds(Double(seconds) / 3))
                    try await renew()
                }
            }
            group.addTask {
                try await database.connection.listen(on: "herald_jobs") { notifications in
                    for try await _ in notifications { wakeups.wake() }
                }
            }
            _ = try await group.next()
            group.cancelAll()
        }
    }
}
