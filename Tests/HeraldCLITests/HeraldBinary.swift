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

    enum Failure: Error, CustomStringConvertible {
        case notFound([String])

        var description: String {
            switch self {
            case .notFound(let tried): return "herald binary not found; looked at: \(tried.joined(separator: ", "))"
            }
        }
    }

    /// The executable's URL.
    static func url() throws -> URL {
        let fileManager = FileManager.default
        var tried: [String] = []
        if let override = ProcessInfo.processInfo.environment["HERALD_BINARY"], !override.isEmpty {
            if fileManager.isExecutableFile(atPath: override) { return URL(fileURLWithPath: override) }
            tried.append(override)
        }
        let starts = [
            URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        for start in starts {
            var directory = start.standardizedFileURL
            for _ in 0..<5 {
                let candidate = directory.appendingPathComponent("herald")
                if fileManager.isExecutableFile(atPath: candidate.path) {
                    var isDirectory: ObjCBool = false
                    if fileManager.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                        return candidate
                    }
                }
                tried.append(candidate.path)
                directory.deleteLastPathComponent()
            }
        }
        throw Failure.notFound(tried)
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
