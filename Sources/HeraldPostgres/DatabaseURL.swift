public import PostgresNIO

/// Where the campaign database is, read as libpq reads a connection string: a URI
/// `postgres://[USER[:PASSWORD]@][HOST][:PORT][/DATABASE][?PARAM=VALUE&…]` (`postgresql://`
/// too; every part percent-decoded), or `key=value` pairs (`host=db user=herald dbname=herald
/// sslmode=verify-full`; a value in single quotes may hold spaces, `\'` and `\\`). Parameters:
/// `host` (a folder names a unix socket's folder), `port`, `dbname`, `user`, `password`,
/// `sslmode`. The password never appears in a message (`redacted`).
///
/// `sslmode`: `disable` (no TLS), `allow`/`prefer` (TLS when the server offers it: a network
/// attacker can take that away, so only when asked for), `require`/`verify-ca` (TLS, the
/// server's certificate checked against the system's trust roots), `verify-full` (that, and
/// the certificate names the host). The default is `verify-full` for a server over the
/// network, and `disable` for loopback and unix sockets, where there is no wire to protect:
/// nothing is downgraded unless the URL says so.
public struct DatabaseURL: Sendable, CustomStringConvertible {
    public enum TLSMode: String, Sendable, CaseIterable {
        case disable, allow, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

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
        var text = "postgres://\(credentials)@\(host.contains(":") ? "[\(host)]" : host):\(port)/\(database)"
        if let socketDirectory { text += "?host=\(socketDirectory)" }
        return text
    }

    public var description: String { redacted }

    static let usage = "expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=…] or host=… dbname=… key=value pairs"

    public init(_ text: String) throws(DatabaseError) {
        func bad(_ why: String) -> DatabaseError { DatabaseError("the database URL: \(why) (\(Self.usage))") }
        var parameters: [(String, String)]
        if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            parameters = try Self.uriParameters(text, bad)
        } else if text.contains("=") {
            parameters = try Self.keywordParameters(text, bad)
        } else {
            throw bad("not a postgres:// URL nor key=value pairs")
        }
        user = "postgres"
        password = nil
        host = "localhost"
        port = 5432
        database = ""
        socketDirectory = nil
        var mode: TLSMode?
        for (key, value) in parameters {
            switch key {
            case "user": user = value
            case "password": password = value
            case "host":
                if value.hasPrefix("/") { socketDirectory = value } else if !value.isEmpty { host = value }
            case "port":
                guard let number = Int(value), (1...65535).contains(number) else { throw bad("the port is not a number in 1…65535") }
                port = number
            case "dbname": database = value
            case "sslmode":
                guard let m = TLSMode(rawValue: value) else {
                    throw bad("sslmode must be one of \(TLSMode.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                mode = m
            default: throw bad("unknown parameter '\(key)'")
            }
        }
        guard !database.isEmpty else { throw bad("no database name") }
        let local = socketDirectory != nil || ["localhost", "127.0.0.1", "::1"].contains(host.lowercased())
        tls = mode ?? (local ? .disable : .verifyFull)
    }

    /// The parameters of a URI, in order (the query's after the authority's).
    static func uriParameters(_ text: String, _ bad: (String) -> DatabaseError) throws(DatabaseError) -> [(String, String)] {
        var rest = Substring(text)
        rest = rest.dropFirst(rest.hasPrefix("postgres://") ? 11 : 13)
        var query = Substring("")
        if let mark = rest.firstIndex(of: "?") { (query, rest) = (rest[rest.index(after: mark)...], rest[..<mark]) }
        var authority = rest
        var path = Substring("")
        if let slash = rest.firstIndex(of: "/") { (authority, path) = (rest[..<slash], rest[rest.index(after: slash)...]) }
        // libpq ends the authority at the first '/', so an unencoded '/' in a password would
        // turn the rest of the password into a host name: refused, with how to write it.
        if path.contains("@") {
            throw bad("'@' after the first '/': a user or password holding '/' must be percent-encoded (%2F)")
        }
        var out: [(String, String)] = []
        if let at = authority.lastIndex(of: "@") {
            let credentials = authority[..<at]
            authority = authority[authority.index(after: at)...]
            if let colon = credentials.firstIndex(of: ":") {
                out.append(("user", try decoded(credentials[..<colon], bad)))
                out.append(("password", try decoded(credentials[credentials.index(after: colon)...], bad)))
            } else {
                out.append(("user", try decoded(credentials, bad)))
            }
        }
        var hostPart = authority
        if hostPart.hasPrefix("[") {
            guard let close = hostPart.firstIndex(of: "]") else { throw bad("an IPv6 host without its ']'") }
            out.append(("host", String(hostPart[hostPart.index(after: hostPart.startIndex)..<close])))
            hostPart = hostPart[hostPart.index(after: close)...]
            if hostPart.hasPrefix(":") { out.append(("port", String(hostPart.dropFirst()))) } else if !hostPart.isEmpty {
                throw bad("text after an IPv6 host's ']'")
            }
        } else {
            if let colon = hostPart.lastIndex(of: ":") {
                out.append(("port", String(hostPart[hostPart.index(after: colon)...])))
                hostPart = hostPart[..<colon]
            }
            if !hostPart.isEmpty { out.append(("host", try decoded(hostPart, bad))) }
        }
        if !path.isEmpty { out.append(("dbname", try decoded(path, bad))) }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            out.append((try decoded(parts[0], bad), parts.count == 2 ? try decoded(parts[1], bad) : ""))
        }
        return out
    }

