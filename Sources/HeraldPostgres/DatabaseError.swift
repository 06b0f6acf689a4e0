import PostgresNIO

/// A database problem in one line: PostgreSQL's own message (and detail) when the server
/// said one, else what failed; never the password or the query's values.
public struct DatabaseError: Error, CustomStringConvertible, Sendable {
    public var description: String

    public init(_ description: String) { self.description = description }

    /// `error` (from postgres-nio or elsewhere) said in one line, after `doing`.
    public init(_ doing: String, _ error: any Error) {
        if let known = error as? DatabaseError {
            description = "\(doing): \(known.description)"
        } else if let psql = error as? PSQLError {
            description = "\(doing): \(Self.say(psql))"
        } else if let transaction = error as? PostgresTransactionError {
            let inner = transaction.closureError ?? transaction.beginError ?? transaction.commitError ?? transaction.rollbackError
            description = inner.map { DatabaseError(doing, $0).description } ?? "\(doing): the transaction failed"
        } else {
            description = "\(doing): \(error)"
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
