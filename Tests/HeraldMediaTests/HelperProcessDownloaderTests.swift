import Foundation
import HeraldJSON
import HeraldTestSupport
import Testing

@testable import HeraldMedia

/// The fetcher with `HelperProcessMediaDownloader`: the real `herald-net fetch`
/// binary (built beside the test runner) against a loopback HTTP server.
@Suite(.serialized) struct HelperProcessDownloaderTests {
    let loopback = MediaPolicy(allowHTTP: .hosts(["127.0.0.1"]), allowHosts: ["127.0.0.1"])

    /// Writes an executable script through a close-on-exec descriptor. Written with
    /// Foundation's `write(toFile:atomically:)`, a child another test spawned at that moment
    /// could inherit the file's write descriptor, and exec of the script then failed with
    /// "Text file busy" (seen in a full suite run).
    static func writeScript(_ text: String, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == bytes.count else {
            throw CocoaError(.fileWriteUnknown)
        }
    }

    /// `<.build>/debug/herald-net` ($HERALD_NET overrides).
    static func helperPath() throws -> String {
        if let p = ProcessInfo.processInfo.environment["HERALD_NET"], !p.isEmpty { return p }
        var dir = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent().standardizedFileURL
        for _ in 0..<5 {
            let candidate = dir.appendingPathComponent("herald-net").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir.deleteLastPathComponent()
        }
        throw HelperNotFound()
    }

    struct HelperNotFound: Error {}

    func fetcher(_ policy: MediaPolicy? = nil) throws -> MediaFetcher {
        MediaFetcher(policy: policy ?? loopback, downloader: HelperProcessMediaDownloader(executable: try Self.helperPath()))
    }

    @Test func downloadsThroughTheHelper() async throws {
        let server = try LoopbackHTTPServer { path in path == "/t.gif" ? .ok(Fixture.gif) : .ok(Fixture.png) }
        defer { server.stop() }
        let folder = try TemporaryFolder("herald-media-tests")
        let refs = [
            MediaReference(url: server.url("/e.png"), role: .expanded, source: .heraldMedia, id: "big"),
            MediaReference(url: server.url("/t.gif"), role: .thumbnail, source: .heraldMedia, id: "small"),
        ]
        let results = try await fetcher().fetch(refs, into: folder.attachments, deadline: .now + .seconds(30))
        #expect(results.failures.isEmpty, "\(results)")
        let ordered = Attachments.ordered(results)
        #expect(ordered.map(\.identifier) == ["small", "big"])
        #expect(ordered.map(\.file.fileName) == [Fixture.gifSHA256 + ".gif", Fixture.pngSHA256 + ".png"])
        #expect(ordered.map(\.file.byteCount) == [Int64(Fixture.gif.count), Int64(Fixture.png.count)])
        let stored = try Data(contentsOf: URL(fileURLWithPath: folder.attachments + "/" + Fixture.pngSHA256 + ".png"))
        #expect(Array(stored) == Fixture.png)
        #expect(folder.files().sorted() == [Fixture.gifSHA256 + ".gif", Fixture.pngSHA256 + ".png"].sorted())
    }

    /// The allow-list crosses the pipe: herald-net refuses the loopback server's address
    /// without it (the server sees no connection) and fetches from it with it.
    @Test func theHelperRefusesLoopbackUnlessTheHostIsAllowed() async throws {
        let server = try LoopbackHTTPServer { _ in .ok(Fixture.png) }
        defer { server.stop() }
        let folder = try TemporaryFolder("herald-media-tests")
        var strict = loopback
        strict.allowHosts = []
        let refs = [MediaReference(url: server.url("/a.png"), source: .heraldMedia)]
        let refused = try await fetcher(strict).fetch(refs, into: folder.attachments, deadline: .now + .seconds(30))
        #expect(refused.first?.failure == .refusedAddress("127.0.0.1 is loopback"))
        #expect(server.connections.isEmpty)
        let allowed = try await fetcher(loopback).fetch(refs, into: folder.attachments, deadline: .now + .seconds(30))
        #expect(allowed.first?.attachment != nil, "\(allowed)")
        #expect(server.requests.count == 1)
    }

