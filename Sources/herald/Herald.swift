import ArgumentParser

@main
struct Herald: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "herald",
        abstract: "Render push notifications in the user's language from Apple-style translation tables.",
        version: HeraldVersion.string,
        subcommands: []
    )
}

enum HeraldVersion {
    static let string = "0.1.0"
}
