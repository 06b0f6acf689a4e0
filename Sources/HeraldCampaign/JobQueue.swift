/// Where a worker's jobs come from. PostgreSQL (HeraldPostgres) is one source; a Kafka
/// consumer group or a cloud queue is another, and the rendering (`JobRunner`) does not
/// change with it. A claimed job belongs to the claimer until it is answered through the
/// sink, released, or its claim lapses (the source hands it out again).
public protocol JobSource: Sendable {
    /// Up to `limit` jobs, claimed for this worker; empty when none is ready now.
    func claim(limit: Int) async throws -> [CampaignJob]
    /// Gives claimed jobs back unanswered (a worker stopping), as if never claimed.
    func release(_ jobs: [CampaignJob]) async throws
    /// Returns when jobs may be ready (a notification, or `timeout` passed).
    func waitForJobs(timeout: Duration) async throws
}

/// Where a worker's answers go. `record` stores each result and ends its job in one
/// atomic step, and only for jobs still claimed by this worker: every job ends with exactly
/// one result, however many workers claimed it over time.
public protocol ResultSink: Sendable {
    /// Records `results`; returns how many were recorded (the rest were no longer this
    /// worker's: their claim lapsed and another worker took them).
    func record(_ results: [JobResult]) async throws -> Int
}
