import HeraldDiagnostics
public import HeraldJSON
import PostgresNIO

/// `herald campaign status` and `herald campaign results`.
public enum CampaignReport {
    public struct Status: Sendable, Equatable {
        public var campaign: String
        public var queued = 0
        public var running = 0
        public var done = 0
        public var failed = 0
        /// Results recorded in the last minute, per second.
        public var perSecond = 0.0
        public var total: Int { queued + running + done + failed }
        public var remaining: Int { queued + running }
        /// Seconds until every job has a result at the last minute's rate; nil when nothing
        /// was recorded in that minute (and work remains).
        public var etaSeconds: Int? {
            if remaining == 0 { return 0 }
            return perSecond > 0 ? Int((Double(remaining) / perSecond).rounded(.up)) : nil
        }

        /// The status as one JSON object (`--format json`).
        public var json: String {
            var object = JSONObject()
            object["campaign"] = .string(campaign)
            object["total"] = .int(total)
            object["queued"] = .int(queued)
            object["running"] = .int(running)
            object["done"] = .int(done)
            object["failed"] = .int(failed)
            object["perSecond"] = .number(String(format2(perSecond)))
            object["etaSeconds"] = etaSeconds.map { .int($0) } ?? .null
            return JSONWriter.write(.object(object))
        }

        /// The status for a person.
        public var text: String {
            let eta = etaSeconds.map { "\($0) s" } ?? "unknown (no result in the last minute)"
            return """
                campaign \(Excerpt.quoted(campaign)): \(total) jobs
                  queued   \(queued)
                  running  \(running)
                  done     \(done)
                  failed   \(failed)
                  rate     \(format2(perSecond)) results/s (last minute)
                  eta      \(eta)

                """
        }
    }

    /// Two decimals, as JSON and the text show a rate.
    static func format2(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// Counts requests (a job of many requests counts each); `split` jobs are counted
    /// through the single jobs that replaced them.
    public static func status(_ name: String, in database: Database) async throws(DatabaseError) -> Status {
        let campaign = try await Enqueue.existingCampaign(name, in: database)
        var status = Status(campaign: name)
        for row in try await database.rows(
            """
            SELECT j.state, sum(j.requests)::bigint, coalesce(sum(r.failures), 0)::bigint
            FROM herald_jobs j LEFT JOIN herald_results r ON r.job_id = j.id
            WHERE j.campaign_id = \(campaign) AND j.state <> 'split' GROUP BY j.state
            """, "cannot count jobs")
        {
            guard let (state, count, failures) = try? row.decode((String, Int64, Int64).self) else { continue }
            switch state {
            case "queued": status.queued += Int(count)
            case "running": status.running += Int(count)
            case "done", "failed":
                status.done += Int(count - failures)
                status.failed += Int(failures)
            default: break
            }
        }
        let recent = try await database.rows(
            """
            SELECT coalesce(sum(requests), 0)::bigint FROM herald_results
            WHERE campaign_id = \(campaign) AND finished_at > now() - interval '60 seconds'
            """, "cannot read the rate")
        status.perSecond = Double((try? recent.first?.decode(Int64.self)) ?? 0) / 60
        return status
    }

    /// Writes the campaign's answers as JSON Lines in request order (streamed from the
    /// server); returns how many requests have no answer yet.
    public static func results(_ name: String, in database: Database, to out: inout BufferedOutput) async throws -> Int {
        let campaign = try await Enqueue.existingCampaign(name, in: database)
        let rows = try await database.stream(
            """
            SELECT r.answer FROM herald_jobs j JOIN herald_results r ON r.job_id = j.id
            WHERE j.campaign_id = \(campaign) ORDER BY j.seq, j.id
            """, "cannot read results")
        do {
            for try await answer in rows.decode(String.self) {
                out.write(answer)
                out.write("\n")
            }
        } catch {
            throw DatabaseError("cannot read results", error)
        }
        let open = try await database.rows(
            "SELECT coalesce(sum(requests), 0)::bigint FROM herald_jobs WHERE campaign_id = \(campaign) AND state IN ('queued', 'running')",
            "cannot count open jobs")
        return Int((try? open.first?.decode(Int64.self)) ?? 0)
    }
}
