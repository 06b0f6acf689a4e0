import HeraldJSON
import PostgresNIO

/// `herald campaign delete`: a finished campaign's results, jobs and name removed, so the
/// tables hold only campaigns in progress (their space is reused after the autovacuum).
public enum CampaignCleanup {
    public struct Deleted: Sendable, Equatable {
        public var jobs = 0
        public var requests = 0
    }

    /// Deletes campaign `name` in one transaction. A campaign with requests still queued or
    /// running is refused unless `force` (its running workers then record nothing for it).
    public static func delete(_ name: String, force: Bool, in database: Database) async throws(DatabaseError) -> Deleted {
        let campaign = try await Enqueue.existingCampaign(name, in: database)
        let logger = database.logger
        let (open, deleted) = try await database.transaction("cannot delete the campaign") { connection -> (Int64, Deleted) in
            // Workers claim and record row by row: locking the campaign's jobs first makes the
            // count and the delete see the same rows.
            var open: Int64 = 0
            var deleted = Deleted()
            for try await (jobs, requests, running) in try await connection.query(
                """
                SELECT count(*), coalesce(sum(requests) FILTER (WHERE state <> 'split'), 0)::bigint,
                       count(*) FILTER (WHERE state IN ('queued', 'running'))
                FROM (SELECT state, requests FROM herald_jobs WHERE campaign_id = \(campaign) FOR UPDATE) j
                """, logger: logger
            ).decode((Int64, Int64, Int64).self) {
                (deleted.jobs, deleted.requests, open) = (Int(jobs), Int(requests), running)
            }
            if open > 0 && !force { return (open, Deleted()) }
            try await connection.query("DELETE FROM herald_results WHERE campaign_id = \(campaign)", logger: logger)
            try await connection.query("DELETE FROM herald_jobs WHERE campaign_id = \(campaign)", logger: logger)
            try await connection.query("DELETE FROM herald_campaigns WHERE id = \(campaign)", logger: logger)
            return (open, deleted)
        }
        if open > 0 && !force {
            throw DatabaseError("campaign \(JSONWriter.quote(name)) has \(open) jobs queued or running: let it finish, or give --force")
        }
        return deleted
    }
}
