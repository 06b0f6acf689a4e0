import Foundation
import Glibc
import HeraldCampaign
import HeraldRender
import HeraldStage
import HeraldTestSupport
import Testing
@testable import HeraldPostgres

/// A database that restarts or goes away (issue 31, items 8 and 10): each test runs its own
/// server, so that restarting it takes no other test's database down.
@Suite(.enabled(if: PostgresServer.shouldRun, PostgresServer.skipNote)) struct FailoverTests {
    /// A migrated database on `server`.
    static func migrated(_ server: PostgresServer) async throws -> String {
        let url = try await server.makeDatabase()
        let migrated = try await CampaignFixtures.run(["db", "migrate", "--database", url])
        #expect(migrated.status == 0, "\(migrated.stderr)")
        return url
    }

    /// Waits until the worker holds its lease and its `connections` (a loop's each, and
    /// one for the lease).
    static func waitUntilConnected(_ url: String, _ connections: Int) async throws {
        try await WorkerRunTests.waitUntil("the worker is connected") {
            let leases = try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_leases")
            let open = try await CampaignFixtures.count(
                url, "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")
            return leases == connections - 1 && open == connections
        }
    }

    /// Waits for `worker` to end; a worker still running after `guardSeconds` (a hang, not
    /// slowness: the bound only keeps a broken run from hanging the suite) is killed and
    /// nil returned.
    static func ended(_ worker: Subprocess.Running, guardSeconds: Int = 300) async -> Subprocess.Result? {
        let pid = worker.processIdentifier
        let killer = Task { () -> Bool in
            do { try await Task.sleep(for: .seconds(guardSeconds)) } catch { return false }
            kill(pid, SIGKILL)
            return true
        }
        let result = await worker.finished()
        killer.cancel()
        return await killer.value ? nil : result
    }

    /// An idle worker with two loops keeps working across a restart of the server (it
    /// reconnects), and SIGTERM still ends it cleanly.
    @Test func anIdleWorkerReconnectsAfterARestartAndStopsOnSIGTERM() async throws {
        let server = try PostgresServer(durable: true)
        defer { server.stop() }
        let url = try await Self.migrated(server)
        let folder = try TemporaryFolder()
        let worker = try Subprocess.Running(
            CampaignFixtures.worker(),
            ["worker", "--database", url, "--poll-ms", "100", "--concurrency", "2", "--lease-seconds", "3"]
                + CampaignFixtures.workerFlags(store: folder.path("s")))
        defer { kill(worker.processIdentifier, SIGKILL) }
        try await Self.waitUntilConnected(url, 3)
        try server.restart()
        let file = try folder.write(CampaignFixtures.formatLines(30).joined(separator: "\n"), to: "f.jsonl")
        try await WorkerRunTests.enqueue(url, "after-restart", "format", file)
        do {
            try await WorkerRunTests.waitUntil("the jobs queued after the restart are done", tries: 1_200) {
                try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_jobs WHERE state = 'done'") == 30
            }
        } catch {
            kill(worker.processIdentifier, SIGKILL)
            Issue.record("the worker said: \(await worker.finished().stderr)")
            throw error
        }
        kill(worker.processIdentifier, SIGTERM)
        let stopped = await Self.ended(worker)
        #expect(stopped?.status == 0, "\(stopped?.stderr ?? "the worker did not end on SIGTERM")")
        #expect(stopped?.stderr.contains("reconnect") == true, "\(stopped?.stderr ?? "")")
        #expect(try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_leases") == 0)
    }

    /// A database that does not come back: SIGTERM ends the reconnecting worker (status 1,
    /// saying why) instead of leaving it waiting.
    @Test func sigtermEndsAWorkerWhoseDatabaseIsGone() async throws {
        let server = try PostgresServer(durable: true)
        let url = try await Self.migrated(server)
        let folder = try TemporaryFolder()
        let worker = try Subprocess.Running(
            CampaignFixtures.worker(),
            ["worker", "--database", url, "--poll-ms", "100", "--concurrency", "2"] + CampaignFixtures.workerFlags(store: folder.path("s")))
        defer { kill(worker.processIdentifier, SIGKILL) }
        try await Self.waitUntilConnected(url, 3)
        server.stop()
        // The worker notices on its next poll (every 100 ms) and starts reconnecting.
        try await Task.sleep(for: .seconds(1))
        kill(worker.processIdentifier, SIGTERM)
        let stopped = await Self.ended(worker)
        #expect(stopped != nil, "the worker did not end on SIGTERM")
        #expect(stopped?.status == 1, "\(stopped?.stderr ?? "")")
        #expect(stopped?.stderr.contains("lost the database") == true, "\(stopped?.stderr ?? "")")
    }

    /// A restart between render and record costs no attempt: the loop reconnects and
    /// records what it rendered, its claims still its own.
    @Test func aRestartBetweenRenderAndRecordCostsNoAttempt() async throws {
        let server = try PostgresServer(durable: true)
        defer { server.stop() }
        let url = try await Self.migrated(server)
        try await LeaseTests.enqueueFormat(5, url)
        let db = try await LeaseTests.connect(url)
        let lease = WorkerLease(worker: "w", seconds: 600, database: db)
        try await lease.renew()
        let queue = PostgresQueue(database: db, worker: "w", wakeups: Wakeups(), reconnection: Reconnection())
        let claimed = try await queue.claim(limit: 5)
        #expect(claimed.count == 5)
        let answers = claimed.map { JobResult(jobID: $0.id, answer: "{\"text\":\"ok\"}", failure: nil) }
        try server.restart()
        #expect(try await queue.record(answers) == 5)
        #expect(try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_jobs WHERE state = 'done' AND attempts = 1") == 5)
        await db.close()
    }
}

