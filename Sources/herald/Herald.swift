import ArgumentParser
import HeraldICU

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@main
struct Herald: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "herald",
        abstract: "Render push notifications in the user's language from Apple-style translation tables.",
        discussion: "Every command, flag, output and exit status: Docs/cli.md.",
        version: HeraldVersion.string,
        subcommands: [
            RenderCommand.self, FormatCommand.self, ValidateCommand.self, PreviewCommand.self,
            ExportCommand.self, SealCommand.self, KeygenCommand.self, StoreCommand.self, ReceiptsCommand.self,
            ExamplesCommand.self,
        ]
    )

    /// Runs the command, mapping argument errors to exit code 2 (Docs/cli.md: usage errors),
    /// where ArgumentParser would use 64.
    static func main() async {
        if await runDirectly(Array(CommandLine.arguments.dropFirst())) { return }
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            fail(error)
        }
    }

    /// Exits for `error`: usage errors with status 2 and a `herald: error:` line.
    static func fail(_ error: any Error) -> Never {
        let code = exitCode(for: error)
        if code == .validationFailure {
            var message = fullMessage(for: error)
            if message.hasPrefix("Error: ") { message = "herald: error: " + message.dropFirst(7) }
            FileHandleOutput.standardError(message)
            Glibc.exit(2)
        }
        exit(withError: error)
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
        switch name {
        case RenderCommand.configuration.commandName:
            if let invocation = RenderInvocation(quickArguments: rest) {
                await finish { try await invocation.run() }
                return true
            }
            guard let command = try? RenderCommand.parseAsRoot(rest) as? RenderCommand else { return false }
            await finish { try await command.run() }
        case FormatCommand.configuration.commandName:
            if let invocation = FormatInvocation(quickArguments: rest) {
                await finish { try invocation.run() }
                return true
            }
            guard let command = try? FormatCommand.parseAsRoot(rest) as? FormatCommand else { return false }
            await finish { try command.run() }
        default:
            return false
        }
        return true
    }

    /// Runs a parsed command; a failure exits as in `main`.
    private static func finish(_ body: () async throws -> Void) async {
        do {
            try await body()
        } catch {
            fail(error)
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

/// Writes a line to standard error without Foundation.
enum FileHandleOutput {
    static func standardError(_ text: String) {
        let line = text.hasSuffix("\n") ? text : text + "\n"
        var bytes = Array(line.utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }
}
