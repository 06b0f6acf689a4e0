import ArgumentParser

// Placeholder until the issue that brings `herald store` lands (see shared/spec/cli.md).
struct StoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "store", abstract: "(not available yet)")

    func run() throws {
        throw ValidationError("herald store is not available in this build yet")
    }
}
