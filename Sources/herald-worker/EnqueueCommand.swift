import ArgumentParser
import HeraldCampaign
import HeraldCommandLine
import HeraldJSON
import HeraldPostgres

struct EnqueueCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enqueue",
        abstract: "Queue a campaign's requests: the JSON Lines of render --batch or format --batch.",
        discussion: """
            A request is identified in its campaign by its "id" member, or by its line number when it has \
            none (format requests): queueing the same file again adds nothing. Blank lines are skipped. \
            A line the database refuses is said with its line number and not queued; the others are \
            (exit 1 then). Each thousand lines are one transaction.
            """)

    @OptionGroup var database: DatabaseOptions
    @Option(name: .customLong("campaign"), help: "The campaign's name (made on first use).") var campaign: String
    @Option(name: .customLong("kind"), help: "render (push requests) or format (key requests).") var kind: String = "render"
    @Option(
        name: .customLong("requests-per-job"),
        help: "Requests per job (1…10000): a large campaign's jobs each carry many lines, matched again by their line numbers.")
    var requestsPerJob = 1
    @Argument(help: "The JSON Lines file, or - for standard input.") var requests: String

    func run() async throws {
        guard let kind = JobKind(rawValue: kind) else { throw CommandFailure.usage("--kind must be render or format, found '\(kind)'") }
        guard !campaign.isEmpty else { throw CommandFailure.usage("--campaign needs a name") }
        guard (1...10_000).contains(requestsPerJob) else {
            throw CommandFailure.usage("--requests-per-job must be 1…10000, found \(requestsPerJob)")
        }
        let input = try LineReader(path: requests)
        let name = requests == "-" ? "<stdin>" : requests
        let tally = try await withDatabase(database) {
            try await Enqueue.run(input, kind: kind, campaign: campaign, into: $0, requestsPerJob: requestsPerJob) { line, reason in
                CommandMain.report("\(name):\(line): error: \(reason); not queued")
            }
        }
        let refused = tally.refused == 0 ? "" : ", \(tally.refused) refused"
        CommandMain.say(nil, "campaign \(JSONWriter.quote(campaign)): \(tally.added) new, \(tally.alreadyQueued) already queued\(refused)")
        if tally.refused > 0 { throw CommandFailure.exit(.failure) }
    }
}
