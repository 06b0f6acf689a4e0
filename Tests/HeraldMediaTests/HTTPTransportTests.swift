import Foundation
import HeraldSync
import HeraldTestSupport
import Testing

@testable import HeraldMedia
@testable import HeraldNetwork

import Glibc

/// The AsyncHTTPClient transport against loopback servers: many transfers at once, a
/// transfer that stalls mid-body, a body shorter than announced, the connection going to the
/// address that was checked (a resolver that answers differently the second time), and
/// redirect chains checked hop by hop. No wall-clock bound: a deadline is judged by the
/// fetcher's own `.timedOut`, never by a stopwatch.
@Suite(.serialized) struct HTTPTransportTests {
    /// A PNG of `size` bytes: the fixture's bytes, then filler (so each size has its own hash).
    static func png(_ size: Int) -> [UInt8] { Fixture.png + [UInt8](repeating: 0x41, count: size - Fixture.png.count) }

    /// A resolver answering from `table` and counting its calls per name.
    final class CountingResolver: Sendable {
        let calls = Locked([String: Int]())
        let answers: @Sendable (String, Int) -> [[UInt8]]?

        /// `answers(name, n)`: the addresses of `name` at its `n`th lookup (1-based).
        init(_ answers: @escaping @Sendable (String, Int) -> [[UInt8]]?) { self.answers = answers }

        var resolver: MediaHostResolver {
            MediaHostResolver(answering: { name in
                let n = self.calls.withLock { c in
                    c[name, default: 0] += 1
                    return c[name, default: 0]
                }
                return self.answers(name, n)
            })
        }

        func count(_ name: String) -> Int { calls.withLock { $0[name] ?? 0 } }
    }

    static func ref(_ url: String) -> MediaReference { MediaReference(url: url, source: .heraldMedia) }

    /// http allowed, and the loopback address exempt from the address check.
    static let loopback = MediaPolicy(allowHTTP: .always, allowHosts: ["127.0.0.1"])

    /// Fetches `urls` into `folder` with the in-process downloader.
    static func fetch(
        _ urls: [String], into folder: TemporaryFolder, policy: MediaPolicy = loopback, resolver: MediaHostResolver = .system,
        within limit: Duration = .seconds(60)
    ) async -> [MediaResult] {
        await MediaFetcher.httpClient(policy: policy, resolver: resolver).fetch(
            urls.map(ref), into: folder.attachments, deadline: .now + limit)
    }

    /// Eleven downloads of 3 KB to 200 KB from one server at once all arrive whole (the
    /// issue: under libcurl, 5–6 of 11 were lost to `timed-out`).
    @Test func elevenConcurrentDownloadsAllSucceed() async throws {
        let sizes = [3_000, 5_000, 8_000, 12_000, 20_000, 35_000, 50_000, 80_000, 110_000, 150_000, 200_000]
        let server = try LoopbackHTTPServer { path in
            .ok(Self.png(Int(path.dropFirst().split(separator: ".").first ?? "") ?? 100), contentType: "image/png")
        }
        defer { server.stop() }
        let folder = try TemporaryFolder("herald-media-tests")
        var policy = Self.loopback
        policy.maxAttachmentsPerNotification = 11
        let results = await Self.fetch(sizes.map { server.url("/\($0).png") }, into: folder, policy: policy, within: .seconds(120))
        #expect(results.failures.isEmpty, "\(results.failures)")
        #expect(results.compactMap(\.attachment?.file.byteCount) == sizes.map(Int64.init))
        #expect(folder.files().count == 11)
        #expect(Set(server.requests.map(\.path)) == Set(sizes.map { "/\($0).png" }))
    }