    @Test func failuresComeBackWithTheirReason() async throws {
        let server = try LoopbackHTTPServer { path in
            switch path {
            case "/html.jpg": return .ok(Fixture.html)
            case "/big.png": return .ok(Fixture.png + [UInt8](repeating: 0, count: 2000))
            default: return LoopbackHTTPServer.Response(status: 404, body: Fixture.html)
            }
        }
        defer { server.stop() }
        let folder = try TemporaryFolder("herald-media-tests")
        var policy = loopback
        policy.limits.image = 1000
        let refs = ["/html.jpg", "/big.png", "/missing.png"].map {
            MediaReference(url: server.url($0), source: .heraldMedia)
        }
        let results = try await fetcher(policy).fetch(refs, into: folder.attachments, deadline: .now + .seconds(30))
        #expect(results.map(\.failure) == [.unsupportedType("html"), .tooLarge(limit: 1000), .http(404)])
        #expect(folder.files().isEmpty)
    }

    /// The helper is killed once the deadline (plus the grace) has passed, even if
    /// it would never answer: the caller returns on time with `.timedOut`.
    @Test func aHelperThatHangsIsKilledAtTheDeadline() async throws {
        let folder = try TemporaryFolder("herald-media-tests")
        // A "helper" that reads its request and then sleeps for a minute.
        let script = folder.path + "/hang.sh"
        try Self.writeScript("#!/bin/sh\ncat > /dev/null\nexec sleep 60\n", to: script)
        let downloader = HelperProcessMediaDownloader(executable: script, arguments: [], killGrace: .milliseconds(100))
        let results = await MediaFetcher(policy: loopback, downloader: downloader).fetch(
            [MediaReference(url: "http://127.0.0.1:9/a.png", source: .heraldMedia)], into: folder.attachments,
            deadline: .now + .milliseconds(500))
        // `.timedOut` is the downloader's own report that it killed the helper at the deadline
        // (the helper never answers); no wall-clock bound, which a busy machine would break.
        #expect(results.first?.failure == .timedOut)
    }

    @Test func cancellingTheCallerKillsTheHelper() async throws {
        let folder = try TemporaryFolder("herald-media-tests")
        let script = folder.path + "/hang.sh"
        // The helper would sleep for a day and the deadline is an hour away: only the kill on
        // cancellation lets the call return (no wall-clock bound, which load would break).
        try Self.writeScript("#!/bin/sh\ncat > /dev/null\nexec sleep 86400\n", to: script)
        let downloader = HelperProcessMediaDownloader(executable: script, arguments: [])
        let loopback = self.loopback
        let path = folder.attachments
        let task = Task {
            await MediaFetcher(policy: loopback, downloader: downloader).fetch(
                [MediaReference(url: "http://127.0.0.1:9/a.png", source: .heraldMedia)], into: path,
                deadline: .now + .seconds(3600))
        }
        try await Task.sleep(for: .milliseconds(300))
        task.cancel()
        let results = await task.value
        #expect(results.first?.failure == .cancelled)
    }

    @Test func aMissingHelperIsAnIOFailure() async throws {
        let folder = try TemporaryFolder("herald-media-tests")
        let downloader = HelperProcessMediaDownloader(executable: folder.path + "/no-such-helper")
        let results = await MediaFetcher(policy: loopback, downloader: downloader).fetch(
            [MediaReference(url: "http://127.0.0.1:9/a.png", source: .heraldMedia)], into: folder.attachments,
            deadline: .now + .seconds(600))  // far: the failure, not the deadline, ends it
        guard case .io(let why)? = results.first?.failure else {
            Issue.record("expected io, got \(results)")
            return
        }
        #expect(why.contains("no-such-helper"))
    }

    /// A helper that answers garbage (or nothing) is not trusted: every item fails.
    @Test func aHelperThatAnswersNonsenseFailsEveryItem() async throws {
        let folder = try TemporaryFolder("herald-media-tests")
        let script = folder.path + "/liar.sh"
        try Self.writeScript(
            "#!/bin/sh\ncat > /dev/null\necho '{\"index\": 0, \"file\": {\"path\": 1}}'\necho 'not json'\nexit 3\n", to: script)
        let downloader = HelperProcessMediaDownloader(executable: script, arguments: [])
        let results = await MediaFetcher(policy: loopback, downloader: downloader).fetch(
            [MediaReference(url: "http://127.0.0.1:9/a.png", source: .heraldMedia)], into: folder.attachments,
            deadline: .now + .seconds(600))  // far: the failure, not the deadline, ends it
        guard case .io(let why)? = results.first?.failure else {
            Issue.record("expected io, got \(results)")
            return
        }
        #expect(why.contains("exit status 3"), "\(why)")
    }

