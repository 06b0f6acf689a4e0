import ArgumentParser

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
        discussion: "The contract of every command is in shared/spec/cli.md.",
        version: HeraldVersion.string,
        subcommands: [
            RenderCommand.self, FormatCommand.self, ValidateCommand.self, PreviewCommand.self,
            ExportCommand.self, SealCommand.self, KeygenCommand.self, StoreCommand.self, ReceiptsCommand.self,
        ]
    )

    /// Runs the command, mapping argument errors to exit code 2 (cli.md: "2 usage"),
    /// where ArgumentParser would use 64.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
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
}

enum HeraldVersion {
    static let string = "0.1.0"
}

/// Writes a line to standard error without Foundation.
enum FileHandleOutput {
    static func standardError(_ text: String) {
        let line = text.hasSuffix("\n") ? text : text + "\n"
        var bytes = Array(line.utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }
}