    /// A server that sends the headers and part of the body, then nothing, while keeping the
    /// connection open: the deadline ends the transfer with `.timedOut`, the client closes the
    /// connection, and no file is left. On a loaded machine a short deadline can pass before
    /// the request even reaches the server (still `.timedOut`, but no stall was tested), so
    /// the deadline doubles until the server has sent its partial body within it.
    @Test func aTransferStalledMidBodyEndsAtItsDeadline() async throws {
        var limit = Duration.milliseconds(700)
        for attempt in 1...6 {
            let server = try LoopbackHTTPServer { _ in
                var r = LoopbackHTTPServer.Response.ok(Self.png(2_000))
                r.announcedLength = 50_000
                r.holdAfterBody = true
                return r
            }
            defer { server.stop() }
            let folder = try TemporaryFolder("herald-media-tests")
            let results = await Self.fetch([server.url("/stall.png")], into: folder, within: limit)
            #expect(results.first?.failure == .timedOut)
            #expect(folder.files().isEmpty)
            guard server.requests.count == 1, server.connections.first?.bodyBytesSent == 2_000 || attempt == 6 else {
                // The deadline came before the stall: the client must still have let go.
                limit *= 2
                continue
            }
            // The server sees the client go away (it holds the connection until then).
            let c = try #require(server.waitForFinishedConnections(1, timeout: 60).first)
            #expect(c.finished && c.peerClosedEarly && c.bodyBytesSent == 2_000, "\(c)")
            return
        }
    }

    /// A response that ends before its Content-Length is a network failure, never a short
    /// file (the issue: a 10-byte "png" was accepted).
    @Test func aBodyShorterThanItsContentLengthIsRejected() async throws {
        let server = try LoopbackHTTPServer { _ in
            var r = LoopbackHTTPServer.Response.ok(Fixture.png)
            r.announcedLength = Fixture.png.count + 1_000
            return r
        }
        defer { server.stop() }
        let folder = try TemporaryFolder("herald-media-tests")
        let results = await Self.fetch([server.url("/short.png")], into: folder)
        #expect(results.first?.failure?.code == "network", "\(results)")
        #expect(results.first?.attachment == nil)
        #expect(folder.files().isEmpty, "\(folder.files())")
    }

    /// Each refused class, reached through a name: refused without the allow-list, and with
    /// the name on it the check passes and names that same address as the one to connect to.
    @Test(arguments: [
        ("127.0.0.1", "loopback"), ("10.1.2.3", "private (RFC 1918)"), ("172.16.0.9", "private (RFC 1918)"),
        ("192.168.1.1", "private (RFC 1918)"), ("169.254.169.254", "link-local"), ("fe80::1", "link-local"),
        ("100.64.0.1", "shared address space (carrier-grade NAT)"), ("fd00::1", "unique-local"),
        ("::ffff:127.0.0.1", "IPv4-mapped loopback"), ("::10.0.0.1", "IPv4-compatible private (RFC 1918)"),
        ("224.0.0.1", "multicast"), ("ff02::1", "multicast"), ("0.0.0.0", "unspecified"), ("::", "unspecified"),
        ("::1", "loopback"),
    ])
    func aNameResolvingToARefusedClassIsRefusedUnlessAllowed(_ address: String, _ kind: String) async throws {
        let bytes = AddressPolicyTests.bytes(address)
        let resolver = MediaHostResolver(answering: { $0 == "media.test" ? [bytes] : nil })
        let url = try #require(URL(string: "https://media.test/a.png"))
        let refused = await MediaPolicy().checkedHost(of: url, resolver: resolver, deadline: .now + .seconds(30))
        #expect(refused == .failure(.refusedAddress("media.test (\(address)) is \(kind)")))
        let allowed = await MediaPolicy(allowHosts: ["media.test"]).checkedHost(
            of: url, resolver: resolver, deadline: .now + .seconds(30))
        #expect(allowed == .success(MediaCheckedHost(host: "media.test", address: address)))
    }

