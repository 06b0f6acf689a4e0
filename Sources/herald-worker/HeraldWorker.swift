import ArgumentParser
import Foundation
import HeraldJSON
import HeraldCommandLine
import HeraldPostgres

/// herald-worker: the campaign commands `herald db|enqueue|worker|campaign` run
/// (Docs/campaigns.md). `herald` execs it with the subcommand name first.
@main
struct HeraldWorker: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "herald-worker",
        abstract: "Campaigns on PostgreSQL: the database, the queue, the workers and the results.",
        subcommands: [DatabaseCommand.self, EnqueueCommand.self, WorkerCommand.self, CampaignCommand.self])

    static func main() async {
        await CommandMain.run(HeraldWorker.self, program: "herald")
    }
}

/// Where the database is, shared by every command here: `--database URL`, else
/// `--database-file PATH` (its first line), else `$HERALD_DATABASE_URL`. A password given
/// on the command line is visible to every user of the machine (`ps`): the file or the
/// environment keep it out of sight. A URL without a password takes `$PGPASSWORD`'s.
struct DatabaseOptions: ParsableArguments {
    @Option(
        name: .customLong("database"),
        help: "postgres://USER@HOST[:PORT]/DATABASE[?sslmode=…] or libpq key=value pairs (a password here shows in ps: prefer --database-file or $HERALD_DATABASE_URL).")
    var database: String?

    @Option(name: .customLong("database-file"), help: "A file whose first line is the database URL (keep it mode 0600).")
    var databaseFile: String?

    /// The URL to connect to, from the flag, the file or the environment.
    func url() throws(CommandFailure) -> DatabaseURL {
        let environment = ProcessInfo.processInfo.environment
        let text: String
        if let database {
            text = database
        } else if let databaseFile {
            let bytes: [UInt8]
            do { bytes = try InputFile.read(databaseFile, limit: 64 << 10, what: "a database URL file") } catch {
                throw .usage(error.description)
            }
            text = String(decoding: bytes.prefix { $0 != 0x0A && $0 != 0x0D }, as: UTF8.self)
        } else if let value = environment["HERALD_DATABASE_URL"], !value.isEmpty {
            text = value
        } else {
            throw .usage("no database: give --database, --database-file or $HERALD_DATABASE_URL")
        }
        var url: DatabaseURL
        do { url = try DatabaseURL(text) } catch { throw .usage(error.description) }
        if url.password == nil, let password = environment["PGPASSWORD"], !password.isEmpty { url.password = password }
        return url
    }

    /// Connects, or says why not (exit 1; a malformed URL is a usage error).
    func connect() async throws(CommandFailure) -> Database {
        let url = try url()
        do { return try await Database.connect(url) } catch { throw .failure(error.description) }
    }
}

/// Runs `body` with a connection to the database, closed afterwards; a database error is
/// exit 1 with its message.
func withDatabase<T>(_ options: DatabaseOptions, _ body: (Database) async throws -> T) async throws -> T {
    let database = try await options.connect()
    do {
        let value = try await body(database)
        await database.close()
        return value
    } catch let error as DatabaseError {
        await database.close()
        throw CommandFailure.failure(error.description)
    } catch {
        await database.close()
        throw error
    }
}

struct DatabaseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "db", abstract: "Set up the campaign database.", subcommands: [Migrate.self])

    struct Migrate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Apply the schema's migrations the database lacks (idempotent).")
        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            let applied = try await withDatabase(database) { try await Migrations.migrate($0) }
            if applied.isEmpty {
                CommandMain.say(nil, "the database is up to date (\(Migrations.all.count) migrations)")
            }
            for migration in applied {
                CommandMain.say(nil, "applied migration \(migration.number): \(migration.name)")
            }
        }
    }
}
