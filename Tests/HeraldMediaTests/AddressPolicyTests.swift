import Foundation
import HeraldTestSupport
import Testing

@testable import HeraldMedia
import HeraldNetwork

import Glibc

/// The media address policy: the classifier against the special-purpose address registries
/// of RFC 6890 (§2.2.2 IPv4, §2.2.3 IPv6; the addresses below are the registries' own
/// ranges and their edges), the IPv4 spellings a URL parser reads as addresses (WHATWG URL
/// Standard, "IPv4 parser"; `inet_aton(3)` reads the same ones), and downloads that are
/// refused before any connection — on the first hop and on a redirect — unless the host is
/// on the allow-list.
@Suite(.serialized) struct AddressPolicyTests {
    /// Address bytes as the C library reads the text (not the code under test).
    static func bytes(_ text: String) -> [UInt8] {
        if text.contains(":") {
            var a = in6_addr()
            precondition(inet_pton(AF_INET6, text, &a) == 1, text)
            return withUnsafeBytes(of: &a) { Array($0) }
        }
        var a = in_addr()
        precondition(inet_pton(AF_INET, text, &a) == 1, text)
        return withUnsafeBytes(of: &a) { Array($0) }
    }

    typealias Kind = MediaAddressClass.Kind

    /// (address, kind): RFC 6890's ranges at their first and last addresses, and neighbours
    /// just outside them, which are global.
    static let ipv4: [(String, Kind)] = [
        ("0.0.0.0", .unspecified), ("0.255.255.255", .unspecified),
        ("10.0.0.0", .privateNetwork), ("10.255.255.255", .privateNetwork), ("11.0.0.0", .global),
        ("100.64.0.0", .sharedAddressSpace), ("100.127.255.255", .sharedAddressSpace), ("100.63.255.255", .global),
        ("100.128.0.0", .global),
        ("127.0.0.1", .loopback), ("127.255.255.254", .loopback), ("128.0.0.0", .global),
        ("169.254.0.0", .linkLocal), ("169.254.169.254", .linkLocal), ("169.255.0.0", .global),
        ("172.16.0.0", .privateNetwork), ("172.31.255.255", .privateNetwork), ("172.15.255.255", .global),
        ("172.32.0.0", .global),
        ("192.168.0.0", .privateNetwork), ("192.168.255.255", .privateNetwork), ("192.169.0.0", .global),
        ("192.0.0.8", .reserved), ("192.0.2.1", .reserved), ("198.51.100.1", .reserved), ("203.0.113.1", .reserved),
        ("198.18.0.0", .reserved), ("198.19.255.255", .reserved), ("198.20.0.0", .global),
        ("224.0.0.1", .multicast), ("239.255.255.255", .multicast),
        ("240.0.0.1", .reserved), ("255.255.255.254", .reserved), ("255.255.255.255", .broadcast),
        ("8.8.8.8", .global), ("1.1.1.1", .global), ("93.184.216.34", .global), ("223.255.255.255", .global),
    ]

    static let ipv6: [(String, Kind)] = [
        ("::", .unspecified), ("::1", .loopback),
        ("fe80::1", .linkLocal), ("febf:ffff::1", .linkLocal), ("fec0::1", .reserved),
        ("fc00::1", .uniqueLocal), ("fdff:ffff::1", .uniqueLocal), ("fe00::1", .global),
        ("ff02::1", .multicast), ("ff0e::1", .multicast),
        ("2001:db8::1", .reserved), ("100::1", .reserved), ("2001::1", .reserved),
        ("2606:4700:4700::1111", .global), ("2a00:1450:4001::200e", .global),
        // Local-use NAT64 (RFC 8215), documentation (RFC 9637), SRv6 SIDs (RFC 9602): not global.
        ("64:ff9b:1::1", .reserved), ("64:ff9b:1:ffff::a00:1", .reserved), ("64:ff9b:2::1", .global),
        ("3fff::1", .reserved), ("3fff:fff::1", .reserved), ("3fff:1000::1", .global), ("5f00::1", .reserved),
    ]

