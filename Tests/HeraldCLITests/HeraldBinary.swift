import Foundation
import HeraldTestSupport

/// Finds and runs the built `herald` executable, for tests that drive the real command line.
///
/// The binary is looked up in `$HERALD_BINARY`, else next to the test runner
/// (`<.build>/debug/herald`: `CommandLine.arguments[0]` is `<.build>/debug/…xctest` on Linux)
/// and in the few directories above it (the macOS bundle sits deeper).
enum HeraldBinary {
    /// What a finished run printed and returned.
    typealias Result = Subprocess.Result

    /// The executable's URL (`BuiltExecutable`, with `$HERALD_BINARY` as the override).
    static func url() throws -> URL {
        try BuiltExecutable.url(named: "herald", override: "HERALD_BINARY")
    }

    /// A started `herald` process; `finish()` waits for it and collects its output.
    typealias Running = Subprocess.Running

    /// Starts `herald arguments…` without waiting.
    static func start(
        _ arguments: [String], environment: [String: String] = [:], stdin: Data? = nil, directory: URL? = nil
    ) throws -> Running {
        try Subprocess.Running(try url(), arguments, environment: environment, stdin: stdin, directory: directory)
    }

    /// Runs `herald arguments…` to completion.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], stdin: Data? = nil, directory: URL? = nil
    ) async throws -> Result {
        try await start(arguments, environment: environment, stdin: stdin, directory: directory).finished()
    }
}