/// A job that kills every worker that runs it (issue 31, item 10).
@Suite(.enabled(if: PostgresServer.shouldRun, PostgresServer.skipNote)) struct PoisonJobTests {
    /// Ten jobs claimed as one batch, one of which kills its holder whenever it is run:
    /// only that job is given up on; the other nine are answered.
    @Test func aBatchWhoseHolderKeepsDyingFailsOnlyThePoisonJob() async throws {
        let url = try await CampaignFixtures.migratedDatabase()
        try await LeaseTests.enqueueFormat(10, url)
        let db = try await LeaseTests.connect(url)
        let catalog = try Catalog(root: CampaignFixtures.tables)
        let runner = JobRunner(
            stage: Stage(configuration: StageConfiguration(catalog: catalog)),
            format: .init(renderer: Renderer(catalog: catalog)), maximumAttempts: 3)
        let poison = Int64(try await CampaignFixtures.count(url, "SELECT id FROM herald_jobs ORDER BY id OFFSET 4 LIMIT 1"))
        var deaths = 0
        for round in 1...100 {
            if try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_jobs WHERE state IN ('queued', 'running')") == 0 { break }
            let name = "w\(round)"
            try await WorkerLease(worker: name, seconds: 600, database: db).renew()
            let queue = PostgresQueue(database: db, worker: name, wakeups: Wakeups())
            let claimed = try await queue.claim(limit: 10)
            if claimed.contains(where: { $0.id == poison && $0.attempts <= runner.maximumAttempts }) {
                // The worker dies: its lease ends with the batch unanswered.
                deaths += 1
                try await LeaseTests.expire(name, in: db)
                continue
            }
            _ = try await queue.record(await runner.answer(claimed))
        }
        #expect(deaths == 3)
        #expect(try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_jobs WHERE state = 'done'") == 9)
        #expect(try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_jobs WHERE state = 'failed' AND id = \(poison)") == 1)
        #expect(
            try await CampaignFixtures.count(
                url, "SELECT count(*) FROM herald_results WHERE NOT ok AND reason LIKE '%given up after 3 attempts%'") == 1)
        await db.close()
    }
}
