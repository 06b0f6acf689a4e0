import ArgumentParser
import HeraldCommandLine
import HeraldICU

@main
struct Herald: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "herald",
        abstract: "Render push notifications in the user's language from Apple-style translation tables.",
        discussion: "Every command, flag, output and exit status: Docs/cli.md.",
        version: HeraldVersion.string,
        subcommands: [
            RenderCommand.self, FormatCommand.self, ValidateCommand.self, PreviewCommand.self,
            ExportCommand.self, ImportCommand.self, SealCommand.self, KeygenCommand.self, StoreCommand.self, ReceiptsCommand.self,
            ExamplesCommand.self, LSPCommand.self,
        ] + forwardedCommands.map(\.command)
    )

    /// Runs the command; every error leaves through `CommandMain` (Docs/cli.md's statuses).
    static func main() async {
        if await runDirectly(Array(CommandLine.arguments.dropFirst())) { return }
        await CommandMain.run(self, program: "herald")
    }
}

extension Herald {
    /// The one-push commands (`herald render`, `herald format`) parsed by their own
    /// command type instead of the whole command tree: ArgumentParser otherwise builds
    /// the argument sets of every subcommand (by reflection) before it parses one,
    /// a third of a one-push render's start-up instructions. Anything that does not parse
    /// cleanly this way (help, a usage error, completion requests) returns false and goes
    /// through `parseAsRoot`, so messages and usage text are the full tree's.
    static func runDirectly(_ arguments: [String]) async -> Bool {
        guard let name = arguments.first else { return false }
        if arguments == ["--version"] {
            // Herald's version and the ICU it runs on, read from ICU now, not at build time.
            print(HeraldVersion.full)
            return true
        }
        let rest = Array(arguments.dropFirst())
        if let forwarded = forwardedCommands.first(where: { $0.name == name }) {
            await CommandMain.finish(self, program: "herald") { try forwarded.forward(rest) }
        }
        switch name {
        case RenderCommand.configuration.commandName:
            if let invocation = RenderInvocation(quickArguments: rest) {
                await CommandMain.finish(self, program: "herald") { try await invocation.run() }
            }
            guard let command = try? RenderCommand.parseAsRoot(rest) as? RenderCommand else { return false }
            await CommandMain.finish(self, program: "herald") { try await command.run() }
        case FormatCommand.configuration.commandName:
            if let invocation = FormatInvocation(quickArguments: rest) {
                await CommandMain.finish(self, program: "herald") { try invocation.run() }
            }
            guard let command = try? FormatCommand.parseAsRoot(rest) as? FormatCommand else { return false }
            await CommandMain.finish(self, program: "herald") { try command.run() }
        default:
            return false
        }
    }
}

enum HeraldVersion {
    static let string = "0.1.0"

    /// `herald --version`: "herald 0.1.0 (ICU 72.1, CLDR 42.0)", the ICU and CLDR versions of
    /// the ICU library loaded by this process.
    static var full: String {
        let versions = ICUInfo.versions
        return "herald \(string) (ICU \(versions.icu), CLDR \(versions.cldr))"
    }
}
