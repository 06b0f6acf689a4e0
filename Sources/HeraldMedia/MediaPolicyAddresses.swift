public import Foundation
import HeraldDiagnostics
import HeraldSync

import Glibc

/// The address half of `MediaPolicy`: before a download connects (and before it follows a
/// redirect) the URL's host is resolved and every address it resolves to must be `global`
/// (`MediaAddressClass`), unless the host is on `allowHosts`.
extension MediaPolicy {
    /// The host of `url` as the policy compares it: lowercased, without IPv6 brackets.
    static func policyHost(of url: URL) -> String? {
        guard let host = url.host?.lowercased(), !host.isEmpty else { return nil }
        let plain = unbracketed(host)
        return plain.removingPercentEncoding ?? plain
    }

    /// Whether `host` is on `allowHosts` (exact, case-insensitive; an IPv6 address with or
    /// without brackets).
    public func isAllowedHost(_ host: String) -> Bool {
        let host = Self.unbracketed(host.lowercased())
        return allowHosts.contains { Self.unbracketed($0.lowercased()) == host }
    }

    private static func unbracketed(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    /// Nil when `url`'s host may be connected to, else why not: `checkedHost(of:resolver:deadline:)`
    /// without the address it was checked at.
    public func checkAddresses(
        of url: URL, resolver: MediaHostResolver = .system, deadline: ContinuousClock.Instant
    ) async -> MediaFailure? {
        if case .failure(let refused) = await checkedHost(of: url, resolver: resolver, deadline: deadline) { return refused }
        return nil
    }

    /// `checkAddresses(of:deadline:)` for a caller that must not wait (a URLSession delegate):
    /// `done` is called once, on another thread, by `deadline` at the latest.
    public func checkAddresses(
        of url: URL, deadline: ContinuousClock.Instant, done: @escaping @Sendable (MediaFailure?) -> Void
    ) {
        Task { done(await checkAddresses(of: url, deadline: deadline)) }
    }

    /// Where a download of `url` may connect, or why it may not. The host is resolved once (by
    /// `deadline`, with `resolver`) and refused when any of its addresses is not globally
    /// reachable, when it resolves to nothing, or when it is an IPv4 literal a URL parser would
    /// read as an address but that is malformed. A host on `allowHosts` is resolved but not
    /// judged. The answer names the one address the connection must go to: the transport
    /// connects there and does not resolve the name again, so a DNS answer that changes
    /// between the check and the connection (rebinding) cannot send it elsewhere.
    public func checkedHost(
        of url: URL, resolver: MediaHostResolver = .system, deadline: ContinuousClock.Instant
    ) async -> Result<MediaCheckedHost, MediaFailure> {
        guard let host = Self.policyHost(of: url) else {
            return .failure(.invalidURL("\(OutsideText.escaped(url.absoluteString)) has no host"))
        }
        let allowed = isAllowedHost(host)
        let shown = OutsideText.escaped(host)
        let addresses: [[UInt8]]
        switch MediaHostAddresses.literal(host) {
        case .some(.success(let address)):
            addresses = [address]
        case .some(.failure(let why)):
            return .failure(.invalidURL("host \(shown) \(why)"))
        case nil:
            guard ContinuousClock.now < deadline else { return .failure(.timedOut) }
            switch await resolver.resolve(host, deadline) {
            case .success(let found): addresses = found
            case .failure(let why): return .failure(why)
            }
        }
        if !allowed, let refused = Self.verdict(host: shown, addresses: addresses) { return .failure(refused) }
        guard let first = addresses.first(where: { $0.count == 4 || $0.count == 16 }) else {
            return .failure(.network("\(shown) resolves to no address"))
        }
        return .success(MediaCheckedHost(host: host, address: MediaHostAddresses.text(first)))
    }

    /// Refused when any address is (a name that resolves to public and private addresses
    /// at once is a rebinding set-up, not a CDN).
    static func verdict(host: String, addresses: [[UInt8]]) -> MediaFailure? {
        guard !addresses.isEmpty else { return .network("\(host) resolves to no address") }
        for address in addresses {
            let kind = MediaAddressClass.classify(address)
            if !kind.isGlobal {
                let text = MediaHostAddresses.text(address)
                let what = text == host ? host : "\(host) (\(text))"
                return .refusedAddress("\(what) is \(kind)")
            }
        }
        return nil
    }
}

/// Turning a host into addresses: IPv4 literals as a URL parser reads them, IPv6
/// literals, and names through the system resolver.
enum MediaHostAddresses {
    /// The address `host` spells when it is an IP literal; nil when it is a name.
    ///
    /// IPv4 as the WHATWG URL Standard's host parser reads it (and `inet_aton`, which the
    /// resolver libcurl calls uses): a host whose last dot-separated part is a number is an
    /// IPv4 address of 1–4 parts, each decimal, octal (leading `0`) or hex (`0x`), the last
    /// part filling the remaining bytes: `2130706433`, `0x7f.1`, `0177.0.0.1` and `127.1`
    /// are all 127.0.0.1. A malformed one is a failure, never a name.
    static func literal(_ host: String) -> Result<[UInt8], LiteralError>? {
        if host.contains(":") {
            var storage = in6_addr()
            guard inet_pton(AF_INET6, host, &storage) == 1 else { return .failure(LiteralError("is not a valid IPv6 address")) }
            return .success(withUnsafeBytes(of: &storage) { Array($0) })
        }
        var parts = host.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count > 1, parts.last?.isEmpty == true { parts.removeLast() }
        guard let last = parts.last, number(last) != nil || isNumberLike(last) else { return nil }
        guard parts.count <= 4 else { return .failure(LiteralError("has more than 4 parts of an IPv4 address")) }
        var values: [UInt64] = []
        for part in parts {
            guard let v = number(part) else { return .failure(LiteralError("is not a valid IPv4 address")) }
            values.append(v)
        }
        for v in values.dropLast() where v > 255 {
            return .failure(LiteralError("is not a valid IPv4 address (a part is over 255)"))
        }
        let lastBytes = 5 - values.count
        guard let lastValue = values.last, lastValue < (UInt64(1) << UInt64(8 * lastBytes)) else {
            return .failure(LiteralError("is not a valid IPv4 address (out of range)"))
        }
        var bytes = values.dropLast().map { UInt8($0) }
        for shift in (0..<lastBytes).reversed() { bytes.append(UInt8((lastValue >> UInt64(8 * shift)) & 0xFF)) }
        return .success(bytes)
    }

