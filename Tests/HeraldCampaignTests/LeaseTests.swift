import HeraldCampaign
import HeraldRender
import HeraldStage
import HeraldTestSupport
import Testing
@testable import HeraldPostgres

/// Leases on the real database, driven through the library (no waiting on the clock: an
/// expiry is made by moving the lease's end into the past).
@Suite(.enabled(if: PostgresServer.shouldRun, PostgresServer.skipNote)) struct LeaseTests {
    static func connect(_ url: String) async throws -> Database { try await Database.connect(try DatabaseURL(url)) }

    static func enqueueFormat(_ count: Int, _ url: String) async throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(CampaignFixtures.formatLines(count).joined(separator: "\n"), to: "f.jsonl")
        let queued = try await CampaignFixtures.run(["enqueue", "--database", url, "--campaign", "lease", "--kind", "format", file])
        #expect(queued.status == 0, "\(queued.stderr)")
    }

    static func expire(_ worker: String, in database: Database) async throws {
        try await database.rows("UPDATE herald_leases SET expires_at = now() - interval '1 second' WHERE worker_id = \(worker)", "expire")
    }

    @Test func anEndedLeasesJobsAreClaimedAgainAndAnsweredOnce() async throws {
        let url = try await CampaignFixtures.migratedDatabase()
        try await Self.enqueueFormat(10, url)
        let a = try await Self.connect(url)
        let b = try await Self.connect(url)
        let wakeups = Wakeups()
        let leaseA = WorkerLease(worker: "a", seconds: 60, database: a)
        let leaseB = WorkerLease(worker: "b", seconds: 60, database: b)
        try await leaseA.renew()
        try await leaseB.renew()
        let queueA = PostgresQueue(database: a, worker: "a", wakeups: wakeups)
        let queueB = PostgresQueue(database: b, worker: "b", wakeups: wakeups)
        let held = try await queueA.claim(limit: 10)
        #expect(held.count == 10)
        #expect(held.allSatisfy { $0.attempts == 1 })
        // A live lease keeps the jobs from everyone else.
        #expect(try await queueB.claim(limit: 10).isEmpty)
        // Worker a "dies": its lease ends, and b takes the jobs over — each alone, since any
        // of them may be what killed a.
        try await Self.expire("a", in: a)
        var taken: [CampaignJob] = []
        for _ in 0..<10 {
            let one = try await queueB.claim(limit: 10)
            #expect(one.count == 1)
            taken += one
        }
        #expect(taken.map(\.id) == held.map(\.id))
        #expect(taken.allSatisfy { $0.attempts == 2 })
        // a comes back and answers late: nothing of it is recorded; b's answers are.
        let answers = held.map { JobResult(jobID: $0.id, answer: "{\"late\":true}", failure: nil) }
        #expect(try await queueA.record(answers) == 0)
        let right = taken.map { JobResult(jobID: $0.id, answer: "{\"text\":\"ok\"}", failure: nil) }
        #expect(try await queueB.record(right) == 10)
        #expect(try await queueB.record(right) == 0)
        #expect(try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_results WHERE worker = 'b'") == 10)
        #expect(try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_results") == 10)
        await a.close()
        await b.close()
    }

    @Test func aJobWhoseWorkersKeepDyingIsFailedNotRetriedForever() async throws {
        let url = try await CampaignFixtures.migratedDatabase()
        try await Self.enqueueFormat(1, url)
        let db = try await Self.connect(url)
        let wakeups = Wakeups()
        let catalog = try Catalog(root: CampaignFixtures.tables)
        let runner = JobRunner(
            stage: Stage(configuration: StageConfiguration(catalog: catalog)),
            format: .init(renderer: Renderer(catalog: catalog)), maximumAttempts: 2)
        for attempt in 1...2 {
            let lease = WorkerLease(worker: "w\(attempt)", seconds: 60, database: db)
            try await lease.renew()
            let claimed = try await PostgresQueue(database: db, worker: "w\(attempt)", wakeups: wakeups).claim(limit: 1)
            #expect(claimed.map(\.attempts) == [attempt])
            try await Self.expire("w\(attempt)", in: db)
        }
        try await WorkerLease(worker: "last", seconds: 60, database: db).renew()
        let last = PostgresQueue(database: db, worker: "last", wakeups: wakeups)
        let tally = try await CampaignWorker(source: last, sink: last, runner: runner, settings: .init(exitWhenIdle: true)).run()
        #expect(tally.recorded == 1)
        #expect(tally.failed == 1)
        #expect(try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_results WHERE NOT ok AND reason LIKE '%given up after 2 attempts%'") == 1)
        // A released job is not counted as an attempt.
        await db.close()
    }

    @Test func releasedJobsGoBackWithoutCountingAnAttempt() async throws {
        let url = try await CampaignFixtures.migratedDatabase()
        try await Self.enqueueFormat(3, url)
        let db = try await Self.connect(url)
        try await WorkerLease(worker: "r", seconds: 60, database: db).renew()
        let queue = PostgresQueue(database: db, worker: "r", wakeups: Wakeups())
        let claimed = try await queue.claim(limit: 3)
        try await queue.release(claimed)
        let again = try await queue.claim(limit: 3)
        #expect(again.map(\.id) == claimed.map(\.id))
        #expect(again.allSatisfy { $0.attempts == 1 })
        await db.close()
    }
}
