import Foundation
import Glibc
import HeraldCampaign
import HeraldRender
import HeraldStage
import HeraldTestSupport
import Testing
@testable import HeraldPostgres

/// Jobs that carry many requests (`herald enqueue --requests-per-job`, issue 37): answered
/// as the batch answers the same lines, exactly once through a SIGKILL, and a request that
/// kills its worker still uses up only its own attempts.
@Suite(.enabled(if: PostgresServer.shouldRun, PostgresServer.skipNote)) struct ManyRequestJobsTests {
    static func enqueue(_ url: String, _ campaign: String, _ kind: String, _ file: String, perJob: Int) async throws -> String {
        let queued = try await CampaignFixtures.run(
            ["enqueue", "--database", url, "--campaign", campaign, "--kind", kind, "--requests-per-job", String(perJob), file])
        #expect(queued.status == 0, "\(queued.stderr)")
        return queued.stderr
    }

    /// Format and render files cut into jobs of many requests, poison lines among them:
    /// the results are the batch's output, the status counts requests, and enqueueing
    /// again adds nothing.
    @Test func jobsOfManyRequestsAnswerAsTheBatchDoes() async throws {
        let url = try await CampaignFixtures.migratedDatabase()
        let folder = try TemporaryFolder()
        let store = folder.path("store")
        var formatLines = CampaignFixtures.formatLines(2_500)
        formatLines[1_234] = #"{"key": "lottery.loss.body", "locale": 7}"#
        formatLines[2_000] = "{not json"
        formatLines[10] = "   "  // blank: no request, as in the batch
        let formats = try folder.write(formatLines.joined(separator: "\n") + "\n", to: "formats.jsonl")
        var renderLines = CampaignFixtures.renderLines(300)
        renderLines[7] = #"{"id":"no-payload","locale":"de"}"#
        let renders = try folder.write(renderLines.joined(separator: "\n") + "\n", to: "renders.jsonl")
        #expect(try await Self.enqueue(url, "f", "format", formats, perJob: 1_000).contains("2499 new, 0 already queued"))
        #expect(try await Self.enqueue(url, "r", "render", renders, perJob: 64).contains("300 new, 0 already queued"))
        // Jobs of up to 1,000 requests: lines 1–1001 (less the blank line 11), 1002–2001, 2002–2500.
        #expect(try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_jobs WHERE kind = 'format'") == 3)
        #expect(try await CampaignFixtures.count(url, "SELECT sum(requests) FROM herald_jobs") == 2_799)
        #expect(try await Self.enqueue(url, "f", "format", formats, perJob: 1_000).contains("0 new, 2499 already queued"))
        let run = try await CampaignFixtures.run(
            ["worker", "--database", url, "--exit-when-idle", "--batch-size", "1500"] + CampaignFixtures.workerFlags(store: store))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try await WorkerRunTests.results(url, "f") == CampaignFixtures.batchOutput("format", file: formats, store: store))
        #expect(try await WorkerRunTests.results(url, "r") == CampaignFixtures.batchOutput("render", file: renders, store: store))
        let status = try await CampaignFixtures.run(["campaign", "status", "--database", url, "--campaign", "f", "--format", "json"])
        #expect(status.stdout.contains(#""total":2499,"queued":0,"running":0,"done":2497,"failed":2"#), "\(status.stdout)")
        #expect(try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_results WHERE reason LIKE '%line 1235:%'") == 1)
    }

    /// 60,000 format requests in jobs of 500, four workers, one killed with SIGKILL while
    /// it holds jobs: every request is answered exactly once, in request order.
    @Test func fourWorkersOneKilledEveryRequestExactlyOnce() async throws {
        let url = try await CampaignFixtures.migratedDatabase()
        let folder = try TemporaryFolder()
        let store = folder.path("store")
        let formats = try folder.write(CampaignFixtures.formatLines(60_000).joined(separator: "\n") + "\n", to: "formats.jsonl")
        _ = try await Self.enqueue(url, "big", "format", formats, perJob: 500)
        let flags = ["worker", "--database", url, "--batch-size", "1000", "--lease-seconds", "15", "--poll-ms", "200"]
            + CampaignFixtures.workerFlags(store: store)
        let workers = try (0..<4).map { _ in try Subprocess.Running(CampaignFixtures.worker(), flags) }
        defer { for w in workers { kill(w.processIdentifier, SIGKILL) } }
        // Killed while it holds a claim (its jobs come back when its lease ends) — or, when the
        // other three were quicker and drained the queue before it claimed anything, once
        // every job has ended (nothing is then held: the counts below still must hold).
        try await WorkerRunTests.waitUntil("the first worker holds jobs, or every job has ended", tries: 36_000) {
            if try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_jobs WHERE state = 'running' AND lease_owner LIKE '%:\(workers[0].processIdentifier):%'") > 0 {
                return true
            }
            return try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_jobs WHERE state IN ('queued', 'running')") == 0
        }
        kill(workers[0].processIdentifier, SIGKILL)
        #expect(await workers[0].finished().status == SIGKILL)
        try await WorkerRunTests.waitUntil("every job has ended", tries: 36_000) {
            try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_jobs WHERE state IN ('queued', 'running')") == 0
        }
        for w in workers.dropFirst() { kill(w.processIdentifier, SIGTERM) }
        for w in workers.dropFirst() {
            let stopped = await w.finished()
            #expect(stopped.status == 0, "\(stopped.stderr)")
        }
        #expect(try await CampaignFixtures.count(url, "SELECT sum(requests) FROM herald_results") == 60_000)
        #expect(try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_jobs j LEFT JOIN herald_results r ON r.job_id = j.id WHERE r.job_id IS NULL AND j.state <> 'split'") == 0)
        #expect(try await WorkerRunTests.results(url, "big") == CampaignFixtures.batchOutput("format", file: formats, store: store))
    }

    /// One job of ten requests, one of which kills its holder whenever it is run: the job
    /// is split into single jobs once its holder died, and only the killing request is given
    /// up on, after its own three attempts; the other nine are answered.
    @Test func aRequestThatKillsItsWorkerIsSplitOutOfItsJob() async throws {
        let url = try await CampaignFixtures.migratedDatabase()
        let folder = try TemporaryFolder()
        let file = try folder.write(CampaignFixtures.formatLines(10).joined(separator: "\n"), to: "f.jsonl")
        _ = try await Self.enqueue(url, "poison", "format", file, perJob: 10)
        let db = try await LeaseTests.connect(url)
        let catalog = try Catalog(root: CampaignFixtures.tables)
        let runner = JobRunner(
            stage: Stage(configuration: StageConfiguration(catalog: catalog)),
            format: .init(renderer: Renderer(catalog: catalog)), maximumAttempts: 3)
        var deaths = 0
        for round in 1...100 {
            if try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_jobs WHERE state IN ('queued', 'running')") == 0 { break }
            let name = "w\(round)"
            try await WorkerLease(worker: name, seconds: 600, database: db).renew()
            let queue = PostgresQueue(database: db, worker: name, wakeups: Wakeups())
            let claimed = try await queue.claim(limit: 10)
            if claimed.contains(where: { job in job.attempts <= runner.maximumAttempts && job.lines.contains { $0.number == 5 } }) {
                deaths += 1
                try await LeaseTests.expire(name, in: db)
                continue
            }
            _ = try await queue.record(await runner.answer(claimed))
        }
        #expect(deaths == 3)
        #expect(try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_jobs WHERE state = 'split'") == 1)
        #expect(try await CampaignFixtures.count(url, "SELECT sum(requests) FROM herald_results") == 10)
        #expect(try await CampaignFixtures.count(url, "SELECT sum(failures) FROM herald_results") == 1)
        #expect(
            try await CampaignFixtures.count(
                url, "SELECT count(*) FROM herald_results WHERE NOT ok AND reason LIKE 'line 5: given up after 3 attempts%'") == 1)
        await db.close()
    }
}

