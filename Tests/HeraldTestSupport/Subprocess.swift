import Foundation

/// Runs a program as a subprocess for tests that check the real thing: the
/// `herald` binary, `plutil` (the oracle for Apple's property lists), chromium
/// (the HTML preview's layout). Both output pipes are drained while the child
/// runs, so a chatty child never blocks on a full pipe.
public enum Subprocess {
    /// Writing to a pipe whose reader is gone fails with EPIPE instead of raising SIGPIPE
    /// (set once for the test process).
    static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// What a finished run printed and returned.
    public struct Result: Sendable {
        public let status: Int32
        public let stdoutData: Data
        public let stderr: String
        public var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
    }

    /// A started child; `finish()` waits for it and collects its output.
    /// `@unchecked Sendable`: the two buffers are written by the reader threads
    /// before they leave `group`, and read only after `group.wait()`.
    public final class Running: @unchecked Sendable {
        private let process = Process()
        private let output = Pipe()
        private let errors = Pipe()
        private var outputData = Data()
        private var errorData = Data()
        private let group = DispatchGroup()

        /// Starts `executable arguments…` with the test's environment plus
        /// `environment`, `stdin` written and closed (empty when nil).
        public init(
            _ executable: URL, _ arguments: [String], environment: [String: String] = [:], stdin: Data? = nil,
            directory: URL? = nil
        ) throws {
            if let directory { process.currentDirectoryURL = directory }
            process.executableURL = executable
            process.arguments = arguments
            var merged = ProcessInfo.processInfo.environment
            for (key, value) in environment { merged[key] = value }
            process.environment = merged
            process.standardOutput = output
            process.standardError = errors
            let input = Pipe()
            process.standardInput = input
            try process.run()
            let outputHandle = output.fileHandleForReading
            let errorHandle = errors.fileHandleForReading
            // Threads of their own, not Dispatch's global queues: those are as wide as the
            // machine has cores, like Swift concurrency's pool, and the suite runs many
            // subprocesses at once.
            group.enter()
            Thread { [self] in
                outputData = outputHandle.readDataToEndOfFile()
                group.leave()
            }.start()
            group.enter()
            Thread { [self] in
                errorData = errorHandle.readDataToEndOfFile()
                group.leave()
            }.start()
            // A child may exit (or close its input) before reading all of it: that is its
            // answer to check, not a reason for SIGPIPE to kill the whole test process.
            Subprocess.ignoreBrokenPipes
            if let stdin { try? input.fileHandleForWriting.write(contentsOf: stdin) }
            try? input.fileHandleForWriting.close()
        }

        /// The child's process id (to signal it).
        public var processIdentifier: Int32 { process.processIdentifier }

        /// Waits for the child to exit and returns what it printed, without holding a
        /// thread of Swift concurrency's pool: the pool is as wide as the machine has cores,
        /// and a test blocked in `waitUntilExit` there keeps every async test (and each
        /// continuation a deadline test waits for) from running — on 2 cores the whole
        /// suite's async tests stalled ~40 s behind the CLI tests that way.
        public func finished() async -> Result {
            await withCheckedContinuation { continuation in
                Thread { continuation.resume(returning: self.finish()) }.start()
            }
        }

        /// Waits for the child to exit and returns what it printed (blocking this thread).
        public func finish() -> Result {
            process.waitUntilExit()
            group.wait()
            return Result(
                status: process.terminationStatus, stdoutData: outputData,
                stderr: String(decoding: errorData, as: UTF8.self))
        }
    }

    /// Runs `executable arguments…` to completion (see `Running.finished()`).
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:], stdin: Data? = nil,
        directory: URL? = nil
    ) async throws -> Result {
        try await Running(executable, arguments, environment: environment, stdin: stdin, directory: directory).finished()
    }

    /// Runs the program at `path`.
    public static func run(_ path: String, _ arguments: [String], environment: [String: String] = [:]) async throws -> Result {
        try await run(URL(fileURLWithPath: path), arguments, environment: environment)
    }
}
