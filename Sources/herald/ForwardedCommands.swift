import ArgumentParser
import HeraldCommandLine
import HeraldMedia

/// The commands that run in a sibling executable, so that `herald` itself loads no
/// server stack: `herald serve` is `herald-server`, and `herald db|enqueue|worker|campaign`
/// are `herald-worker`'s. Each is declared here for `herald --help`, and run by replacing
/// this process with the sibling (found as `herald-net` is: an environment variable, else
/// beside `herald`), so its exit status, signals and output are the sibling's own.
protocol ForwardedCommand: ParsableCommand {
    /// The sibling executable's file name.
    static var executable: String { get }
    /// The variable that names another path for it.
    static var environmentVariable: String { get }
    /// The arguments the sibling receives before the user's.
    static var leadingArguments: [String] { get }
    var arguments: [String] { get }
}

extension ForwardedCommand {
    func run() throws {
        try Self.forward(arguments)
    }

    static func forward(_ arguments: [String]) throws -> Never {
        let path = NetHelper.sibling(executable, environmentVariable: environmentVariable)
        let reason = NetHelper.exec([path] + leadingArguments + arguments)
        throw CommandFailure(.usage, ["cannot run \(path): \(reason) (install \(executable) beside herald, or set \(environmentVariable))"])
    }

    static var forwardedName: String { configuration.commandName ?? executable }
}

struct ServeCommand: ForwardedCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serve rendering, formatting and validation over HTTP (herald-server).",
        shouldDisplay: true)
    static let executable = "herald-server"
    static let environmentVariable = "HERALD_SERVER"
    static let leadingArguments: [String] = []
    @Argument(parsing: .captureForPassthrough, help: "The arguments of herald-server (see herald serve --help).")
    var arguments: [String] = []
}

struct DatabaseCommand: ForwardedCommand {
    static let configuration = CommandConfiguration(
        commandName: "db", abstract: "Set up the campaign database (herald-worker db).")
    static let executable = "herald-worker"
    static let environmentVariable = "HERALD_WORKER"
    static let leadingArguments = ["db"]
    @Argument(parsing: .captureForPassthrough, help: "The arguments of herald-worker db.")
    var arguments: [String] = []
}

struct EnqueueCommand: ForwardedCommand {
    static let configuration = CommandConfiguration(
        commandName: "enqueue", abstract: "Queue a campaign's render requests in the database (herald-worker enqueue).")
    static let executable = "herald-worker"
    static let environmentVariable = "HERALD_WORKER"
    static let leadingArguments = ["enqueue"]
    @Argument(parsing: .captureForPassthrough, help: "The arguments of herald-worker enqueue.")
    var arguments: [String] = []
}

struct WorkerCommand: ForwardedCommand {
    static let configuration = CommandConfiguration(
        commandName: "worker", abstract: "Render queued campaign jobs (herald-worker worker).")
    static let executable = "herald-worker"
    static let environmentVariable = "HERALD_WORKER"
    static let leadingArguments = ["worker"]
    @Argument(parsing: .captureForPassthrough, help: "The arguments of herald-worker worker.")
    var arguments: [String] = []
}

struct CampaignCommand: ForwardedCommand {
    static let configuration = CommandConfiguration(
        commandName: "campaign", abstract: "A campaign's progress and results (herald-worker campaign).")
    static let executable = "herald-worker"
    static let environmentVariable = "HERALD_WORKER"
    static let leadingArguments = ["campaign"]
    @Argument(parsing: .captureForPassthrough, help: "The arguments of herald-worker campaign.")
    var arguments: [String] = []
}

/// The forwarded commands by name, for the quick dispatch in `Herald.runDirectly` (so that
/// `herald serve --help` is herald-server's help, not this declaration's).
let forwardedCommands: [any ForwardedCommand.Type] = [
    ServeCommand.self, DatabaseCommand.self, EnqueueCommand.self, WorkerCommand.self, CampaignCommand.self,
]