    struct LiteralError: Error, CustomStringConvertible {
        let description: String
        /// The lookup did not answer before the deadline.
        var deadlinePassed = false
        init(_ description: String, deadlinePassed: Bool = false) {
            self.description = description
            self.deadlinePassed = deadlinePassed
        }
    }

    /// A decimal, octal (`0…`) or hex (`0x…`) number, or nil (also when it overflows 2^40:
    /// no part of an address is that large).
    private static func number(_ part: Substring) -> UInt64? {
        var digits = part
        var radix: UInt64 = 10
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            digits = digits.dropFirst(2)
            radix = 16
            if digits.isEmpty { return 0 }
        } else if digits.count > 1, digits.hasPrefix("0") {
            digits = digits.dropFirst()
            radix = 8
        }
        guard !digits.isEmpty, digits.count <= 40 else { return nil }
        var value: UInt64 = 0
        for c in digits {
            guard let d = c.hexDigitValue, UInt64(d) < radix else { return nil }
            value = value * radix + UInt64(d)
            if value > (1 << 40) { return nil }
        }
        return value
    }

    /// A last part that is digits only (an IPv4 literal, even if not a valid one).
    private static func isNumberLike(_ part: Substring) -> Bool {
        !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Resolves `name` with getaddrinfo on another thread; `done` gets the addresses, or why
    /// not, once — at `deadline` at the latest (a lookup still running then is left behind).
    static func resolve(
        _ name: String, deadline: ContinuousClock.Instant,
        done: @escaping @Sendable (Result<[[UInt8]], LiteralError>) -> Void
    ) {
        let answered = Locked(false)
        let answer: @Sendable (Result<[[UInt8]], LiteralError>) -> Void = { result in
            let first = answered.withLock { a in
                defer { a = true }
                return !a
            }
            if first { done(result) }
        }
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else {
            answer(.failure(LiteralError("the deadline passed", deadlinePassed: true)))
            return
        }
        let (seconds, attoseconds) = left.components
        let nanoseconds = min(seconds, 86_400) * 1_000_000_000 + attoseconds / 1_000_000_000
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) {
            answer(.failure(LiteralError("no answer before the deadline", deadlinePassed: true)))
        }
        // getaddrinfo blocks its thread for as long as the resolver takes: a parked thread of
        // its own, not one of the pools other work needs.
        ParkedThreads.shared.run { answer(lookUp(name)) }
    }

    private static func lookUp(_ name: String) -> Result<[[UInt8]], LiteralError> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(name, nil, &hints, &list)
        guard status == 0 else { return .failure(LiteralError(String(cString: gai_strerror(status)))) }
        defer { freeaddrinfo(list) }
        var addresses: [[UInt8]] = []
        var node = list
        while let n = node {
            if let sa = n.pointee.ai_addr {
                switch Int32(n.pointee.ai_family) {
                case AF_INET:
                    var a = sa.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                    addresses.append(withUnsafeBytes(of: &a) { Array($0) })
                case AF_INET6:
                    var a = sa.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
                    addresses.append(withUnsafeBytes(of: &a) { Array($0) })
                default:
                    // An address family no connection here would use: refused as not global.
                    addresses.append([])
                }
            }
            node = n.pointee.ai_next
        }
        return .success(addresses)
    }

    /// The address in its usual text form (`127.0.0.1`, `::1`).
    static func text(_ address: [UInt8]) -> String {
        let family: Int32
        switch address.count {
        case 4: family = AF_INET
        case 16: family = AF_INET6
        default: return "(an address of \(address.count) bytes)"
        }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let ok = address.withUnsafeBytes { raw in
            buffer.withUnsafeMutableBufferPointer { inet_ntop(family, raw.baseAddress, $0.baseAddress, socklen_t($0.count)) != nil }
        }
        guard ok else { return "(unprintable address)" }
        return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
