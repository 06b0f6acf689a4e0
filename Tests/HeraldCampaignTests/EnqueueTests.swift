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
