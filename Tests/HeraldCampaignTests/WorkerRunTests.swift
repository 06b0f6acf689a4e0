import Foundation
import Glibc
import HeraldTestSupport
import Testing

/// herald-worker as it runs in production: subprocesses sharing one real PostgreSQL.
@Suite(.enabled(if: PostgresServer.shouldRun, PostgresServer.skipNote)) struct WorkerRunTests {
    /// Waits (without a timing check: the bound only keeps a broken run from hanging the
    /// suite) until `condition` holds.
    static func waitUntil(_ what: String, tries: Int = 6_000, _ condition: () async throws -> Bool) async throws {
        for _ in 0..<tries {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("gave up waiting until \(what)")
        throw CancellationError()
    }

    static func enqueue(_ url: String, _ campaign: String, _ kind: String, _ file: String) async throws {
        let queued = try await CampaignFixtures.run(["enqueue", "--database", url, "--campaign", campaign, "--kind", kind, file])
        #expect(queued.status == 0, "\(queued.stderr)")
    }

    static func results(_ url: String, _ campaign: String) async throws -> String {
        let results = try await CampaignFixtures.run(["campaign", "results", "--database", url, "--campaign", campaign])
        #expect(results.status == 0, "\(results.stderr)")
        return results.stdout
    }

    /// 100,000 format jobs and 600 render jobs, 4 workers, one killed with SIGKILL mid-run:
    /// every job ends with exactly one result, and the results are the lines `herald
    /// format --batch` / `render --batch` write for the same files, in the same order.
    @Test func fourWorkersOneKilledEveryJobExactlyOnce() async throws {
        let url = try await CampaignFixtures.migratedDatabase()
        let folder = try TemporaryFolder()
        let store = folder.path("store")
        var formatLines = CampaignFixtures.formatLines(100_000)
        formatLines[77_777] = #"{"key": "lottery.loss.body", "locale": 7}"#  // a poison job among them
        let formats = try folder.write(formatLines.joined(separator: "\n") + "\n", to: "formats.jsonl")
        let renders = try folder.write(CampaignFixtures.renderLines(600).joined(separator: "\n") + "\n", to: "renders.jsonl")
        try await Self.enqueue(url, "big", "format", formats)
        try await Self.enqueue(url, "big-render", "render", renders)
        #expect(try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_jobs") == 100_600)

        // The lease is long beside any pause the machine may impose on a live worker: a
        // worker starved for longer than its lease (a 3 s lease failed under load ~50) has
        // its claims taken as suspects, and three such lapses give a good job up as failed.
        let flags = ["worker", "--database", url, "--batch-size", "250", "--lease-seconds", "15", "--poll-ms", "200"]
            + CampaignFixtures.workerFlags(store: store)
        let workers = try (0..<4).map { _ in try Subprocess.Running(CampaignFixtures.worker(), flags) }
        defer { for w in workers { kill(w.processIdentifier, SIGKILL) } }
        try await Self.waitUntil("a fifth of the jobs have results") {
            try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_results") >= 20_000
        }
        kill(workers[0].processIdentifier, SIGKILL)
        let killed = await workers[0].finished()
        #expect(killed.status == SIGKILL)
        // Bounded only against a hang: three loaded workers may need far more than 10 minutes.
        try await Self.waitUntil("every job has ended", tries: 36_000) {
            try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_jobs WHERE state IN ('queued', 'running')") == 0
        }
        for w in workers.dropFirst() { kill(w.processIdentifier, SIGTERM) }
        for w in workers.dropFirst() {
            let stopped = await w.finished()
            #expect(stopped.status == 0, "\(stopped.stderr)")
        }
        // Exactly one result per job, none lost, none twice.
        #expect(try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_results") == 100_600)
        #expect(try await CampaignFixtures.count(url, "SELECT count(DISTINCT job_id) FROM herald_results") == 100_600)
        #expect(
            try await CampaignFixtures.count(
                url, "SELECT count(*) FROM herald_jobs j LEFT JOIN herald_results r ON r.job_id = j.id WHERE r.job_id IS NULL") == 0)
        #expect(try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_jobs WHERE state = 'failed'") == 1)
        // The killed worker's claims were taken over: more than one worker recorded results.
        #expect(try await CampaignFixtures.count(url, "SELECT count(DISTINCT worker) FROM herald_results") >= 3)
        // The answers are what the batch commands write for the same files, in request order.
        #expect(try await Self.results(url, "big") == CampaignFixtures.batchOutput("format", file: formats, store: store))
        #expect(try await Self.results(url, "big-render") == CampaignFixtures.batchOutput("render", file: renders, store: store))
    }

    /// A poison job (not JSON, no payload, a bad locale, a line too long) ends as a failure
    /// with its reason; the jobs after it are answered.
    @Test func poisonJobsFailWithTheirReasonAndTheQueueGoesOn() async throws {
        let url = try await CampaignFixtures.migratedDatabase()
        let folder = try TemporaryFolder()
        let store = folder.path("store")
        let good = CampaignFixtures.renderLines(5)
        let lines = [
            good[0], "{not json", good[1], #"{"id":"no-payload","locale":"de"}"#, good[2],
            #"{"id":"bad-locale","locale":"x_$$","payload":{"aps":{"alert":"hi"}}}"#,
            #"{"id":"long","locale":"de","payload":""# + String(repeating: "a", count: 1 << 21) + #""}"#, good[3], good[4],
        ]
        let file = try folder.write(lines.joined(separator: "\n") + "\n", to: "poison.jsonl")
        try await Self.enqueue(url, "poison", "render", file)
        let run = try await CampaignFixtures.run(
            ["worker", "--database", url, "--exit-when-idle"] + CampaignFixtures.workerFlags(store: store))
        #expect(run.status == 0, "\(run.stderr)")
        let status = try await CampaignFixtures.run(["campaign", "status", "--database", url, "--campaign", "poison", "--format", "json"])
        #expect(status.stdout.contains(#""total":9,"queued":0,"running":0,"done":5,"failed":4"#), "\(status.stdout)")
        #expect(try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_results WHERE NOT ok AND reason LIKE 'line 2, column%'") == 1)
        #expect(try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_results WHERE NOT ok AND reason LIKE 'line 4: %payload%'") == 1)
        #expect(try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_results WHERE NOT ok AND reason LIKE 'line 7: the line is longer%'") == 1)
        #expect(try await Self.results(url, "poison") == CampaignFixtures.batchOutput("render", file: file, store: store))
    }

    /// SIGTERM: the worker stops, gives its lease up and exits 0.
    @Test func sigtermStopsTheWorkerCleanly() async throws {
        let url = try await CampaignFixtures.migratedDatabase()
        let folder = try TemporaryFolder()
        let worker = try Subprocess.Running(
            CampaignFixtures.worker(),
            ["worker", "--database", url, "--poll-ms", "100", "--concurrency", "2"] + CampaignFixtures.workerFlags(store: folder.path("s")))
        defer { kill(worker.processIdentifier, SIGKILL) }
        // A lease row per loop of the worker (two with --concurrency 2).
        try await Self.waitUntil("the worker holds its leases") {
            try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_leases") == 2
        }
        // Work queued while it waits is taken up (LISTEN/NOTIFY or the poll).
        let file = try folder.write(CampaignFixtures.formatLines(30).joined(separator: "\n"), to: "f.jsonl")
        try await Self.enqueue(url, "late", "format", file)
        try await Self.waitUntil("the late jobs are done") {
            try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_jobs WHERE state = 'done'") == 30
        }
        kill(worker.processIdentifier, SIGTERM)
        let stopped = await worker.finished()
        #expect(stopped.status == 0, "\(stopped.stderr)")
        #expect(stopped.stderr.contains("30 results recorded"), "\(stopped.stderr)")
        #expect(try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_leases") == 0)
    }

    @Test func statusCountsJobsByState() async throws {
        let url = try await CampaignFixtures.migratedDatabase()
        let folder = try TemporaryFolder()
        let file = try folder.write((CampaignFixtures.formatLines(11) + ["[]"]).joined(separator: "\n"), to: "f.jsonl")
        try await Self.enqueue(url, "counted", "format", file)
        let before = try await CampaignFixtures.run(["campaign", "status", "--database", url, "--campaign", "counted", "--format", "json"])
        #expect(before.stdout.contains(#""total":12,"queued":12,"running":0,"done":0,"failed":0,"perSecond":0.00,"etaSeconds":null"#), "\(before.stdout)")
        let run = try await CampaignFixtures.run(
            ["worker", "--database", url, "--exit-when-idle", "--batch-size", "5"] + CampaignFixtures.workerFlags(store: folder.path("s")))
        #expect(run.status == 0, "\(run.stderr)")
        let after = try await CampaignFixtures.run(["campaign", "status", "--database", url, "--campaign", "counted"])
        #expect(after.status == 0)
        #expect(after.stdout.contains("12 jobs"))
        #expect(after.stdout.contains("done     11"))
        #expect(after.stdout.contains("failed   1"))
        #expect(after.stdout.contains("eta      0 s"))
    }
}
