import Foundation

/// Who may call `herald serve`'s routes (Docs/security.md): a bearer token, given in a file or
/// an environment variable (never on the command line, where `ps` shows it), and compared in
/// constant time. The probes (`/healthz`, `/readyz`) and `/metrics` need none: an orchestrator
/// and a scraper reach them without a secret, and they show no table text, key or payload.
public struct ServiceAuthentication: Sendable {
    /// The accepted tokens: more than one while a token is being rotated (one a line in the file).
    private let tokens: [[UInt8]]

    /// The fewest bytes a token may have: a short one could be guessed.
    public static let minimumBytes = 16

    /// The environment variable `herald serve` reads a token from.
    public static let environmentVariable = "HERALD_SERVE_TOKEN"

    /// A problem with the token's source, for the operator (start-up only, never an answer).
    public struct Problem: Error, CustomStringConvertible {
        public var description: String
    }

    /// Tokens from `text`: one a line, blank lines and surrounding whitespace ignored.
    public init(text: String, source: String) throws(Problem) {
        var tokens: [[UInt8]] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let token = line.trimmingCharacters(in: .whitespaces)
            guard !token.isEmpty else { continue }
            guard token.utf8.count >= Self.minimumBytes else {
                throw Problem(description: "\(source): a token must have at least \(Self.minimumBytes) characters (make one with `openssl rand -hex 32`)")
            }
            guard token.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
                throw Problem(description: "\(source): a token is printable ASCII without spaces")
            }
            tokens.append(Array(token.utf8))
        }
        guard !tokens.isEmpty else { throw Problem(description: "\(source): no token in it") }
        self.tokens = tokens
    }

    /// Tokens from a file (read once, at start).
    public static func file(_ path: String) throws(Problem) -> ServiceAuthentication {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw Problem(description: "--token-file \(path): cannot be read as UTF-8 text")
        }
        return try ServiceAuthentication(text: text, source: "--token-file \(path)")
    }

    /// Whether an `Authorization` header value carries an accepted token. Every accepted token
    /// is compared, each in time that depends only on its own length, so the answer's timing
    /// says nothing about how much of a guess was right.
    func accepts(_ header: String?) -> Bool {
        guard let header else { return false }
        let value = Array(header.utf8)
        let scheme = Array("bearer ".utf8)
        guard value.count > scheme.count,
            zip(value.prefix(scheme.count), scheme).allSatisfy({ ($0 | 0x20) == $1 || ($0 == 0x20 && $1 == 0x20) })
        else { return false }
        let given = value[scheme.count...].drop(while: { $0 == 0x20 })
        var accepted = false
        for token in tokens {
            accepted = Self.constantTimeEqual(given, token) || accepted
        }
        return accepted
    }

    /// `given == expected`, in time that depends on `expected`'s length only.
    static func constantTimeEqual(_ given: ArraySlice<UInt8>, _ expected: [UInt8]) -> Bool {
        var difference: UInt8 = given.count == expected.count ? 0 : 1
        let start = given.startIndex
        for i in 0..<expected.count {
            let g: UInt8 = i < given.count ? given[start + i] : 0
            difference |= g ^ expected[i]
        }
        return difference == 0
    }
}
