import ArgumentParser

// Placeholder until the issue that brings `herald keygen` lands (see shared/spec/cli.md).
struct KeygenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "keygen", abstract: "(not available yet)")

    func run() throws {
        throw ValidationError("herald keygen is not available in this build yet")
    }
}
