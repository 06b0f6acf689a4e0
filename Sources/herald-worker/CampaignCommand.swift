import ArgumentParser
import HeraldCommandLine
import HeraldJSON
import HeraldPostgres

struct CampaignCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "campaign", abstract: "A campaign's progress and results.", subcommands: [Status.self, Results.self, Delete.self])

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Jobs by state, the rate of the last minute, and the time left.")
        @OptionGroup var database: DatabaseOptions
        @Option(name: .customLong("campaign")) var campaign: String
        @Option(name: .customLong("format"), help: "text or json.") var format: String = "text"

        func run() async throws {
            guard format == "text" || format == "json" else { throw CommandFailure.usage("--format must be text or json, found '\(format)'") }
            let status = try await withDatabase(database) { try await CampaignReport.status(campaign, in: $0) }
            var out = BufferedOutput()
            out.write(format == "json" ? status.json + "\n" : status.text)
            out.flush()
        }
    }

    struct Results: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The answers as JSON Lines, in request order (the lines render/format --batch would write).")
        @OptionGroup var database: DatabaseOptions
        @Option(name: .customLong("campaign")) var campaign: String

        func run() async throws {
            var out = BufferedOutput()
            let open = try await withDatabase(database) { try await CampaignReport.results(campaign, in: $0, to: &out) }
            out.flush()
            if open > 0 { CommandMain.say(.note, "\(open) requests have no result yet") }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove a finished campaign: its results, its jobs and its name (read its results first).")
        @OptionGroup var database: DatabaseOptions
        @Option(name: .customLong("campaign")) var campaign: String
        @Flag(name: .customLong("force"), help: "Delete it even with jobs queued or running.") var force = false

        func run() async throws {
            let deleted = try await withDatabase(database) { try await CampaignCleanup.delete(campaign, force: force, in: $0) }
            CommandMain.say(nil, "campaign \(JSONWriter.quote(campaign)) deleted: \(deleted.requests) requests in \(deleted.jobs) jobs")
        }
    }
}
