// herald-net: the network half of `herald`, in its own process so that the
// `herald` binary never loads an HTTP stack (SwiftNIO, AsyncHTTPClient, TLS):
// `herald render` runs `herald-net fetch` only when a push carries media, and
// `herald receipts flush` hands over to `herald-net flush`. Found beside the
// `herald` binary (or at $HERALD_NET).
import ArgumentParser
import HeraldCommandLine
import HeraldNetwork

@main
struct HeraldNet: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "herald-net",
        abstract: "Network helper of herald: media downloads and receipt delivery.",
        discussion: "Run by `herald render` (fetch) and `herald receipts flush` (flush); see README.md.",
        version: "0.1.0",
        subcommands: [FetchCommand.self, FlushCommand.self]
    )

    /// Every error leaves through `CommandMain`: argument errors exit 2, as herald's do. The
    /// process's HTTP clients are shut down before it exits, whatever happened.
    static func main() async {
        await CommandMain.run(self, program: "herald-net", cleanUp: { await NetworkClients.shared.shutdown() })
    }
}
