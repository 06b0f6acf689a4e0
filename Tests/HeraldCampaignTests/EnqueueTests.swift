import Foundation
import HeraldTestSupport
import Testing

@Suite(.enabled(if: PostgresServer.shouldRun, PostgresServer.skipNote)) struct EnqueueTests {
    @Test func enqueueingTheSameFileTwiceQueuesNothingNew() async throws {
        let url = try await CampaignFixtures.migratedDatabase()
        let folder = try TemporaryFolder()
        // Format lines have no id: they are known by line number. A blank line is no request.
        let formats = try folder.write((CampaignFixtures.formatLines(40) + ["   "]).joined(separator: "\n") + "\n", to: "f.jsonl")
        // Render lines are known by id: the repeated id is one request.
        let renders = try folder.write(
            (CampaignFixtures.renderLines(10) + [CampaignFixtures.renderLines(1)[0]]).joined(separator: "\n"), to: "r.jsonl")
        for (file, kind, new, again) in [(formats, "format", 40, 0), (renders, "render", 10, 1)] {
            let first = try await CampaignFixtures.run(["enqueue", "--database", url, "--campaign", "c-\(kind)", "--kind", kind, file])
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stderr.contains("\(new) new, \(again) already queued"), "\(first.stderr)")
            let second = try await CampaignFixtures.run(["enqueue", "--database", url, "--campaign", "c-\(kind)", "--kind", kind, file])
            #expect(second.status == 0, "\(second.stderr)")
            #expect(second.stderr.contains("0 new, \(new + again) already queued"), "\(second.stderr)")
        }
        #expect(try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_jobs") == 50)
        // The same file in another campaign is that campaign's own.
        let other = try await CampaignFixtures.run(["enqueue", "--database", url, "--campaign", "other", "--kind", "format", formats])
        #expect(other.stderr.contains("40 new, 0 already queued"), "\(other.stderr)")
    }

    @Test func enqueueReadsStandardInputAndRefusesBadFlags() async throws {
        let url = try await CampaignFixtures.migratedDatabase()
        let lines = CampaignFixtures.formatLines(3).joined(separator: "\n")
        let piped = try await CampaignFixtures.run(
            ["enqueue", "--database", url, "--campaign", "stdin", "--kind", "format", "-"], stdin: Data(lines.utf8))
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stderr.contains("3 new"))
        let badKind = try await CampaignFixtures.run(["enqueue", "--database", url, "--campaign", "x", "--kind", "push", "-"])
        #expect(badKind.status == 2)
        #expect(badKind.stderr.contains("--kind must be render or format"))
        let missing = try await CampaignFixtures.run(["enqueue", "--database", url, "--campaign", "x", "/nonexistent/requests.jsonl"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("/nonexistent/requests.jsonl"))
        let unknown = try await CampaignFixtures.run(["campaign", "status", "--database", url, "--campaign", "nope"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("no campaign named \"nope\""))
    }
}

/// One bad line does not stop `herald enqueue` (issue 31, item 9).
@Suite(.enabled(if: PostgresServer.shouldRun, PostgresServer.skipNote)) struct EnqueueBadLineTests {
    /// A locale PostgreSQL's text cannot hold (U+0000) is queued like any request: the
    /// worker answers it with the batch's own error, so nothing before or after it is lost.
    @Test func aLocaleWithANulIsQueuedWithTheRest() async throws {
        let url = try await CampaignFixtures.migratedDatabase()
        let folder = try TemporaryFolder()
        var lines = CampaignFixtures.formatLines(2_500)
        lines[1_499] = #"{"key":"lottery.title","locale":"en\u0000","args":["x"]}"#
        let file = try folder.write(lines.joined(separator: "\n") + "\n", to: "f.jsonl")
        let queued = try await CampaignFixtures.run(["enqueue", "--database", url, "--campaign", "nul", "--kind", "format", file])
        #expect(queued.status == 0, "\(queued.stderr)")
        #expect(queued.stderr.contains("2500 new, 0 already queued"), "\(queued.stderr)")
        #expect(try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_jobs") == 2_500)
        let run = try await CampaignFixtures.run(
            ["worker", "--database", url, "--exit-when-idle", "--batch-size", "500"]
                + CampaignFixtures.workerFlags(store: folder.path("s")))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try await WorkerRunTests.results(url, "nul") == CampaignFixtures.batchOutput("format", file: file, store: folder.path("s")))
    }

    /// A line the database refuses is said with its line number and left out; every other
    /// line of its INSERT, and of the file, is queued; the exit status says one was refused.
    @Test func aRefusedLineIsSaidWithItsNumberAndTheRestAreQueued() async throws {
        let url = try await CampaignFixtures.migratedDatabase()
        // A rule of this database that one line breaks (as a trigger or a constraint of a
        // site's own might).
        try await CampaignFixtures.execute(
            url, "ALTER TABLE herald_jobs ADD CONSTRAINT site_rule CHECK (locale IS DISTINCT FROM 'xx-refused')")
        let folder = try TemporaryFolder()
        var lines = CampaignFixtures.formatLines(2_500)
        lines[1_499] = #"{"key":"lottery.title","locale":"xx-refused","args":["x"]}"#
        let file = try folder.write(lines.joined(separator: "\n") + "\n", to: "f.jsonl")
        let queued = try await CampaignFixtures.run(["enqueue", "--database", url, "--campaign", "refused", "--kind", "format", file])
        #expect(queued.status == 1, "\(queued.stderr)")
        #expect(queued.stderr.contains("f.jsonl:1500: error: "), "\(queued.stderr)")
        #expect(queued.stderr.contains("site_rule"), "\(queued.stderr)")
        #expect(queued.stderr.contains("2499 new, 0 already queued, 1 refused"), "\(queued.stderr)")
        #expect(try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_jobs") == 2_499)
        #expect(try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_jobs WHERE line_number = 1500") == 0)
    }
}
