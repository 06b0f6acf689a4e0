public import PostgresNIO
import Logging

/// A connection to the campaign database, and the few ways Herald runs SQL on it.
public final class Database: Sendable {
    public let connection: PostgresConnection
    let logger: Logger

    /// Postgres-nio logs nothing of Herald's: every problem is thrown and said once.
    static let silent = Logger(label: "herald.postgres", factory: { _ in SwiftLogNoOpLogHandler() })

    init(connection: PostgresConnection) {
        self.connection = connection
        logger = Self.silent
    }

    /// Connects to `url`.
    public static func connect(_ url: DatabaseURL) async throws(DatabaseError) -> Database {
        let configuration = try url.configuration()
        do {
            let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: silent)
            return Database(connection: connection)
        } catch {
            throw DatabaseError("cannot connect to \(url.redacted)", error)
        }
    }

    public func close() async { try? await connection.close() }

    /// Runs one statement and collects its rows; an error says `doing` first.
    @discardableResult
    func rows(_ query: PostgresQuery, _ doing: String) async throws(DatabaseError) -> [PostgresRow] {
        do { return try await connection.query(query, logger: logger).collect() } catch {
            throw DatabaseError(doing, error)
        }
    }

    /// Runs `body` in one transaction (rolled back when it throws).
    func transaction<T: Sendable>(_ doing: String, _ body: (PostgresConnection) async throws -> T) async throws(DatabaseError) -> T {
        do {
            return try await connection.withTransaction(logger: logger) { connection in try await body(connection) }
        } catch {
            throw DatabaseError(doing, error)
        }
    }
}
