public import PostgresNIO

/// A `postgres://` URL read into a connection configuration:
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require][&host=/socket/dir]`
/// (`postgresql://` too). `host=` names a unix socket folder, as libpq reads it. The
/// password never appears in a message (`redacted`).
public struct DatabaseURL: Sendable, CustomStringConvertible {
    public enum TLSMode: String, Sendable { case disable, prefer, require }

    public var user: String
    public var password: String?
    public var host: String
    public var port: Int
    public var database: String
    public var socketDirectory: String?
    public var tls: TLSMode

    /// The URL with its password replaced by `***`: what a message may show.
    public var redacted: String {
        let credentials = user + (password == nil ? "" : ":***")
        var text = "postgres://\(credentials)@\(host):\(port)/\(database)"
        if let socketDirectory { text += "?host=\(socketDirectory)" }
        return text
    }

    public var description: String { redacted }

    public init(_ text: String) throws(DatabaseError) {
        func bad(_ why: String) -> DatabaseError { DatabaseError("--database: \(why) (expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE)") }
        var rest = Substring(text)
        if rest.hasPrefix("postgres://") { rest = rest.dropFirst(11) } else if rest.hasPrefix("postgresql://") { rest = rest.dropFirst(13) } else {
            throw bad("not a postgres:// URL")
        }
        var query = Substring("")
        if let mark = rest.firstIndex(of: "?") { query = rest[rest.index(after: mark)...]; rest = rest[..<mark] }
        guard let slash = rest.firstIndex(of: "/") else { throw bad("no database name") }
        let authority = rest[..<slash]
        database = try Self.decoded(rest[rest.index(after: slash)...], bad)
        guard !database.isEmpty else { throw bad("no database name") }
        var hostPart = authority
        user = "postgres"
        password = nil
        if let at = authority.lastIndex(of: "@") {
            let credentials = authority[..<at]
            hostPart = authority[authority.index(after: at)...]
            if let colon = credentials.firstIndex(of: ":") {
                user = try Self.decoded(credentials[..<colon], bad)
                password = try Self.decoded(credentials[credentials.index(after: colon)...], bad)
            } else {
                user = try Self.decoded(credentials, bad)
            }
        }
        port = 5432
        if let colon = hostPart.lastIndex(of: ":"), !hostPart.hasSuffix("]") {
            guard let number = Int(hostPart[hostPart.index(after: colon)...]), (1...65535).contains(number) else {
                throw bad("the port is not a number in 1…65535")
            }
            port = number
            hostPart = hostPart[..<colon]
        }
        host = hostPart.isEmpty ? "localhost" : String(hostPart.trimmingPrefix("[").prefix { $0 != "]" })
        socketDirectory = nil
        tls = .prefer
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            let value = try parts.count == 2 ? Self.decoded(parts[1], bad) : ""
            switch parts.first ?? "" {
            case "sslmode":
                guard let mode = TLSMode(rawValue: value) else { throw bad("sslmode must be disable, prefer or require") }
                tls = mode
            case "host": socketDirectory = value
            default: throw bad("unknown parameter '\(parts.first ?? "")'")
            }
        }
    }

    /// The configuration postgres-nio connects with.
    public func configuration() throws(DatabaseError) -> PostgresConnection.Configuration {
        if let socketDirectory {
            return .init(
                unixSocketPath: "\(socketDirectory)/.s.PGSQL.\(port)", username: user, password: password, database: database)
        }
        let mode: PostgresConnection.Configuration.TLS
        switch tls {
        case .disable: mode = .disable
        case .prefer, .require:
            do {
                let context = try NIOSSLContext(configuration: .makeClientConfiguration())
                mode = tls == .prefer ? .prefer(context) : .require(context)
            } catch { throw DatabaseError("cannot set up TLS: \(error)") }
        }
        return .init(host: host, port: port, username: user, password: password, database: database, tls: mode)
    }

    /// Percent-decodes a URL part.
    static func decoded(_ part: Substring, _ bad: (String) -> DatabaseError) throws(DatabaseError) -> String {
        var bytes: [UInt8] = []
        var utf8 = part.utf8.makeIterator()
        while let b = utf8.next() {
            guard b == UInt8(ascii: "%") else { bytes.append(b); continue }
            guard let h = utf8.next(), let l = utf8.next(), let value = UInt8(String(decoding: [h, l], as: UTF8.self), radix: 16) else {
                throw bad("a % escape is not two hex digits")
            }
            bytes.append(value)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
