import AsyncHTTPClient
import HeraldDiagnostics
import NIOCore
import NIOHTTP1
import NIOPosix

#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// What went wrong with a request, in the few kinds media and receipts tell apart, from
/// whatever AsyncHTTPClient or SwiftNIO threw.
enum NetworkProblem: Equatable, CustomStringConvertible {
    /// A deadline or a timeout passed first.
    case timedOut
    /// The calling task was cancelled.
    case cancelled
    /// Nothing listens there (the connection was refused).
    case refused
    /// The server closed the connection before the response (or its body) ended.
    case closedEarly
    /// The host name has no address.
    case unresolved
    /// The TLS handshake or the certificate check failed (the library's words).
    case tls(String)
    /// The answer is not HTTP (the parser's words).
    case malformed(String)
    /// Anything else (the error's own words).
    case other(String)

    init(_ error: any Error) {
        switch error {
        case is CancellationError:
            self = .cancelled
        case let e as HTTPClientError:
            switch e {
            case .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .getConnectionFromPoolTimeout:
                self = .timedOut
            case .tlsHandshakeTimeout: self = .tls("the TLS handshake timed out")
            case .cancelled: self = .cancelled
            case .remoteConnectionClosed: self = .closedEarly
            default: self = .other(Self.bounded("\(e)"))
            }
        case let e as IOError:
            switch e.errnoCode {
            case ECONNREFUSED: self = .refused
            case ECONNRESET, EPIPE: self = .closedEarly
            case ETIMEDOUT: self = .timedOut
            default: self = .other(Self.bounded(String(cString: strerror(e.errnoCode))))
            }
        case let e as NIOConnectionError:
            if let first = e.connectionErrors.first {
                self = NetworkProblem(first.error)
            } else if e.dnsAError != nil || e.dnsAAAAError != nil {
                self = .unresolved
            } else {
                self = .other("cannot connect")
            }
        case let e as ChannelError:
            switch e {
            case .connectTimeout: self = .timedOut
            case .eof, .ioOnClosedChannel, .outputClosed, .inputClosed, .alreadyClosed: self = .closedEarly
            default: self = .other(Self.bounded("\(e)"))
            }
        case let e as HTTPParserError:
            self = e == .invalidEOFState ? .closedEarly : .malformed(Self.bounded("\(e)"))
        default:
            let type = String(reflecting: Swift.type(of: error))
            let words = Self.bounded(String(describing: error))
            self = type.contains("NIOSSL") || type.contains("BoringSSL") ? .tls(words) : .other(words)
        }
    }

    /// Outside words (an error may quote what a server sent): escaped, and at most 300
    /// characters.
    private static func bounded(_ text: String) -> String {
        OutsideText.escaped(String(text.prefix(300)))
    }

    var description: String {
        switch self {
        case .timedOut: return "timed out"
        case .cancelled: return "cancelled"
        case .refused: return "connection refused"
        case .closedEarly: return "the connection was closed before the response ended"
        case .unresolved: return "cannot resolve the host"
        case .tls(let why): return "TLS failure: \(why)"
        case .malformed(let why): return "malformed HTTP response: \(why)"
        case .other(let why): return why
        }
    }
}

/// Racing a piece of work against a deadline.
enum NetworkDeadline {
    private enum Raced<T: Sendable>: Sendable {
        case done(T)
        case deadline
        case stopped
    }

    /// Runs `operation` until it returns or `deadline` passes, whichever is first: nil when
    /// the deadline came first, after `operation` was cancelled and has returned (so what it
    /// holds is released). Waiting costs nothing (a sleeping task, no polling).
    static func race<T: Sendable>(
        _ deadline: ContinuousClock.Instant, _ operation: @escaping @Sendable () async -> T
    ) async -> T? {
        await withTaskGroup(of: Raced<T>.self) { group in
            group.addTask { .done(await operation()) }
            group.addTask {
                do {
                    // In steps of at most a day, so an absurdly far deadline stays in range.
                    while ContinuousClock.now < deadline {
                        try await Task.sleep(until: min(deadline, .now + .seconds(86_400)), clock: .continuous)
                    }
                    return .deadline
                } catch {
                    return .stopped
                }
            }
            while let next = await group.next() {
                switch next {
                case .done(let value):
                    group.cancelAll()
                    return value
                case .deadline:
                    group.cancelAll()
                    return nil
                case .stopped:
                    continue
                }
            }
            return nil
        }
    }

    /// `deadline` as SwiftNIO's deadline (at most a day away).
    static func nio(_ deadline: ContinuousClock.Instant) -> NIODeadline {
        let left = max(.zero, min(ContinuousClock.now.duration(to: deadline), .seconds(86_400)))
        let (seconds, attoseconds) = left.components
        return .now() + .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
