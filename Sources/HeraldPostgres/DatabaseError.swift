import PostgresNIO

/// A database problem in one line: PostgreSQL's own message (and detail) when the server
/// said one, else what failed; never the password or the query's values.
public struct DatabaseError: Error, CustomStringConvertible, Sendable {
    public var description: String
    /// The connection is gone (the server closed it, restarted, or cannot be reached): the
    /// statement may be tried again on a new connection.
    public var connectionLost = false

    public init(_ description: String) { self.description = description }

    /// `error` (from postgres-nio or elsewhere) said in one line, after `doing`.
    public init(_ doing: String, _ error: any Error) {
        if let known = error as? DatabaseError {
            description = "\(doing): \(known.description)"
            connectionLost = known.connectionLost
        } else if let psql = error as? PSQLError {
            description = "\(doing): \(Self.say(psql))"
            connectionLost = Self.isConnectionLoss(psql)
        } else if let transaction = error as? PostgresTransactionError {
            let inner = transaction.closureError ?? transaction.beginError ?? transaction.commitError ?? transaction.rollbackError
            let said = inner.map { DatabaseError(doing, $0) }
            description = said?.description ?? "\(doing): the transaction failed"
            connectionLost = said?.connectionLost ?? false
        } else {
            description = "\(doing): \(error)"
            // Errors of the network below postgres-nio (a refused or reset connection).
            connectionLost = error is IOError || error is ChannelError
        }
    }

    /// A lost connection: the socket failed or closed, or the server said it is shutting
    /// down, crashed or is not yet accepting (SQLSTATE class 08 and 57P01–57P03).
    static func isConnectionLoss(_ error: PSQLError) -> Bool {
        switch error.code {
        case .serverClosedConnection, .clientClosedConnection, .connectionError, .uncleanShutdown: return true
        case .server:
            guard let state = error.serverInfo?[.sqlState] else { return false }
            return state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state)
        default: return false
        }
    }

    static func say(_ error: PSQLError) -> String {
        if let info = error.serverInfo {
            var text = info[.message] ?? "the server refused"
            if let detail = info[.detail] { text += " (\(detail))" }
            if let state = info[.sqlState] { text += " [SQLSTATE \(state)]" }
            return text
        }
        if error.code == .connectionError, let underlying = error.underlying { return "cannot connect: \(underlying)" }
        if error.code == .serverClosedConnection { return "the server closed the connection" }
        return "\(error.code)"
    }
}