    /// The connection goes to the address the check resolved, not to a second lookup: the
    /// resolver answers 127.0.0.1 the first time and 127.0.0.2 after that, where a second
    /// server listens on the same port. Only the first server is asked, the name is looked up
    /// once, and the request still names the host (Host header). The name exists nowhere
    /// but in this resolver, so a client that resolved it again by itself would fail.
    @Test func aRebindingResolverCannotRedirectTheConnection() async throws {
        let first = try LoopbackHTTPServer { _ in .ok(Fixture.png) }
        defer { first.stop() }
        let second = try LoopbackHTTPServer.answering(on: "127.0.0.2", port: first.port) { _ in .ok(Fixture.gif) }
        defer { second.stop() }
        let resolver = CountingResolver { name, n in
            name == "rebind.test" ? [n == 1 ? [127, 0, 0, 1] : [127, 0, 0, 2]] : nil
        }
        let folder = try TemporaryFolder("herald-media-tests")
        let results = await Self.fetch(
            ["http://Rebind.Test:\(first.port)/a.png"], into: folder,
            policy: MediaPolicy(allowHTTP: .always, allowHosts: ["rebind.test"]), resolver: resolver.resolver)
        #expect(results.first?.attachment?.file.fileName == Fixture.pngSHA256 + ".png", "\(results)")
        #expect(resolver.count("rebind.test") == 1)
        #expect(first.requests.map(\.path) == ["/a.png"])
        #expect(first.requests.first?.headers["host"]?.lowercased() == "rebind.test:\(first.port)")
        #expect(second.requests.isEmpty)
    }

    /// A chain of redirects across names: every hop's host is resolved and checked before it
    /// is requested, and the chain stops at the first hop the policy refuses.
    @Test func eachHopOfARedirectChainIsChecked() async throws {
        let server = try LoopbackHTTPServer.answering { request in
            let port = String(request.headers["host"]?.split(separator: ":").last ?? "")
            switch request.path {
            case "/1": return .redirect(302, to: "http://hop.test:\(port)/2")
            case "/2": return .redirect(307, to: "/3")
            case "/3": return .redirect(301, to: "http://inside.test:\(port)/4")
            default: return .ok(Fixture.png)
            }
        }
        defer { server.stop() }
        let resolver = CountingResolver { name, _ in
            switch name {
            case "hop.test": return [[127, 0, 0, 1]]
            case "inside.test": return [[10, 0, 0, 7]]
            default: return nil
            }
        }
        let folder = try TemporaryFolder("herald-media-tests")
        let results = await Self.fetch(
            [server.url("/1")], into: folder, policy: MediaPolicy(allowHTTP: .always, allowHosts: ["127.0.0.1", "hop.test"]),
            resolver: resolver.resolver)
        #expect(results.first?.failure == .refusedAddress("inside.test (10.0.0.7) is private (RFC 1918)"))
        #expect(server.requests.map(\.path) == ["/1", "/2", "/3"])
        // hop.test was looked up once per hop that went to it.
        #expect(resolver.count("hop.test") == 2 && resolver.count("inside.test") == 1)
        #expect(folder.files().isEmpty)
    }

    /// The redirect limit counts hops: a chain of exactly `maxRedirects` arrives, one more is
    /// refused before its request.
    @Test func theRedirectLimitCountsHops() async throws {
        let server = try LoopbackHTTPServer { path in
            let n = Int(path.dropFirst()) ?? 0
            return n < 3 ? .redirect(308, to: "/\(n + 1)") : .ok(Fixture.png)
        }
        defer { server.stop() }
        let folder = try TemporaryFolder("herald-media-tests")
        var policy = Self.loopback
        policy.maxRedirects = 3
        let ok = await Self.fetch([server.url("/0")], into: folder, policy: policy)
        #expect(ok.first?.attachment != nil, "\(ok)")
        policy.maxRedirects = 2
        let refused = await Self.fetch([server.url("/0")], into: folder, policy: policy)
        #expect(refused.first?.failure == .tooManyRedirects(2))
        #expect(server.requests.map(\.path) == ["/0", "/1", "/2", "/3", "/0", "/1", "/2"])
    }
}