    @Test(arguments: ipv4 + ipv6) func classifiesTheRegistryRanges(_ address: String, _ kind: Kind) {
        let found = MediaAddressClass.classify(Self.bytes(address))
        #expect(found == MediaAddressClass(kind), "\(address)")
        #expect(found.isGlobal == (kind == .global))
    }

    /// An IPv4 address inside an IPv6 one is the IPv4 address's class, with its form.
    @Test func ipv4InsideIPv6IsClassifiedAsTheIPv4Address() {
        let cases: [(String, MediaAddressClass)] = [
            ("::ffff:127.0.0.1", .init(.loopback, ipv4Form: .mapped)),
            ("::ffff:10.1.2.3", .init(.privateNetwork, ipv4Form: .mapped)),
            ("::ffff:169.254.169.254", .init(.linkLocal, ipv4Form: .mapped)),
            ("::ffff:100.64.0.1", .init(.sharedAddressSpace, ipv4Form: .mapped)),
            ("::ffff:0.0.0.0", .init(.unspecified, ipv4Form: .mapped)),
            ("::ffff:8.8.8.8", .init(.global, ipv4Form: .mapped)),
            ("::127.0.0.1", .init(.loopback, ipv4Form: .compatible)),
            ("::192.168.0.1", .init(.privateNetwork, ipv4Form: .compatible)),
            ("::224.0.0.1", .init(.multicast, ipv4Form: .compatible)),
            ("64:ff9b::169.254.169.254", .init(.linkLocal, ipv4Form: .nat64)),
            ("::ffff:0:127.0.0.1", .init(.loopback, ipv4Form: .translated)),
            ("::ffff:0:10.0.0.1", .init(.privateNetwork, ipv4Form: .translated)),
            ("::ffff:0:8.8.8.8", .init(.global, ipv4Form: .translated)),
        ]
        for (text, expected) in cases {
            let found = MediaAddressClass.classify(Self.bytes(text))
            #expect(found == expected, "\(text)")
        }
        #expect(MediaAddressClass(.loopback, ipv4Form: .mapped).description == "IPv4-mapped loopback")
        // Not an address a socket connects to: refused.
        #expect(MediaAddressClass.classify([1, 2, 3]) == MediaAddressClass(.reserved))
    }

    /// Every spelling below is 127.0.0.1 to a URL parser (WHATWG) and to `inet_aton`.
    @Test(arguments: [
        "2130706433", "0x7f000001", "017700000001", "127.1", "127.0.1", "0x7f.1", "0177.0.0.1", "0x7F.0.0.0x1",
        "127.0.0.1.",
    ])
    func ipv4LiteralSpellingsAreRead(_ host: String) throws {
        let read = try #require(MediaHostAddresses.literal(host))
        #expect(try read.get() == [127, 0, 0, 1], "\(host)")
    }

    @Test func malformedIPv4LiteralsAreNotNames() {
        for host in ["1.2.3.4.5", "256.0.0.1", "1.2.3.256", "1.16777216", "08.0.0.1", "0x1g.0.0.1", "1.2.3.999999999999"] {
            guard case .some(.failure) = MediaHostAddresses.literal(host) else {
                Issue.record("\(host) was read as \(String(describing: MediaHostAddresses.literal(host)))")
                continue
            }
        }
        // Names stay names.
        #expect(MediaHostAddresses.literal("cdn.example") == nil)
        #expect(MediaHostAddresses.literal("1.2.3.example") == nil)
    }

    /// A name resolving to a public and a private address is refused (a rebinding set-up).
    @Test func oneRefusedAddressAmongSeveralRefusesTheHost() {
        let mixed = [Self.bytes("93.184.216.34"), Self.bytes("10.0.0.7")]
        #expect(MediaPolicy.verdict(host: "mixed.example", addresses: mixed) == .refusedAddress("mixed.example (10.0.0.7) is private (RFC 1918)"))
        #expect(MediaPolicy.verdict(host: "ok.example", addresses: [Self.bytes("93.184.216.34"), Self.bytes("2606:4700::1")]) == nil)
        #expect(MediaPolicy.verdict(host: "none.example", addresses: []) == .network("none.example resolves to no address"))
    }

