import ArgumentParser
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

/// `--database URL`, shared by every command here.
struct DatabaseOptions: ParsableArguments {
    @Option(
        name: .customLong("database"),
        help: "postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require][&host=SOCKET_DIR]")
    var database: String

    /// Connects, or says why not (exit 1; a malformed URL is a usage error).
    func connect() async throws(CommandFailure) -> Database {
        let url: DatabaseURL
        do { url = try DatabaseURL(database) } catch { throw .usage(error.description) }
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
