import ArgumentParser
import HeraldCommandLine
import HeraldMedia

/// The commands that run in a sibling executable, so that `herald` itself loads no
/// server stack: `herald serve` is `herald-server`, and `herald db|enqueue|worker|campaign`
/// are `herald-worker`'s. Each is declared here for `herald --help`, and run by replacing
/// this process with the sibling (found as `herald-net` is: an environment variable, else
/// beside `herald`), so its exit status, signals and output are the sibling's own.
struct ForwardedCommand<Name: ForwardedName>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: Name.name, abstract: Name.abstract + " (\(Name.sibling.executable))")
    }

    @Argument(parsing: .captureForPassthrough, help: "The arguments \(Name.sibling.executable) takes.")
    var arguments: [String] = []

    func run() throws {
        try Self.forward(arguments)
    }

    static func forward(_ arguments: [String]) throws -> Never {
        let sibling = Name.sibling
        let path = NetHelper.sibling(sibling.executable, environmentVariable: sibling.environmentVariable)
        let leading = sibling == .worker ? [Name.name] : []
        let reason = NetHelper.exec([path] + leading + arguments)
        throw CommandFailure(.usage, [
            "cannot run \(path): \(reason) (install \(sibling.executable) beside herald, or set \(sibling.environmentVariable))"
        ])
    }
}

/// A forwarded command: its name in `herald`, its one-line help and the sibling that runs it.
protocol ForwardedName {
    static var name: String { get }
    static var abstract: String { get }
    static var sibling: Sibling { get }
}

/// The executables `herald` forwards to.
enum Sibling {
    /// `herald-server`, which is `herald serve` itself: it gets the user's arguments as they are.
    case server
    /// `herald-worker`, which has the campaign commands as subcommands: it gets the command's name first.
    case worker
    /// `herald-mcp`, which is `herald mcp` itself (the MCP SDK is linked there only).
    case mcp

    var executable: String {
        switch self {
        case .server: "herald-server"
        case .worker: "herald-worker"
        case .mcp: "herald-mcp"
        }
    }
    /// The variable that names another path for it.
    var environmentVariable: String {
        switch self {
        case .server: "HERALD_SERVER"
        case .worker: "HERALD_WORKER"
        case .mcp: "HERALD_MCP"
        }
    }
}

enum Serve: ForwardedName { static let name = "serve", abstract = "Serve rendering, formatting and validation over HTTP", sibling = Sibling.server }
enum Database: ForwardedName { static let name = "db", abstract = "Set up the campaign database", sibling = Sibling.worker }
enum Enqueue: ForwardedName { static let name = "enqueue", abstract = "Queue a campaign's render requests", sibling = Sibling.worker }
enum Work: ForwardedName { static let name = "worker", abstract = "Render queued campaign jobs", sibling = Sibling.worker }
enum ModelContext: ForwardedName { static let name = "mcp", abstract = "Serve the tools to coding assistants over the Model Context Protocol", sibling = Sibling.mcp }
enum Campaign: ForwardedName { static let name = "campaign", abstract = "A campaign's progress and results", sibling = Sibling.worker }

/// The forwarded commands: subcommands of `herald` (for its help), and the quick dispatch
/// of `Herald.runDirectly` (so that `herald serve --help` is herald-server's help).
var forwardedCommands: [(name: String, forward: ([String]) throws -> Never, command: any ParsableCommand.Type)] {
    [
    (Serve.name, ForwardedCommand<Serve>.forward, ForwardedCommand<Serve>.self),
    (Database.name, ForwardedCommand<Database>.forward, ForwardedCommand<Database>.self),
    (Enqueue.name, ForwardedCommand<Enqueue>.forward, ForwardedCommand<Enqueue>.self),
    (Work.name, ForwardedCommand<Work>.forward, ForwardedCommand<Work>.self),
    (Campaign.name, ForwardedCommand<Campaign>.forward, ForwardedCommand<Campaign>.self),
    (ModelContext.name, ForwardedCommand<ModelContext>.forward, ForwardedCommand<ModelContext>.self),
    ]
}
