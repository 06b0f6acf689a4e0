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

    /// A server of its own (a test that restarts it must not take the suite's down with it).
    /// `durable`: commits are flushed before they are acknowledged, so that an immediate
    /// shutdown (`restart()`) loses nothing acknowledged, as on a production server.
    init(durable: Bool = false) throws {
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
        // process is gone, or starts it again when `restart()` asked for that (a file
        // `restart` in the folder). The suite's data is throw-away: no fsync.
        let script = """
            start() {
              "\(Self.binaries)/postgres" -D "$1/data" -p "$2" -k "$1/sock" -c listen_addresses=127.0.0.1 \
                -c fsync=off -c synchronous_commit=\(durable ? "on" : "off") -c full_page_writes=off -c max_connections=200 \
                -c shared_buffers=32MB -c dynamic_shared_memory_type=mmap -c max_parallel_workers_per_gather=0 \
                >>"$1/server.log" 2>&1 &
              pg=$!
            }
            start "$@"
            while [ -d "/proc/$3" ]; do
              if ! kill -0 "$pg" 2>/dev/null; then
                wait "$pg"
                if [ -f "$1/restart" ]; then rm -f "$1/restart"; start "$@"; else break; fi
              fi
              sleep 0.2
            done
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
        Self.atExit.withLock { $0.append(folder) }
        if Self.atExitInstalled.withLock({ installed in defer { installed = true }; return !installed }) {
            atexit { PostgresServer.stopAtExit() }
        }
        try waitUntilReady()
    }

    /// Returns once the server answers (a bound against a hang, not a timing check).
    func waitUntilReady() throws {
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

    static let atExit = Locked<[String]>([])
    static let atExitInstalled = Locked(false)

    /// The server's process id (from its pid file), or nil when it is not running.
    static func serverPID(_ folder: String) -> Int32? {
        guard let text = try? String(contentsOfFile: folder + "/data/postmaster.pid", encoding: .utf8),
            let pid = Int32(text.prefix { $0 != "\n" }), pid > 0
        else { return nil }
        return pid
    }

    /// Stops every server at once, with the signal of an immediate shutdown (no subprocess
    /// while the process exits); the watchers then remove the folders.
    static func stopAtExit() {
        for folder in atExit.withLock({ $0 }) {
            if let pid = serverPID(folder) { kill(pid, SIGQUIT) }
        }
    }

    /// Restarts the server as a failover does: every connection is cut (an immediate
    /// shutdown, SIGQUIT), and the server comes back on the same port; returns once it
    /// answers again.
    func restart() throws {
        guard let pid = Self.serverPID(folder) else { throw StartError(description: "the server is not running") }
        _ = FileManager.default.createFile(atPath: folder + "/restart", contents: Data())
        kill(pid, SIGQUIT)
        // The old server is gone once its pid file names another process (or none yet).
        for _ in 0..<6_000 {
            if Self.serverPID(folder) != pid, kill(pid, 0) != 0 { break }
            usleep(50_000)
        }
        try waitUntilReady()
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

    /// Stops the server for good (as a database that does not come back); the watcher
    /// then removes its folder.
    func stop() {
        if let pid = Self.serverPID(folder) { kill(pid, SIGQUIT) }
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
