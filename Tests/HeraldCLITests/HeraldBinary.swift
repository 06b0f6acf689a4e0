import Foundation

/// Finds and runs the built `herald` executable, for tests that drive the real command line.
///
/// The binary is looked up in `$HERALD_BINARY`, else next to the test runner
/// (`<.build>/debug/herald`: `CommandLine.arguments[0]` is `<.build>/debug/…xctest` on Linux)
/// and in the few directories above it (the macOS bundle sits deeper).
enum HeraldBinary {
    /// What a finished run printed and returned.
    struct Result: Sendable {
        let status: Int32
        let stdout: String
        let stderr: String
    }

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
    /// `@unchecked Sendable`: the two buffers are written by the reader threads before they
    /// leave `group`, and read only after `group.wait()`.
    final class Running: @unchecked Sendable {
        private let process: Process
        private let output = Pipe()
        private let errors = Pipe()
        private var outputData = Data()
        private var errorData = Data()
        private let group = DispatchGroup()

        init(_ arguments: [String], environment: [String: String], stdin: Data?, directory: URL? = nil) throws {
            process = Process()
            if let directory { process.currentDirectoryURL = directory }
            process.executableURL = try HeraldBinary.url()
            process.arguments = arguments
            var merged = ProcessInfo.processInfo.environment
            for (key, value) in environment { merged[key] = value }
            process.environment = merged
            process.standardOutput = output
            process.standardError = errors
            let input = Pipe()
            process.standardInput = input
            try process.run()
            // Drain both pipes while the process runs so a chatty child never blocks.
            let outputHandle = output.fileHandleForReading
            let errorHandle = errors.fileHandleForReading
            group.enter()
            DispatchQueue.global().async { [self] in
                outputData = outputHandle.readDataToEndOfFile()
                group.leave()
            }
            group.enter()
            DispatchQueue.global().async { [self] in
                errorData = errorHandle.readDataToEndOfFile()
                group.leave()
            }
            if let stdin { input.fileHandleForWriting.write(stdin) }
            try input.fileHandleForWriting.close()
        }

        func finish() -> Result {
            process.waitUntilExit()
            group.wait()
            return Result(
                status: process.terminationStatus,
                stdout: String(decoding: outputData, as: UTF8.self),
                stderr: String(decoding: errorData, as: UTF8.self))
        }
    }

    /// Starts `herald arguments…` without waiting.
    static func start(
        _ arguments: [String], environment: [String: String] = [:], stdin: Data? = nil, directory: URL? = nil
    ) throws -> Running {
        try Running(arguments, environment: environment, stdin: stdin, directory: directory)
    }

    /// Runs `herald arguments…` to completion.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], stdin: Data? = nil, directory: URL? = nil
    ) throws -> Result {
        try start(arguments, environment: environment, stdin: stdin, directory: directory).finish()
    }
}
