import ArgumentParser

// Placeholder until the issue that brings `herald export` lands (see shared/spec/cli.md).
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "(not available yet)")

    func run() throws {
        throw ValidationError("herald export is not available in this build yet")
    }
}
