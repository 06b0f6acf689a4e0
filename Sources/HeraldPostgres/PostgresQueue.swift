public import HeraldCampaign
import HeraldSync
import PostgresNIO

/// The PostgreSQL job source and result sink of one worker loop (its own connection).
/// Claims take ready jobs with `FOR UPDATE SKIP LOCKED` and mark them this loop's;
/// `record` writes the results and ends their jobs in one statement, only for jobs still
/// this loop's.
///
/// Attempts belong to a job, not to a claim: a job whose holder's lease ended (the worker
/// was killed while holding it) is a suspect, and a suspect is claimed alone, so a job
/// that kills its worker uses up only its own attempts, and the other jobs of its batch
/// are answered on their next claim.
///
/// With a `Reconnection`, a lost connection is made again (with backoff) and the
/// statement tried again: `record` is safe to repeat (it only ends jobs still this loop's,
/// and a job has one result), so a server restart between render and record costs no
/// attempt; after a `claim` whose answer was lost, the loop first gives back whatever the
/// lost claim may have taken.
public final class PostgresQueue: JobSource, ResultSink {
    let database: Database
    let worker: String
    let wakeups: Wakeups
    let reconnection: Reconnection?

    /// `worker` names this loop: it holds the jobs it claims (a `WorkerLease` renews it).
    public init(database: Database, worker: String, wakeups: Wakeups, reconnection: Reconnection? = nil) {
        self.database = database
        self.worker = worker
        self.wakeups = wakeups
        self.reconnection = reconnection
    }

    /// Jobs running for this loop go back to the queue, their claim not counted.
    func releaseAll() async throws(DatabaseError) {
        try await database.rows(
            """
            UPDATE herald_jobs SET state = 'queued', lease_owner = NULL, attempts = greatest(attempts - 1, 0)
            WHERE state = 'running' AND lease_owner = \(worker)
            """, "cannot release jobs")
    }

    public func claim(limit: Int) async throws -> [CampaignJob] {
        while true {
            let rows = try await database.retrying(reconnection, afterReconnecting: releaseAll) { () async throws(DatabaseError) in
                try await self.claimRows(limit: limit)
            }
            let jobs = try Self.jobs(rows)
            // A job of many requests claimed again after its holder died is split into
            // single jobs, each a suspect claimed alone: a request that kills its worker
            // uses up only its own attempts.
            guard let suspect = jobs.first, jobs.count == 1, suspect.lines.count > 1, suspect.attempts > 1 else { return jobs }
            try await database.retrying(reconnection) { () async throws(DatabaseError) in try await self.split(suspect) }
        }
    }

    /// One claim: a suspect alone when there is one, else queued jobs in id order, as many
    /// as hold up to `limit` requests (at least one job).
    func claimRows(limit: Int) async throws(DatabaseError) -> [PostgresRow] {
        try await database.rows(
            """
            WITH suspect AS (
                SELECT j.id FROM herald_jobs j
                WHERE j.state = 'running' AND NOT EXISTS (
                    SELECT 1 FROM herald_leases l WHERE l.worker_id = j.lease_owner AND l.expires_at > now())
                ORDER BY j.id
                LIMIT 1
                FOR UPDATE OF j SKIP LOCKED),
            queued AS (
                SELECT j.id, j.requests FROM herald_jobs j
                WHERE j.state = 'queued' AND NOT EXISTS (SELECT 1 FROM suspect)
                ORDER BY j.id
                LIMIT \(limit)
                FOR UPDATE OF j SKIP LOCKED),
            picked AS (
                SELECT id FROM suspect
                UNION ALL
                SELECT id FROM (SELECT id, sum(requests) OVER (ORDER BY id) - requests AS before FROM queued) q
                WHERE before < \(limit))
            UPDATE herald_jobs j SET state = 'running', lease_owner = \(worker), attempts = j.attempts + 1
            FROM picked WHERE j.id = picked.id
            RETURNING j.id, j.kind, j.line_number, j.request, j.attempts, j.lines, j.line_numbers
            """, "cannot claim jobs")
    }

    /// Replaces `job` (of many requests, held by this loop) with a single job per request,
    /// each running under no lease (a suspect) with the attempts the job had before this
    /// claim; the job is marked `split`. Safe to run twice: only a job this loop holds is split.
    func split(_ job: CampaignJob) async throws(DatabaseError) {
        let requests = job.lines.map { ByteBuffer(bytes: $0.request ?? []) }
        let numbers = job.lines.map { Int64($0.number) }
        try await database.rows(
            """
            WITH parent AS (
                UPDATE herald_jobs SET state = 'split', lease_owner = NULL
                WHERE id = \(job.id) AND state = 'running' AND lease_owner = \(worker)
                RETURNING *)
            INSERT INTO herald_jobs (campaign_id, request_key, seq, line_number, locale, kind, request, state, attempts, lease_owner)
            SELECT p.campaign_id, p.request_key || '#' || part.n, p.seq + (part.line - p.line_number), part.line, p.locale, p.kind,
                   NULLIF(part.request, ''::bytea), 'running', p.attempts - 1, 'split:' || p.id
            FROM parent p, unnest(\(requests)::bytea[], \(numbers)::bigint[]) WITH ORDINALITY AS part (request, line, n)
            ON CONFLICT (campaign_id, request_key) DO NOTHING
            """, "cannot split a job")
    }