    /// `key=value` pairs separated by spaces; a value may be single-quoted (`\'`, `\\` inside).
    static func keywordParameters(_ text: String, _ bad: (String) -> DatabaseError) throws(DatabaseError) -> [(String, String)] {
        var out: [(String, String)] = []
        var chars = Array(text)
        chars.append(" ")
        var i = 0
        func skipSpaces() { while i < chars.count, chars[i].isWhitespace { i += 1 } }
        skipSpaces()
        while i < chars.count {
            var key = ""
            while i < chars.count, chars[i] != "=", !chars[i].isWhitespace { key.append(chars[i]); i += 1 }
            skipSpaces()
            guard i < chars.count, chars[i] == "=" else { throw bad("'\(key)' has no '='") }
            i += 1
            skipSpaces()
            var value = ""
            if i < chars.count, chars[i] == "'" {
                i += 1
                var closed = false
                while i < chars.count {
                    if chars[i] == "\\", i + 1 < chars.count { value.append(chars[i + 1]); i += 2; continue }
                    if chars[i] == "'" { closed = true; i += 1; break }
                    value.append(chars[i])
                    i += 1
                }
                guard closed else { throw bad("the value of '\(key)' has no closing quote") }
            } else {
                while i < chars.count, !chars[i].isWhitespace {
                    if chars[i] == "\\", i + 1 < chars.count { value.append(chars[i + 1]); i += 2; continue }
                    value.append(chars[i])
                    i += 1
                }
            }
            out.append((key, value))
            skipSpaces()
        }
        return out
    }

    /// The configuration postgres-nio connects with.
    public func configuration() throws(DatabaseError) -> PostgresConnection.Configuration {
        if let socketDirectory {
            return .init(
                unixSocketPath: "\(socketDirectory)/.s.PGSQL.\(port)", username: user, password: password, database: database)
        }
        let mode: PostgresConnection.Configuration.TLS
        if tls == .disable {
            mode = .disable
        } else {
            var settings = TLSConfiguration.makeClientConfiguration()
            if tls != .verifyFull { settings.certificateVerification = .noHostnameVerification }
            do {
                let context = try NIOSSLContext(configuration: settings)
                mode = tls == .allow || tls == .prefer ? .prefer(context) : .require(context)
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
