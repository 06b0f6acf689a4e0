public import HeraldCampaign
import HeraldSync
import PostgresNIO

/// The PostgreSQL job source and result sink of one worker loop (its own connection).
/// Claims take ready jobs with `FOR UPDATE SKIP LOCKED` — queued ones, and running ones
/// whose worker's lease has ended — and mark them this worker's; `record` writes the
/// results and ends their jobs in one statement, only for jobs still this worker's.
public final class PostgresQueue: JobSource, ResultSink {
    let database: Database
    let worker: String
    let wakeups: Wakeups

    public init(database: Database, worker: String, wakeups: Wakeups) {
        self.database = database
        self.worker = worker
        self.wakeups = wakeups
    }

    public func claim(limit: Int) async throws -> [CampaignJob] {
        let rows = try await database.rows(
            """
            WITH picked AS (
                SELECT j.id FROM herald_jobs j
                WHERE j.state = 'queued'
                   OR (j.state = 'running' AND NOT EXISTS (
                        SELECT 1 FROM herald_leases l WHERE l.worker_id = j.lease_owner AND l.expires_at > now()))
                ORDER BY j.id
                LIMIT \(limit)
                FOR UPDATE OF j SKIP LOCKED)
            UPDATE herald_jobs j SET state = 'running', lease_owner = \(worker), attempts = j.attempts + 1
            FROM picked WHERE j.id = picked.id
            RETURNING j.id, j.kind, j.line_number, j.request, j.attempts
            """, "cannot claim jobs")
        var jobs: [CampaignJob] = []
        jobs.reserveCapacity(rows.count)
        for row in rows {
            let (id, kind, line, request, attempts) = try row.decode((Int64, String, Int64, ByteBuffer?, Int32).self)
            jobs.append(
                CampaignJob(
                    id: id, kind: JobKind(rawValue: kind) ?? .render, lineNumber: Int(line),
                    request: request.map { Array($0.readableBytesView) }, attempts: Int(attempts)))
        }
        return jobs.sorted { $0.id < $1.id }
    }

    public func release(_ jobs: [CampaignJob]) async throws {
        guard !jobs.isEmpty else { return }
        try await database.rows(
            """
            UPDATE herald_jobs SET state = 'queued', lease_owner = NULL, attempts = greatest(attempts - 1, 0)
            WHERE id = ANY(\(jobs.map(\.id))::bigint[]) AND state = 'running' AND lease_owner = \(worker)
            """, "cannot release jobs")
    }

    public func waitForJobs(timeout: Duration) async throws {
        await wakeups.wait(timeout: timeout)
    }

    public func record(_ results: [JobResult]) async throws -> Int {
        guard !results.isEmpty else { return 0 }
        let rows = try await database.rows(
            """
            WITH input AS (
                SELECT * FROM unnest(\(results.map(\.jobID))::bigint[], \(results.map(\.answer))::text[],
                                     \(results.map { $0.failure ?? "" })::text[], \(results.map(\.succeeded))::bool[])
                    AS input (id, answer, reason, ok)),
            ended AS (
                UPDATE herald_jobs j SET state = CASE WHEN input.ok THEN 'done' ELSE 'failed' END, lease_owner = NULL
                FROM input WHERE j.id = input.id AND j.state = 'running' AND j.lease_owner = \(worker)
                RETURNING j.id, j.campaign_id, input.ok, input.answer, input.reason)
            INSERT INTO herald_results (job_id, campaign_id, ok, answer, reason, worker)
            SELECT id, campaign_id, ok, answer, NULLIF(reason, ''), \(worker) FROM ended
            RETURNING job_id
            """, "cannot record results")
        return rows.count
    }
}

/// Wakes idle worker loops when the database says jobs were queued (LISTEN/NOTIFY), and
/// lets them poll when no notification comes.
public final class Wakeups: Sendable {
    private let generation = Locked(0)

    public init() {}

    /// Wakes every waiting loop.
    public func wake() { generation.withLock { $0 += 1 } }

    /// Returns after a `wake()`, or after `timeout`.
    func wait(timeout: Duration) async {
        let start = generation.withLock { $0 }
        let clock = ContinuousClock()
        let end = clock.now + timeout
        while clock.now < end, generation.withLock({ $0 }) == start {
            try? await Task.sleep(for: .milliseconds(25))
        }
    }
}
