import ArgumentParser

// Placeholder until the issue that brings `herald validate` lands (see shared/spec/cli.md).
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "validate", abstract: "(not available yet)")

    func run() throws {
        throw ValidationError("herald validate is not available in this build yet")
    }
}
