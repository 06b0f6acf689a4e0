import ArgumentParser
import HeraldCommandLine
import HeraldPostgres

@main
struct HeraldWorker: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "herald-worker", abstract: "Campaigns on PostgreSQL.")
    func run() async throws {}
}