    /// Each class, as a URL's host, is refused before any connection, naming host and class.
    @Test(arguments: [
        ("http://127.0.0.1:9/a.png", "127.0.0.1 is loopback"),
        ("http://2130706433:9/a.png", "2130706433 (127.0.0.1) is loopback"),
        ("http://0x7f.1:9/a.png", "0x7f.1 (127.0.0.1) is loopback"),
        ("http://127.1:9/a.png", "127.1 (127.0.0.1) is loopback"),
        ("http://0177.0.0.1:9/a.png", "0177.0.0.1 (127.0.0.1) is loopback"),
        ("http://[::1]:9/a.png", "::1 is loopback"),
        ("http://10.1.2.3/a.png", "10.1.2.3 is private (RFC 1918)"),
        ("http://172.16.5.4/a.png", "172.16.5.4 is private (RFC 1918)"),
        ("http://192.168.1.1/a.png", "192.168.1.1 is private (RFC 1918)"),
        ("http://169.254.169.254/latest/meta-data/", "169.254.169.254 is link-local"),
        ("http://[fe80::1]/a.png", "fe80::1 is link-local"),
        ("http://100.64.0.1/a.png", "100.64.0.1 is shared address space (carrier-grade NAT)"),
        ("http://[fd00::1]/a.png", "fd00::1 is unique-local"),
        ("http://[::ffff:127.0.0.1]/a.png", "::ffff:127.0.0.1 is IPv4-mapped loopback"),
        ("http://[::ffff:169.254.169.254]/a.png", "::ffff:169.254.169.254 is IPv4-mapped link-local"),
        ("http://[::10.0.0.1]/a.png", "::10.0.0.1 is IPv4-compatible private (RFC 1918)"),
        ("http://224.0.0.1/a.png", "224.0.0.1 is multicast"),
        ("http://[ff02::1]/a.png", "ff02::1 is multicast"),
        ("http://0.0.0.0/a.png", "0.0.0.0 is unspecified"),
        ("http://[::]/a.png", ":: is unspecified"),
        ("http://255.255.255.255/a.png", "255.255.255.255 is broadcast"),
    ])
    func eachRefusedClassIsNamed(_ url: String, _ said: String) async throws {
        let policy = MediaPolicy(allowHTTP: .always)
        let refused = await policy.checkAddresses(of: try #require(URL(string: url)), deadline: .now + .seconds(30))
        #expect(refused == .refusedAddress(said), "\(url)")
        #expect(refused?.description.hasPrefix("address refused: \(said)") == true)
    }

    /// A name is resolved: `localhost` (from /etc/hosts) is loopback, unless allowed.
    @Test func namesAreResolvedAndTheAllowListIsExactAndCaseInsensitive() async throws {
        let url = try #require(URL(string: "http://localhost:9/a.png"))
        let refused = await MediaPolicy().checkAddresses(of: url, deadline: .now + .seconds(30))
        #expect(refused?.code == "refused-address")
        #expect(refused?.description.contains("localhost (") == true, "\(String(describing: refused))")
        #expect(refused?.description.contains("loopback") == true)
        #expect(await MediaPolicy(allowHosts: ["LocalHost"]).checkAddresses(of: url, deadline: .now + .seconds(30)) == nil)
        // Exact: neither a suffix nor the address stands for the name.
        for other in [["host"], ["127.0.0.1"], ["local"]] {
            #expect(await MediaPolicy(allowHosts: other).checkAddresses(of: url, deadline: .now + .seconds(30)) != nil)
        }
        let literal = try #require(URL(string: "http://[::1]:9/a.png"))
        #expect(await MediaPolicy(allowHosts: ["::1"]).checkAddresses(of: literal, deadline: .now + .seconds(30)) == nil)
        #expect(await MediaPolicy(allowHosts: ["[::1]"]).checkAddresses(of: literal, deadline: .now + .seconds(30)) == nil)
    }

    /// A host written with percent escapes is judged as what it decodes to.
    @Test func percentEncodedHostsAreDecodedBeforeTheCheck() async throws {
        for text in ["http://127%2E0%2E0%2E1/a.png", "http://%31%32%37.0.0.1/a.png"] {
            // Foundation takes such a URL and keeps the escapes in its host: the policy must
            // decode them, else it would resolve (and pass) a name that is not the address.
            let url = try #require(URL(string: text), "\(text)")
            #expect(MediaPolicy.policyHost(of: url) == "127.0.0.1", "\(text)")
            let refused = await MediaPolicy(allowHTTP: .always).checkAddresses(of: url, deadline: .now + .seconds(30))
            #expect(refused?.code == "refused-address", "\(text): \(String(describing: refused))")
        }
    }

    /// Without the allow-list the loopback server is never asked, whichever way its address
    /// is written; with it, the same download works.
    @Test func refusedHostsAreNeverConnectedTo() async throws {
        let server = try LoopbackHTTPServer { _ in .ok(Fixture.png) }
        defer { server.stop() }
        let folder = try TemporaryFolder("herald-media-tests")
        let urls = [
            "http://127.0.0.1:\(server.port)/a.png", "http://2130706433:\(server.port)/b.png",
            "http://127.1:\(server.port)/c.png", "http://localhost:\(server.port)/d.png",
            "http://[::ffff:127.0.0.1]:\(server.port)/e.png",
        ]
        let refs = urls.map { MediaReference(url: $0, source: .heraldMedia) }
        let strict = MediaFetcher.httpClient(policy: MediaPolicy(allowHTTP: .always, maxAttachmentsPerNotification: 8))
        let results = await strict.fetch(refs, into: folder.attachments, deadline: .now + .seconds(60))
        for r in results { #expect(r.failure?.code == "refused-address", "\(r)") }
        #expect(server.connections.isEmpty)
        let allowed = MediaFetcher.httpClient(policy: MediaPolicy(allowHTTP: .always, allowHosts: ["127.0.0.1"]))
        let fetched = await allowed.fetch([refs[0]], into: folder.attachments, deadline: .now + .seconds(60))
        #expect(fetched.first?.attachment != nil, "\(fetched)")
    }

    /// A redirect's target is checked like the first hop: an allowed host that redirects to
    /// a refused one (by address, or by a name for the same server that is not allowed) is
    /// stopped before the second request.
    @Test(arguments: ["http://169.254.169.254/latest/meta-data/", "http://10.0.0.1/a.png", "http://localhost:PORT/secret.png", "http://[::1]:PORT/secret.png"])
    func redirectsToRefusedAddressesAreNotFollowed(_ target: String) async throws {
        let server = try LoopbackHTTPServer.answering { request in
            // The server's own port, from the Host header the client sent ("127.0.0.1:PORT").
            let port = String(request.headers["host"]?.split(separator: ":").last ?? "")
            return request.path == "/start"
                ? .redirect(302, to: target.replacingOccurrences(of: "PORT", with: port)) : .ok(Fixture.png)
        }
        defer { server.stop() }
        let folder = try TemporaryFolder("herald-media-tests")
        let fetcher = MediaFetcher.httpClient(policy: MediaPolicy(allowHTTP: .always, allowHosts: ["127.0.0.1"]))
        let results = await fetcher.fetch(
            [MediaReference(url: server.url("/start"), source: .heraldMedia)], into: folder.attachments,
            deadline: .now + .seconds(60))
        #expect(results.first?.failure?.code == "refused-address", "\(results)")
        #expect(server.requests.map(\.path) == ["/start"])
        #expect(folder.files().isEmpty)
    }
}
