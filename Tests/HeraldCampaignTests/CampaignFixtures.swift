import Foundation
import HeraldTestSupport
import Testing
@testable import HeraldPostgres

/// What the campaign tests share: the executables, the repository's tables, request files,
/// and SQL against a test database.
enum CampaignFixtures {
    /// The repository's Localizations/ (every run names its tables explicitly).
    static let tables = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Localizations").path

    static func worker() throws -> URL { try BuiltExecutable.url(named: "herald-worker", override: "HERALD_WORKER") }
    static func herald() throws -> URL { try BuiltExecutable.url(named: "herald", override: "HERALD_BINARY") }

    /// Runs `herald-worker arguments…` to the end.
    static func run(_ arguments: [String], stdin: Data? = nil) async throws -> Subprocess.Result {
        try await Subprocess.run(worker(), arguments, stdin: stdin)
    }

    /// Format requests over the app's keys: `count` lines, varied in key, locale and argument.
    static func formatLines(_ count: Int) -> [String] {
        let locales = ["en", "ru", "de", "ar", "ja", "pt-BR", "pl", "cy"]
        return (0..<count).map { i in
            let locale = locales[i % locales.count]
            switch i % 3 {
            case 0: return #"{"key":"lottery.loss.body","locale":"\#(locale)","args":[\#(i % 50)]}"#
            case 1: return #"{"key":"lottery.title","locale":"\#(locale)","args":["Game \#(i)"]}"#
            default: return #"{"key":"message.attachments","locale":"\#(locale)","args":[\#(i % 7)],"table":"Messages"}"#
            }
        }
    }

    /// Render requests with ids: message pushes in six locales.
    static func renderLines(_ count: Int, prefix: String = "r") -> [String] {
        let locales = ["en", "de", "ar", "ru", "ja", "pt-BR"]
        return (0..<count).map { i in
            #"{"id":"\#(prefix)\#(i)","locale":"\#(locales[i % locales.count])","payload":{"aps":{"alert":{"title":"T\#(i)","body":"Hello \#(i)"},"mutable-content":1},"herald":{"kind":"message","text":"Body \#(i)","from":"Ann \#(i)"}}}"#
        }
    }

    /// What `herald format|render --batch FILE` writes for `file` (the golden a campaign's
    /// results must equal line for line).
    static func batchOutput(_ kind: String, file: String, store: String) async throws -> String {
        var arguments = [kind, "--batch", file, "--tables", tables]
        if kind == "render" { arguments += ["--store", store, "--allow-unsealed", "--now", "2026-11-21T18:30:00Z"] }
        let result = try await Subprocess.run(herald(), arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    /// The flags a test worker renders with (the same as `batchOutput`'s).
    static func workerFlags(store: String) -> [String] {
        ["--tables", tables, "--store", store, "--allow-unsealed", "--now", "2026-11-21T18:30:00Z"]
    }

    /// The first column of the first row of `sql`, as an integer.
    static func count(_ url: String, _ sql: String) async throws -> Int {
        let database = try await Database.connect(try DatabaseURL(url))
        do {
            let rows = try await database.rows(.init(unsafeSQL: sql), "test query")
            await database.close()
            return Int(try rows.first?.decode(Int64.self) ?? -1)
        } catch {
            await database.close()
            throw error
        }
    }

    /// Runs one statement.
    static func execute(_ url: String, _ sql: String) async throws {
        let database = try await Database.connect(try DatabaseURL(url))
        do {
            try await database.rows(.init(unsafeSQL: sql), "test statement")
            await database.close()
        } catch {
            await database.close()
            throw error
        }
    }

    /// A migrated, empty database of its own for one test.
    static func migratedDatabase() async throws -> String {
        let url = try await PostgresServer.server().makeDatabase()
        let migrated = try await run(["db", "migrate", "--database", url])
        #expect(migrated.status == 0, "\(migrated.stderr)")
        return url
    }
}
