import Foundation
import HeraldJSON
import HeraldTestSupport
import Testing

@testable import HeraldMedia
import HeraldNetwork

/// The fetcher with the in-process (AsyncHTTPClient) downloader against a real HTTP/1.1 server on 127.0.0.1
/// (LoopbackHTTPServer). HelperProcessDownloaderTests runs the same downloads through herald-net.
@Suite(.serialized) struct MediaFetcherTests {
    /// http is allowed for the loopback address only (like an ATS exception domain).
    let loopback = MediaPolicy(allowHTTP: .hosts(["127.0.0.1"]), allowHosts: ["127.0.0.1"])

    func fetch(
        _ refs: [MediaReference], _ folder: TemporaryFolder, policy: MediaPolicy? = nil, within seconds: Double = 60
    ) async -> [MediaResult] {
        let fetcher = MediaFetcher.httpClient(policy: policy ?? loopback)
        return await fetcher.fetch(
            refs, into: folder.attachments, deadline: .now + .milliseconds(Int(seconds * 1000)))
    }

    /// A PNG whose signature arrives at once and the rest 16 bytes at a time,
    /// 30 s apart: a download that can only end by deadline or cancellation.
    static func slowPNGServer() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { _ in
            var r = LoopbackHTTPServer.Response.ok(Fixture.png + [UInt8](repeating: 0, count: 1000))
            r.chunkSize = 16
            r.pauseAfterChunk = 30
            return r
        }
    }

    func ref(_ url: String, _ role: MediaRole = .both) -> MediaReference {
        MediaReference(url: url, role: role, source: .heraldMedia)
    }

    @Test func downloadsAPNGUnderItsContentHash() async throws {
        let server = try LoopbackHTTPServer { _ in .ok(Fixture.png, contentType: "image/png") }
        defer { server.stop() }
        let folder = try TemporaryFolder("herald-media-tests")

        let results = await fetch([ref(server.url("/pictures/winner.jpeg?size=large"))], folder)
        let a = try #require(results.first?.attachment, "\(results)")
        // The name is the SHA-256 of the content and the extension of the sniffed type,
        // whatever the URL says.
        #expect(a.file.fileName == Fixture.pngSHA256 + ".png")
        #expect(a.file.path == folder.attachments + "/" + Fixture.pngSHA256 + ".png")
        #expect(a.file.type == .png && a.typeHint == "public.png")
        #expect(a.file.byteCount == Int64(Fixture.png.count))
        #expect(a.identifier == "media-1" && a.thumbnailHidden == false)
        let stored = try Data(contentsOf: URL(fileURLWithPath: a.file.path))
        #expect(Array(stored) == Fixture.png)
        // No temporary file left behind.
        #expect(folder.files() == [Fixture.pngSHA256 + ".png"])
    }

    @Test func thumbnailAndExpandedFromTheServer() async throws {
        let server = try LoopbackHTTPServer { path in
            path == "/t.gif" ? .ok(Fixture.gif) : .ok(Fixture.png)
        }
        defer { server.stop() }
        let folder = try TemporaryFolder("herald-media-tests")
        let clip = ClipRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        let refs = [
            MediaReference(url: server.url("/e.png"), role: .expanded, source: .heraldMedia, id: "big"),
            MediaReference(url: server.url("/t.gif"), role: .thumbnail, clip: clip, source: .heraldMedia, id: "small"),
        ]
        let results = await fetch(refs, folder)
        let ordered = Attachments.ordered(results)
        #expect(ordered.map(\.identifier) == ["small", "big"])
        #expect(ordered.map(\.thumbnailHidden) == [false, true])
        #expect(ordered.map(\.file.fileName) == [Fixture.gifSHA256 + ".gif", Fixture.pngSHA256 + ".png"])
        let json = Attachments.json(results)
        #expect(json.arrayValue?.first?["clip"]?["Width"] == .number("0.5"))
        #expect(json.arrayValue?.first?["type"] == .string("com.compuserve.gif"))
        #expect(Attachments.outputKey == "herald-attachments")
        #expect(results.failures.isEmpty)
        #expect(results.attachedFileNames == [Fixture.gifSHA256 + ".gif", Fixture.pngSHA256 + ".png"])
    }

    @Test func slowServerTimesOutAtTheDeadline() async throws {
        // Headers and the PNG signature come at once, then nothing for a long time.
        let server = try Self.slowPNGServer()
        defer { server.stop() }
        let folder = try TemporaryFolder("herald-media-tests")

        let deadline = ContinuousClock.now + .milliseconds(800)
        let results = await MediaFetcher.httpClient(policy: loopback).fetch(
            [ref(server.url("/slow.png"))], into: folder.attachments, deadline: deadline)
        // `.timedOut` is the fetcher's own report that its deadline ended the transfer (the
        // server never finishes); no wall-clock bound, which a busy machine would break.
        #expect(results.first?.failure == .timedOut)
        #expect(folder.files().isEmpty)
    }

    @Test func slowHeadersTimeOutToo() async throws {
        let server = try LoopbackHTTPServer { _ in
            var r = LoopbackHTTPServer.Response.ok(Fixture.png)
            r.pauseBeforeHeaders = 30
            return r
        }
        defer { server.stop() }
        let folder = try TemporaryFolder("herald-media-tests")
        let results = await fetch([ref(server.url("/a.png"))], folder, within: 0.5)
        #expect(results.first?.failure == .timedOut)
    }

    @Test func cancellingTheCallerStopsTheDownload() async throws {
        let server = try Self.slowPNGServer()
        defer { server.stop() }
        let folder = try TemporaryFolder("herald-media-tests")
        let policy = loopback
        let url = server.url("/slow.png")
        let path = folder.attachments
        let task = Task {
            await MediaFetcher.httpClient(policy: policy).fetch(
                [MediaReference(url: url, source: .heraldMedia)], into: path, deadline: .now + .seconds(60))
        }
        // Cancel once the server has started sending.
        _ = server.waitForFinishedConnections(99, timeout: 0.3)
        task.cancel()
        let results = await task.value
        #expect(results.first?.failure == .cancelled)
        #expect(folder.files().isEmpty)
    }

    @Test func farDeadlineIsFine() async throws {
        let server = try LoopbackHTTPServer { _ in .ok(Fixture.png) }
        defer { server.stop() }
        let folder = try TemporaryFolder("herald-media-tests")
        let results = await MediaFetcher.httpClient(policy: loopback).fetch(
            [ref(server.url("/a.png"))], into: folder.attachments, deadline: .now + .seconds(1_000_000_000))
        #expect(results.first?.attachment?.file.fileName == Fixture.pngSHA256 + ".png")
    }

    @Test func deadlineAlreadyPassed() async throws {
        let folder = try TemporaryFolder("herald-media-tests")
        let results = await MediaFetcher.httpClient(policy: loopback).fetch(
            [ref("http://127.0.0.1:9/a.png")], into: folder.attachments, deadline: .now - .seconds(1))
        #expect(results.first?.failure == .timedOut)
    }

    @Test func bodyOverTheLimitIsAbortedWhileStreaming() async throws {
        // No Content-Length: only counting the streamed bytes can catch it. The server sends
        // 1 MB and then holds the stream open: only a client that stops at the 200 KB limit by
        // itself closes it (one that read on would wait until its deadline), whatever the load.
        let server = try LoopbackHTTPServer { _ in
            var r = LoopbackHTTPServer.Response.ok(Fixture.png)
            r.fillerCount = 1_000_000 - Fixture.png.count
            r.sendContentLength = false
            r.holdAfterBody = true
            return r
        }
        defer { server.stop() }
        let folder = try TemporaryFolder("herald-media-tests")
        var policy = loopback
        policy.limits.image = 200_000

        let results = await fetch([ref(server.url("/huge.png"))], folder, policy: policy)
        #expect(results.first?.failure == .tooLarge(limit: 200_000))
        let conns = server.waitForFinishedConnections(1)
        let c = try #require(conns.first)
        #expect(c.peerClosedEarly, "the client should have closed the connection mid-body")
        #expect(folder.files().isEmpty, "\(folder.files())")
    }

    @Test func iOSImageLimitWhileStreaming() async throws {
        // 10,000,001 bytes and more of PNG with no Content-Length: over iOS's 10 MB. The
        // server then sends nothing more and never ends the stream, so only a client that
        // stops at the limit by itself gets `.tooLarge` and closes the connection; one that
        // read on would wait for the rest until its deadline. No pacing, no byte-count bound:
        // both broke under load (libcurl read past 20 MB while its delegate was starved).
        let server = try LoopbackHTTPServer { _ in
            var r = LoopbackHTTPServer.Response.ok(Fixture.png)
            r.fillerCount = 12_000_000 - Fixture.png.count
            r.sendContentLength = false
            r.chunkSize = 131_072
            r.holdAfterBody = true
            return r
        }
        defer { server.stop() }
        let folder = try TemporaryFolder("herald-media-tests")
        let results = await fetch([ref(server.url("/big.png"))], folder)
        #expect(results.first?.failure == .tooLarge(limit: 10_000_000))
        let c = try #require(server.waitForFinishedConnections(1).first)
        #expect(c.peerClosedEarly, "\(c)")
        #expect(folder.files().isEmpty)
    }

    @Test func exactlyAtTheAudioLimitIsAccepted() async throws {
        let server = try LoopbackHTTPServer { _ in
            var r = LoopbackHTTPServer.Response.ok(Fixture.id3)
            r.fillerCount = 5_000_000 - Fixture.id3.count
            r.sendContentLength = false
            return r
        }
        defer { server.stop() }
        let folder = try TemporaryFolder("herald-media-tests")
        let results = await fetch([ref(server.url("/song"))], folder)
        let a = try #require(results.first?.attachment, "\(results)")
        #expect(a.file.type == .mp3 && a.file.byteCount == 5_000_000)
    }

    @Test func contentLengthOverTheLimitIsRefusedUpFront() async throws {
        let server = try LoopbackHTTPServer { path in
            var r = LoopbackHTTPServer.Response.ok(Fixture.png)
            if path == "/announced" {
                // Announces 60 MB: over every limit, refused on the headers alone.
                r.announcedLength = 60_000_000
            } else {
                // A 10,000,001-byte PNG by its Content-Length, of which the server sends
                // 100 KB and then nothing more: only a client that refuses it as soon as the
                // type is known closes the connection (no byte-count bound, which load broke).
                r.fillerCount = 100_000 - Fixture.png.count
                r.announcedLength = 10_000_001
                r.holdAfterBody = true
            }
            return r
        }
        defer { server.stop() }
        let folder = try TemporaryFolder("herald-media-tests")
        let results = await fetch([ref(server.url("/announced")), ref(server.url("/real"))], folder)
        #expect(results.map(\.failure) == [.tooLarge(limit: 50_000_000), .tooLarge(limit: 10_000_000)])
        let conns = server.waitForFinishedConnections(2)
        let real = try #require(conns.first { $0.path == "/real" })
        #expect(real.peerClosedEarly, "\(real)")
        #expect(folder.files().isEmpty)
    }

    @Test func htmlBehindAJPEGURLIsRejected() async throws {
        let server = try LoopbackHTTPServer { _ in .ok(Fixture.html, contentType: "image/jpeg") }
        defer { server.stop() }
        let folder = try TemporaryFolder("herald-media-tests")
        let results = await fetch([ref(server.url("/photo.jpg"))], folder)
        #expect(results.first?.failure == .unsupportedType("html"))
        #expect(folder.files().isEmpty)
    }

    @Test func emptyBodyIsRejected() async throws {
        let server = try LoopbackHTTPServer { _ in .ok([]) }
        defer { server.stop() }
        let folder = try TemporaryFolder("herald-media-tests")
        let results = await fetch([ref(server.url("/nothing.png"))], folder)
        #expect(results.first?.failure == .unsupportedType("empty"))
        #expect(folder.files().isEmpty)
    }

    @Test func redirectToAFileURLIsRefused() async throws {
        let server = try LoopbackHTTPServer { _ in .redirect(to: "file:///etc/passwd") }
        defer { server.stop() }
        let folder = try TemporaryFolder("herald-media-tests")
        let results = await fetch([ref(server.url("/a.png"))], folder)
        #expect(results.first?.failure == .forbiddenRedirect("file:///etc/passwd"))
        #expect(folder.files().isEmpty)
    }

    @Test func redirectToADisallowedHTTPHostIsRefused() async throws {
        // http is allowed for 127.0.0.1 only; "localhost" is another host.
        let server = try LoopbackHTTPServer { path in
            path == "/a.png" ? .redirect(301, to: "http://localhost:1/b.png") : .ok(Fixture.png)
        }
        defer { server.stop() }
        let folder = try TemporaryFolder("herald-media-tests")
        let results = await fetch([ref(server.url("/a.png"))], folder)
        #expect(results.first?.failure == .forbiddenRedirect("http://localhost:1/b.png"))
        #expect(server.connections.map(\.path) == ["/a.png"])
    }

    @Test func allowedRedirectIsFollowed() async throws {
        let server = try LoopbackHTTPServer { path in
            path == "/old.png" ? .redirect(307, to: "/new.png") : .ok(Fixture.png)
        }
        defer { server.stop() }
        let folder = try TemporaryFolder("herald-media-tests")
        let results = await fetch([ref(server.url("/old.png"))], folder)
        #expect(results.first?.attachment?.file.fileName == Fixture.pngSHA256 + ".png")
        #expect(server.connections.map(\.path) == ["/old.png", "/new.png"])
    }

    @Test func redirectLoopStops() async throws {
        let server = try LoopbackHTTPServer { _ in .redirect(to: "/again") }
        defer { server.stop() }
        let folder = try TemporaryFolder("herald-media-tests")
        var policy = loopback
        policy.maxRedirects = 3
        let results = await fetch([ref(server.url("/start"))], folder, policy: policy)
        #expect(results.first?.failure == .tooManyRedirects(3))
    }

    @Test func forbiddenSchemesAreNeverRequested() async throws {
        let server = try LoopbackHTTPServer { _ in .ok(Fixture.png) }
        defer { server.stop() }
        let folder = try TemporaryFolder("herald-media-tests")
        let results = await fetch(
            [
                ref(server.url("/a.png")), ref("file:///etc/passwd"), ref("ftp://127.0.0.1/a.png"),
                ref("not a url at all"),
            ], folder, policy: MediaPolicy())
        #expect(
            results.map(\.failure) == [
                .unsupportedScheme("http"), .unsupportedScheme("file"), .unsupportedScheme("ftp"),
                .invalidURL("not a url at all"),
            ])
        #expect(server.connections.isEmpty)
        #expect(results.attachments.isEmpty)
        #expect(results.failures.map(\.reference.url) == ["http://127.0.0.1:\(server.port)/a.png", "file:///etc/passwd", "ftp://127.0.0.1/a.png", "not a url at all"])
    }

    @Test func serverDownIsANetworkFailure() async throws {
        let server = try LoopbackHTTPServer { _ in .ok(Fixture.png) }
        let url = server.url("/a.png")
        server.stop()
        let folder = try TemporaryFolder("herald-media-tests")
        let results = await fetch([ref(url)], folder)
        guard case .network(let why)? = results.first?.failure else {
            Issue.record("expected a network failure, got \(results)")
            return
        }
        #expect(!why.isEmpty)
        #expect(folder.files().isEmpty)
    }

    @Test func httpErrorStatus() async throws {
        let server = try LoopbackHTTPServer { _ in
            LoopbackHTTPServer.Response(status: 404, body: Fixture.html)
        }
        defer { server.stop() }
        let folder = try TemporaryFolder("herald-media-tests")
        let results = await fetch([ref(server.url("/gone.png"))], folder)
        #expect(results.first?.failure == .http(404))
    }

    @Test func namesNeverComeFromTheURL() async throws {
        let server = try LoopbackHTTPServer { _ in
            LoopbackHTTPServer.Response(
                status: 200,
                headers: [("Content-Disposition", "attachment; filename=\"../../escape.png\"")],
                body: Fixture.png)
        }
        defer { server.stop() }
        let folder = try TemporaryFolder("herald-media-tests")
        let results = await fetch([ref(server.url("/..%2F..%2Fescape.png?name=../../x.png"))], folder)
        let a = try #require(results.first?.attachment, "\(results)")
        #expect(a.file.path == folder.attachments + "/" + Fixture.pngSHA256 + ".png")
        #expect(folder.files() == [Fixture.pngSHA256 + ".png"])
        #expect(folder.files(folder.path) == ["attachments"])
    }

    @Test func moreItemsThanThePolicyAttachesAreSkipped() async throws {
        let server = try LoopbackHTTPServer { _ in .ok(Fixture.png) }
        defer { server.stop() }
        let folder = try TemporaryFolder("herald-media-tests")
        var policy = loopback
        policy.maxAttachmentsPerNotification = 1
        let results = await fetch([ref(server.url("/1.png")), ref(server.url("/2.png"))], folder, policy: policy)
        #expect(results.first?.attachment != nil)
        guard case .skipped? = results.last?.failure else {
            Issue.record("expected skipped, got \(results)")
            return
        }
    }

    @Test func unwritableFolderIsAnIOFailure() async throws {
        let folder = try TemporaryFolder("herald-media-tests")
        let blocker = folder.path + "/file"
        _ = FileManager.default.createFile(atPath: blocker, contents: Data([1]))
        let results = await MediaFetcher.httpClient(policy: loopback).fetch(
            [ref("http://127.0.0.1:9/a.png")], into: blocker + "/attachments", deadline: .now + .seconds(600))
        guard case .io? = results.first?.failure else {
            Issue.record("expected io, got \(results)")
            return
        }
    }

    @Test func legacyPushEndToEnd() async throws {
        let server = try LoopbackHTTPServer { _ in .ok(Fixture.gif) }
        defer { server.stop() }
        let folder = try TemporaryFolder("herald-media-tests")
        let payload = JSONValue.object(
            JSONObject([
                ("aps", .object(JSONObject([("alert", .string("x")), ("mutable-content", .int(1))]))),
                ("media-url", .string(MediaReferences.rot13(server.url("/spy.gif")))),
            ]))
        let refs = MediaReferences.extract(from: payload, herald: nil)
        #expect(refs.first?.source == .legacy)
        let results = await fetch(refs, folder)
        #expect(results.first?.attachment?.file.fileName == Fixture.gifSHA256 + ".gif")
    }
}
