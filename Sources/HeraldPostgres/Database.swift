public import PostgresNIO
import HeraldSync
import Logging

/// A connection to the campaign database, and the few ways Herald runs SQL on it. The
/// connection can be replaced (`reconnect`): a worker rides out a restart or failover of
/// the server instead of stopping, or hanging, on a connection that is gone.
public final class Database: Sendable {
    let url: DatabaseURL
    private let current: Locked<PostgresConnection>
    let logger: Logger

    /// The connection in use now (a later `reconnect` replaces it).
    public var connection: PostgresConnection { current.withLock { $0 } }

    /// Postgres-nio logs nothing of Herald's: every problem is thrown and said once.
    static let silent = Logger(label: "herald.postgres", factory: { _ in SwiftLogNoOpLogHandler() })

    init(url: DatabaseURL, connection: PostgresConnection) {
        self.url = url
        current = Locked(connection)
        logger = Self.silent
    }

    /// Connects to `url`.
    public static func connect(_ url: DatabaseURL) async throws(DatabaseError) -> Database {
        Database(url: url, connection: try await open(url))
    }

    static func open(_ url: DatabaseURL) async throws(DatabaseError) -> PostgresConnection {
        let configuration = try url.configuration()
        do {
            return try await PostgresConnection.connect(configuration: configuration, id: 1, logger: silent)
        } catch {
            throw DatabaseError("cannot connect to \(url.redacted)", error)
        }
    }

    public func close() async { try? await connection.close() }

    /// Drops the connection and connects again, waiting longer after each failure
    /// (`reconnection`'s backoff) until a connection is made or `reconnection` is stopped
    /// (then the last failure is thrown).
    public func reconnect(_ reconnection: Reconnection, after problem: DatabaseError) async throws(DatabaseError) {
        let old = connection
        // Closing a connection the server dropped returns at once; one that is half-open is
        // not waited for.
        Task { try? await old.close() }
        reconnection.report("lost the database (\(problem.description)); reconnecting")
        var delay = reconnection.firstDelay
        while true {
            do {
                let fresh = try await Self.open(url)
                current.withLock { $0 = fresh }
                reconnection.report("reconnected to \(url.redacted)")
                return
            } catch {
                if reconnection.isStopped { throw error }
                await reconnection.pause(delay)
                if reconnection.isStopped { throw error }
                delay = min(delay * 2, reconnection.longestDelay)
            }
        }
    }

    /// Runs `body`; when the connection was lost, reconnects (`reconnect`), runs
    /// `afterReconnecting` and `body` again. Only for statements that are safe to run twice.
    func retrying<T>(
        _ reconnection: Reconnection?, afterReconnecting: () async throws(DatabaseError) -> Void = {},
        _ body: () async throws(DatabaseError) -> T
    ) async throws(DatabaseError) -> T {
        while true {
            do { return try await body() } catch {
                guard let reconnection, error.connectionLost, !reconnection.isStopped else { throw error }
                try await reconnect(reconnection, after: error)
                try await afterReconnecting()
            }
        }
    }

    /// Runs one statement and collects its rows; an error says `doing` first.
    @discardableResult
    func rows(_ query: PostgresQuery, _ doing: String) async throws(DatabaseError) -> [PostgresRow] {
        let connection = self.connection
        let logger = self.logger
        do {
            return try await Self.unlessClosed(connection) { try await connection.query(query, logger: logger).collect() }
        } catch {
            throw DatabaseError(doing, error)
        }
    }

    /// What `body` returns, or a lost connection as soon as `connection` is closed: postgres-nio
    /// never answers a statement written to a connection the server has already closed (a
    /// restart, a failover), so waiting for `body` alone would wait forever. The watch looks
    /// at the connection every 100 ms while the statement runs.
    static func unlessClosed<T: Sendable>(
        _ connection: PostgresConnection, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        var lost = DatabaseError("the connection to the database is closed")
        lost.connectionLost = true
        if connection.isClosed { throw lost }
        let done = Locked(false)
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let finish: @Sendable (Result<T, any Error>) -> Void = { result in
                let first = done.withLock { done in
                    defer { done = true }
                    return !done
                }
                if first { continuation.resume(with: result) }
            }
            Task {
                do { finish(.success(try await body())) } catch { finish(.failure(error)) }
            }
            Task { [lost] in
                while !done.withLock({ $0 }) {
                    try? await Task.sleep(for: .milliseconds(100))
                    if connection.isClosed { finish(.failure(lost)) }
                }
            }
        }
    }

    /// Runs `body` in one transaction (rolled back when it throws); a connection closed
    /// under it ends the call with a lost connection (`unlessClosed`) instead of a wait.
    func transaction<T: Sendable>(
        _ doing: String, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws(DatabaseError) -> T {
        let connection = self.connection
        let logger = self.logger
        do {
            return try await Self.unlessClosed(connection) {
                try await connection.withTransaction(logger: logger) { connection in try await body(connection) }
            }
        } catch {
            throw DatabaseError(doing, error)
        }
    }

    /// Sends `query` and returns its rows as they come (for results too many to hold); a
    /// closed connection is a lost connection (`unlessClosed`) rather than a query never
    /// answered.
    func stream(_ query: PostgresQuery, _ doing: String) async throws(DatabaseError) -> PostgresRowSequence {
        let connection = self.connection
        let logger = self.logger
        do {
            return try await Self.unlessClosed(connection) { try await connection.query(query, logger: logger) }
        } catch {
            throw DatabaseError(doing, error)
        }
    }
}

/// How a worker reconnects after losing its database: the backoff between tries, where
/// it says so, and when to give up (the worker is stopping: SIGTERM never waits for a
/// server that does not come back).
public final class Reconnection: Sendable {
    let firstDelay: Duration
    let longestDelay: Duration
    private let stopped = Locked(false)
    private let say: @Sendable (String) -> Void

    public init(
        firstDelay: Duration = .milliseconds(100), longestDelay: Duration = .seconds(5),
        report: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        (self.firstDelay, self.longestDelay, say) = (firstDelay, longestDelay, report)
    }

    /// Ends every reconnection under way (its last failure is thrown) and any to come.
    public func stop() { stopped.withLock { $0 = true } }

    public var isStopped: Bool { stopped.withLock { $0 } }

    func report(_ text: String) { say(text) }

    /// Waits `delay`, or less when stopped meanwhile.
    func pause(_ delay: Duration) async {
        let clock = ContinuousClock()
        let end = clock.now + delay
        while !isStopped, clock.now < end {
            try? await Task.sleep(for: min(.milliseconds(50), clock.now.duration(to: end)))
        }
    }
}