    @Test func wireFormatRoundTrips() throws {
        var policy = MediaPolicy(allowHTTP: .hosts(["b.example", "a.example"]))
        policy.limits = MediaPolicy.Limits(audio: 1, image: 2, video: 3)
        policy.maxRedirects = 7
        policy.allowHosts = ["dev.local", "10.0.0.5"]
        let request = MediaDownloadWire.Request(
            urls: ["https://a.example/x.png"], policy: policy, folder: "/tmp/f", timeoutMilliseconds: 1234)
        let text = JSONWriter.write(request.json)
        #expect(
            text
                == #"{"folder":"/tmp/f","timeoutMs":1234,"urls":["https://a.example/x.png"],"policy":{"allowHTTP":["a.example","b.example"],"allowHosts":["dev.local","10.0.0.5"],"limits":{"audio":1,"image":2,"video":3},"maxRedirects":7}}"#
        )
        let back = try MediaDownloadWire.Request(json: try JSONParser.parse(text))
        #expect(back == request)

        let failures: [MediaFailure] = [
            .unsupportedScheme("ftp"), .invalidURL("x"), .forbiddenRedirect("file:///"), .tooManyRedirects(5),
            .refusedAddress("localhost (127.0.0.1) is loopback"),
            .tooLarge(limit: 10), .unsupportedType("html"), .timedOut, .cancelled, .http(503), .network("reset"),
            .io("disk full"), .skipped("too many"),
        ]
        for (i, f) in failures.enumerated() {
            let line = JSONWriter.write(MediaDownloadWire.answer(index: i, .failure(f)))
            let parsed = MediaDownloadWire.parseAnswer(try JSONParser.parse(line))
            #expect(parsed?.index == i)
            #expect(parsed?.outcome == .failure(f), "\(line)")
        }
        let file = DownloadedFile(path: "/f/a.png", fileName: "a.png", type: .png, byteCount: 73, sha256: "ab")
        let line = JSONWriter.write(MediaDownloadWire.answer(index: 3, .success(file)))
        #expect(line == #"{"index":3,"file":{"path":"/f/a.png","fileName":"a.png","type":"png","byteCount":73,"sha256":"ab"}}"#)
        #expect(MediaDownloadWire.parseAnswer(try JSONParser.parse(line))?.outcome == .success(file))
    }

    @Test func badRequestsNameTheField() throws {
        let cases: [(String, String)] = [
            (#"{"timeoutMs":1,"urls":[],"policy":{}}"#, "\"folder\""),
            (#"{"folder":"/f","timeoutMs":-1,"urls":[],"policy":{}}"#, "\"timeoutMs\""),
            (#"{"folder":"/f","timeoutMs":1,"urls":[3],"policy":{}}"#, "\"urls\"[0]"),
            (#"{"folder":"/f","timeoutMs":1,"urls":[],"policy":{"allowHTTP":"sometimes"}}"#, "policy.allowHTTP"),
            (#"{"folder":"/f","timeoutMs":1,"urls":[],"policy":{"allowHTTP":"never","allowHosts":"x"}}"#, "policy.allowHosts"),
            (#"{"folder":"/f","timeoutMs":1,"urls":[],"policy":{"allowHTTP":"never","allowHosts":[1]}}"#, "policy.allowHosts"),
            (
                #"{"folder":"/f","timeoutMs":1,"urls":[],"policy":{"allowHTTP":"never","limits":{"audio":1,"image":2}}}"#,
                "policy.limits.video"
            ),
        ]
        for (text, field) in cases {
            do {
                _ = try MediaDownloadWire.Request(json: try JSONParser.parse(text))
                Issue.record("accepted \(text)")
            } catch {
                #expect("\(error)".contains(field), "\(error)")
            }
        }
    }
}