/// `herald campaign delete`: a finished campaign's rows go; an unfinished one is kept
/// unless forced.
@Suite(.enabled(if: PostgresServer.shouldRun, PostgresServer.skipNote)) struct CampaignDeleteTests {
    @Test func aFinishedCampaignIsDeletedAndAnUnfinishedOneKept() async throws {
        let url = try await CampaignFixtures.migratedDatabase()
        let folder = try TemporaryFolder()
        let file = try folder.write(CampaignFixtures.formatLines(25).joined(separator: "\n"), to: "f.jsonl")
        _ = try await ManyRequestJobsTests.enqueue(url, "done", "format", file, perJob: 10)
        let kept = try await CampaignFixtures.run(["campaign", "delete", "--database", url, "--campaign", "done"])
        #expect(kept.status == 1)
        #expect(kept.stderr.contains("has 3 jobs queued or running"), "\(kept.stderr)")
        let run = try await CampaignFixtures.run(
            ["worker", "--database", url, "--exit-when-idle"] + CampaignFixtures.workerFlags(store: folder.path("s")))
        #expect(run.status == 0, "\(run.stderr)")
        _ = try await ManyRequestJobsTests.enqueue(url, "open", "format", file, perJob: 1)
        let deleted = try await CampaignFixtures.run(["campaign", "delete", "--database", url, "--campaign", "done"])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(deleted.stderr.contains("25 requests in 3 jobs"), "\(deleted.stderr)")
        #expect(try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_results") == 0)
        // The other campaign is untouched; forced, it goes too.
        #expect(try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_jobs") == 25)
        let forced = try await CampaignFixtures.run(["campaign", "delete", "--database", url, "--campaign", "open", "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_jobs") == 0)
        #expect(try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_campaigns") == 0)
    }
}

/// `herald db migrate` and `herald campaign results` on a server that went away: an error,
/// never a wait for an answer that cannot come (postgres-nio does not fail a statement
/// written to a connection the server closed). The bound is the calls returning.
@Suite(.enabled(if: PostgresServer.shouldRun, PostgresServer.skipNote)) struct ClosedConnectionTests {
    @Test func migrateAndResultsEndWithAnErrorOnAStoppedServer() async throws {
        let server = try PostgresServer(durable: true)
        defer { server.stop() }
        let url = try await FailoverTests.migrated(server)
        let db = try await LeaseTests.connect(url)
        server.stop()
        try await WorkerRunTests.waitUntil("the connection is closed") { db.connection.isClosed }
        let logger = db.logger
        await #expect(throws: DatabaseError.self) {
            try await db.transaction("migrating") { connection in try await connection.query("SELECT 1", logger: logger) }
        }
        await #expect(throws: DatabaseError.self) { _ = try await db.stream("SELECT 1", "reading results") }
        await #expect(throws: DatabaseError.self) { _ = try await Migrations.migrate(db) }
        await db.close()
    }
}