    static func jobs(_ rows: [PostgresRow]) throws -> [CampaignJob] {
        var jobs: [CampaignJob] = []
        jobs.reserveCapacity(rows.count)
        for row in rows {
            let (id, kindName, line, request, attempts, lines, numbers) =
                try row.decode((Int64, String, Int64, ByteBuffer?, Int32, ByteBuffer?, [Int64]?).self)
            let kind = JobKind(rawValue: kindName) ?? .render
            if let lines, let numbers, !numbers.isEmpty {
                jobs.append(CampaignJob(id: id, kind: kind, lines: Self.lines(lines, numbers), attempts: Int(attempts)))
            } else {
                jobs.append(
                    CampaignJob(
                        id: id, kind: kind, lineNumber: Int(line),
                        request: request.map { Array($0.readableBytesView) }, attempts: Int(attempts)))
            }
        }
        return jobs.sorted { $0.id < $1.id }
    }

    /// The requests of a job of many: `bytes` holds each followed by a newline (an empty
    /// one: a line too long to queue), `numbers` their line numbers.
    static func lines(_ bytes: ByteBuffer, _ numbers: [Int64]) -> [CampaignJob.Line] {
        var lines: [CampaignJob.Line] = []
        lines.reserveCapacity(numbers.count)
        bytes.withUnsafeReadableBytes { raw in
            var start = 0
            for end in raw.indices where raw[end] == UInt8(ascii: "\n") {
                guard lines.count < numbers.count else { break }
                let line = Array(raw[start..<end])
                lines.append(CampaignJob.Line(number: Int(numbers[lines.count]), request: line.isEmpty ? nil : line))
                start = end + 1
            }
        }
        return lines
    }

    /// `text` as PostgreSQL's text can hold it: U+0000 (which a failure's reason may quote
    /// from its request) written as `\u0000`.
    static func storable(_ text: String) -> String {
        guard text.utf8.contains(0) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar == "\u{0}" { out += "\\u0000" } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    public func release(_ jobs: [CampaignJob]) async throws {
        guard !jobs.isEmpty else { return }
        _ = try await database.retrying(reconnection) { () async throws(DatabaseError) in
            try await self.database.rows(
                """
                UPDATE herald_jobs SET state = 'queued', lease_owner = NULL, attempts = greatest(attempts - 1, 0)
                WHERE id = ANY(\(jobs.map(\.id))::bigint[]) AND state = 'running' AND lease_owner = \(self.worker)
                """, "cannot release jobs")
        }
    }

    public func waitForJobs(timeout: Duration) async throws {
        await wakeups.wait(timeout: timeout)
    }

    public func record(_ results: [JobResult]) async throws -> Int {
        guard !results.isEmpty else { return 0 }
        var retried = false
        let recorded = try await database.retrying(reconnection, afterReconnecting: { retried = true }) {
            () async throws(DatabaseError) in try await self.recordOnce(results)
        }
        guard retried else { return recorded }
        // The statement lost with the connection may have been committed: count what this
        // loop holds a result of, whichever try wrote it.
        let rows = try await database.rows(
            "SELECT count(*) FROM herald_results WHERE job_id = ANY(\(results.map(\.jobID))::bigint[]) AND worker = \(worker)",
            "cannot count recorded results")
        return Int((try? rows.first?.decode(Int64.self)) ?? 0)
    }

    func recordOnce(_ results: [JobResult]) async throws(DatabaseError) -> Int {
        let rows = try await database.rows(
            """
            WITH input AS (
                SELECT * FROM unnest(\(results.map(\.jobID))::bigint[], \(results.map(\.answer))::text[],
                                     \(results.map { Self.storable($0.failure ?? "") })::text[],
                                     \(results.map { Int64($0.failures) })::bigint[], \(results.map { Int64($0.requests) })::bigint[])
                    AS input (id, answer, reason, failures, requests)),
            ended AS (
                UPDATE herald_jobs j SET state = CASE WHEN input.failures = 0 THEN 'done' ELSE 'failed' END, lease_owner = NULL
                FROM input WHERE j.id = input.id AND j.state = 'running' AND j.lease_owner = \(worker)
                RETURNING j.id, j.campaign_id, input.failures, input.requests, input.answer, input.reason)
            INSERT INTO herald_results (job_id, campaign_id, ok, answer, reason, worker, failures, requests)
            SELECT id, campaign_id, failures = 0, answer, NULLIF(reason, ''), \(worker), failures, requests FROM ended
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
