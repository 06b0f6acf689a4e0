import AsyncHTTPClient
import HeraldMedia
import HeraldSync
import NIOCore

/// The process's HTTP clients (AsyncHTTPClient on SwiftNIO), on one event loop group.
///
/// One client serves every request that needs no pinned address (receipts, media hosts given
/// as IP literals): its connection pool is the process's. A media host given by name is
/// connected to at the address the policy checked (`MediaPolicy.checkedHost`), and
/// AsyncHTTPClient pins a name to an address only per client (`dnsOverride`, which keeps SNI
/// and the certificate check on the host name), so each checked (name, address) pair gets a
/// client of its own, kept for the next fetch from that host like a pool entry
/// (AsyncHTTPClient pools per host anyway). At most `maxPinned` are kept; a fetch past that
/// gets a client that is shut down after it.
///
/// Every client: redirects never followed by the client (Herald judges each hop itself),
/// HTTP/2 when the server offers it over TLS (ALPN), no proxy, no decompression, a failed
/// connection not retried. `shutdown()` ends them all; `herald-net` calls it before it exits.
public final class NetworkClients: Sendable {
    /// The one set of clients of this process.
    public static let shared = NetworkClients()

    /// Where every transfer of this process runs, and its deadline with it: a thread of its
    /// own, so that tasks blocking Swift's cooperative pool elsewhere in the process cannot
    /// hold a download or a receipt past its deadline, nor make a finished one look late.
    static let executor = DedicatedExecutor()

    /// Pinned clients kept at most.
    static let maxPinned = 32

    private struct State {
        var direct: HTTPClient?
        var pinned: [MediaCheckedHost: HTTPClient] = [:]
    }

    private let state = Locked(State())

    init() {}

    /// The client settings every request goes out with.
    static func configuration(pinning pin: MediaCheckedHost?) -> HTTPClient.Configuration {
        var c = HTTPClient.Configuration(
            redirectConfiguration: .disallow, timeout: .init(connect: .seconds(10), read: nil), proxy: nil,
            decompression: .disabled)
        c.httpVersion = .automatic
        var pool = HTTPClient.Configuration.ConnectionPool(
            idleTimeout: .seconds(30), concurrentHTTP1ConnectionsPerHostSoftLimit: 16)
        // A refused connection is an answer (the server is down), not something to retry
        // until the connect timeout.
        pool.retryConnectionEstablishment = false
        c.connectionPool = pool
        if let pin { c.dnsOverride = [pin.host: pin.address] }
        return c
    }

    /// A client for requests that need no pinned address.
    func direct() -> HTTPClient {
        state.withLock { s in
            if let c = s.direct { return c }
            let c = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: Self.configuration(pinning: nil))
            s.direct = c
            return c
        }
    }

    /// A client that connects to `pin.address` whenever a URL's host is `pin.host`, and
    /// whether it is the caller's own (to shut down after use) rather than kept here.
    func pinned(_ pin: MediaCheckedHost) -> (client: HTTPClient, own: Bool) {
        state.withLock { s in
            if let c = s.pinned[pin] { return (c, false) }
            let c = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: Self.configuration(pinning: pin))
            if s.pinned.count >= Self.maxPinned { return (c, true) }
            s.pinned[pin] = c
            return (c, false)
        }
    }

    /// Shuts every client down (open connections are closed, requests still running fail).
    /// Clients are made again if the process sends more afterwards.
    public func shutdown() async {
        let all = state.withLock { s in
            defer { s = State() }
            return (s.direct.map { [$0] } ?? []) + Array(s.pinned.values)
        }
        for client in all { try? await client.shutdown() }
    }
}
