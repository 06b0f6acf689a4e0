import ArgumentParser

// Placeholder until the issue that brings `herald preview` lands (see shared/spec/cli.md).
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "preview", abstract: "(not available yet)")

    func run() throws {
        throw ValidationError("herald preview is not available in this build yet")
    }
}
