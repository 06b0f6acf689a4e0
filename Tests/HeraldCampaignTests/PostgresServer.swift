import Foundation
import Testing
import HeraldSync
import HeraldTestSupport
@testable import HeraldPostgres

/// A real PostgreSQL 15 (Debian's packages) for the suite: started once, on first use, in a
/// temporary folder on a free loopback port, as the `postgres` system user when the tests
/// run as root (PostgreSQL refuses root). A watcher shell next to it stops the server and
/// removes the folder as soon as the test process is gone, however it ended; an exit
/// handler stops it at once on a normal exit. Each test gets a database of its own.
final class PostgresServer: Sendable {
    static let binaries = "/usr/lib/postgresql/15/bin"

    struct StartError: Error, CustomStringConvertible { let description: String }

    let folder: String
    let port: Int

    /// The suite's server; the error says why it could not start (e.g. PostgreSQL missing:
    /// `.ci/run` installs it).
    static let shared: Result<PostgresServer, StartError> = Result { try PostgresServer() }.mapError {
        ($0 as? StartError) ?? StartError(description: "\($0)")
    }

    static func server() throws -> PostgresServer { try shared.get() }

    /// The suites that need the server run where PostgreSQL 15 is installed, and always
    /// under CI (`.ci/run` installs it).
    static var shouldRun: Bool { ExternalTool.shouldRun(ExternalTool.isExecutable("\(binaries)/postgres")) }
    static let skipNote: Comment = "PostgreSQL checks skipped: PostgreSQL 15 is not installed (apt-get install postgresql; CI=1 makes them required)"

    private init() throws {
        guard FileManager.default.isExecutableFile(atPath: "\(Self.binaries)/postgres") else {
            throw StartError(description: "PostgreSQL 15 is not installed at \(Self.binaries) (apt-get install postgresql)")
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-pg-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/sock", withIntermediateDirectories: true)
        if getuid() == 0 {
            for path in [folder, folder + "/sock"] {
                try FileManager.default.setAttributes([.ownerAccountName: "postgres"], ofItemAtPath: path)
            }
        }
        let initdb = Self.asServerUser([
            "\(Self.binaries)/initdb", "-D", folder + "/data", "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync",
            "--locale=C",
        ])
        let made = try Self.runAndWait(initdb)
        guard made.status == 0 else {
            try? FileManager.default.removeItem(atPath: folder)
            throw StartError(description: "initdb failed: \(made.output)")
        }
        port = try Self.freePort()
        // The server, and a watcher that stops it (and removes the folder) once the test
        // process is gone. The suite's data is throw-away: no fsync.
        let script = """
            "\(Self.binaries)/postgres" -D "$1/data" -p "$2" -k "$1/sock" -c listen_addresses=127.0.0.1 \
              -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 \
              -c shared_buffers=32MB -c dynamic_shared_memory_type=mmap -c max_parallel_workers_per_gather=0 \
              >"$1/server.log" 2>&1 &
            pg=$!
            while [ -d "/proc/$3" ] && kill -0 "$pg" 2>/dev/null; do sleep 1; done
            kill -INT "$pg" 2>/dev/null; wait "$pg"; rm -rf "$1"
            """
        let watcher = Process()
        let command = Self.asServerUser(["/bin/sh", "-c", script, "sh", folder, String(port), String(getpid())])
        watcher.executableURL = URL(fileURLWithPath: command[0])
        watcher.arguments = Array(command.dropFirst())
        watcher.standardInput = FileHandle.nullDevice
        watcher.standardOutput = FileHandle.nullDevice
        watcher.standardError = FileHandle.nullDevice
        try watcher.run()
        let folder = folder
        let port = port
        Self.atExit.withLock { $0 = (folder, port) }
        atexit { PostgresServer.stopAtExit() }
        // Ready when pg_isready says so (a bound against a hang, not a timing check).
        var last = ""
        for _ in 0..<600 {
            let ready = try Self.runAndWait([
                "\(Self.binaries)/pg_isready", "-q", "-h", folder + "/sock", "-p", String(port), "-U", "postgres",
            ])
            if ready.status == 0 { return }
            last = ready.output
            usleep(100_000)
        }
        let log = (try? String(contentsOfFile: folder + "/server.log", encoding: .utf8)) ?? ""
        throw StartError(description: "PostgreSQL did not start: \(last) \(log)")
    }

    static let atExit = Locked<(String, Int)?>(nil)

    /// Stops the server at once, with the signal of an immediate shutdown (no subprocess
    /// while the process exits); the watcher then removes the folder.
    static func stopAtExit() {
        guard let (folder, _) = atExit.withLock({ $0 }),
            let text = try? String(contentsOfFile: folder + "/data/postmaster.pid", encoding: .utf8),
            let pid = Int32(text.prefix { $0 != "\n" }), pid > 0
        else { return }
        kill(pid, SIGQUIT)
    }

    /// A loopback port the kernel picked, free again once this returns (the socket that
    /// held it is closed here, before the server binds it).
    static func freePort() throws -> Int { try RefusedPort().port }

    /// `command` as the `postgres` user when this process is root.
    static func asServerUser(_ command: [String]) -> [String] {
        getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] + command : command
    }

    static func runAndWait(_ command: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The URL of database `name` on this server (over TCP on loopback).
    func url(_ name: String) -> String { "postgres://postgres@127.0.0.1:\(port)/\(name)?sslmode=disable" }

    /// A new, empty database for one test; its URL.
    func makeDatabase() async throws -> String {
        let name = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let admin = try await Database.connect(try DatabaseURL(url("postgres")))
        do {
            try await admin.rows(.init(unsafeSQL: "CREATE DATABASE \(name)"), "cannot create a test database")
        } catch {
            await admin.close()
            throw error
        }
        await admin.close()
        return url(name)
    }
}
