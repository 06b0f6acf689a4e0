import ArgumentParser

@main
struct Herald: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "herald",
        abstract: "Render push notifications in the user's language from Apple-style translation tables.",
        discussion: "The contract of every command is in shared/spec/cli.md.",
        version: HeraldVersion.string,
        subcommands: [
            RenderCommand.self, FormatCommand.self, ValidateCommand.self, PreviewCommand.self,
            ExportCommand.self, SealCommand.self, KeygenCommand.self, StoreCommand.self,
        ]
    )
}

enum HeraldVersion {
    static let string = "0.1.0"
}
