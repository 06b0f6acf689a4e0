import HeraldDiagnostics

/// How a media host name becomes addresses for `MediaPolicy.checkedHost(of:resolver:deadline:)`:
/// the system resolver (`getaddrinfo`), or any other answer (a test's, an app's own DNS).
/// Addresses are their bytes in network order: 4 for IPv4, 16 for IPv6.
public struct MediaHostResolver: Sendable {
    /// The addresses of a name, or why there are none; answers by the deadline.
    public let resolve: @Sendable (_ name: String, _ deadline: ContinuousClock.Instant) async -> Result<[[UInt8]], MediaFailure>

    /// A resolver that answers with `resolve`.
    public init(
        resolve: @escaping @Sendable (_ name: String, _ deadline: ContinuousClock.Instant) async -> Result<[[UInt8]], MediaFailure>
    ) {
        self.resolve = resolve
    }

    /// A resolver that answers from `answer`: a name's addresses, nil when it has none.
    public init(answering answer: @escaping @Sendable (_ name: String) -> [[UInt8]]?) {
        self.resolve = { name, _ in
            guard let found = answer(name) else {
                return .failure(.network("cannot resolve \(OutsideText.escaped(name)): no such host"))
            }
            return .success(found)
        }
    }

    /// `getaddrinfo` on another thread; a lookup still running at the deadline is left behind
    /// and the answer is `.timedOut`.
    public static let system = MediaHostResolver { name, deadline in
        await withCheckedContinuation { (c: CheckedContinuation<Result<[[UInt8]], MediaFailure>, Never>) in
            MediaHostAddresses.resolve(name, deadline: deadline) { result in
                switch result {
                case .success(let addresses): c.resume(returning: .success(addresses))
                case .failure(let why) where why.deadlinePassed: c.resume(returning: .failure(.timedOut))
                case .failure(let why):
                    c.resume(returning: .failure(.network("cannot resolve \(OutsideText.escaped(name)): \(why)")))
                }
            }
        }
    }
}

/// A host a download may connect to, and the one address it was checked at.
public struct MediaCheckedHost: Sendable, Hashable {
    /// The URL's host as the policy compares it (lowercased, without IPv6 brackets).
    public let host: String
    /// The address the connection goes to, in its usual text form (`93.184.216.34`, `2606:4700::1`).
    public let address: String

    /// The same address for `host` as another spelling of the checked host (as an HTTP
    /// client reads it from the URL: its case kept).
    public func spelled(_ host: String) -> MediaCheckedHost { MediaCheckedHost(host: host, address: address) }
}
