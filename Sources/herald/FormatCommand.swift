import ArgumentParser

// Placeholder until the issue that brings `herald format` lands (see shared/spec/cli.md).
struct FormatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "format", abstract: "(not available yet)")

    func run() throws {
        throw ValidationError("herald format is not available in this build yet")
    }
}
