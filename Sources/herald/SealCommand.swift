import ArgumentParser

// Placeholder until the issue that brings `herald seal` lands (see shared/spec/cli.md).
struct SealCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "seal", abstract: "(not available yet)")

    func run() throws {
        throw ValidationError("herald seal is not available in this build yet")
    }
}
