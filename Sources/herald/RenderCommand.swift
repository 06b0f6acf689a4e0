import ArgumentParser

// Placeholder until the issue that brings `herald render` lands (see shared/spec/cli.md).
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "render", abstract: "(not available yet)")

    func run() throws {
        throw ValidationError("herald render is not available in this build yet")
    }
}
