import ArgumentParser
import HeraldCommandLine
import HeraldService

@main
struct HeraldServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "herald-server", abstract: "Herald as an HTTP service.")
    func run() async throws {}
}
