import Foundation
import HeraldSync
import HeraldTestSupport
import Testing

@testable import HeraldMedia
import HeraldNetwork

/// A download while every thread Swift's cooperative pool has is blocked by other work (what a
/// loaded 2-core machine running tests in parallel does: two tasks blocked in a subprocess
/// wait fill the pool). The download must not need the pool: it finishes, and the blocked
/// tasks are let go only after it has returned. No wall-clock bound: the deadline is a minute,
/// and a blocked task gives up after two (`poolWasNeeded`).
///
/// A guard, not a proof: on Linux Dispatch adds a thread to the pool about once a second while
/// its threads are blocked (unless the machine is so loaded that it counts them as busy — the
/// case that failed), and the test's own executor preference is inherited by the download's
/// child tasks, so these tests also pass without the change they guard (the helper-process one
/// then takes about a second instead of milliseconds).
@Suite(.serialized) struct BlockedPoolTests {
    let loopback = MediaPolicy(allowHTTP: .hosts(["127.0.0.1"]), allowHosts: ["127.0.0.1"])

    /// Runs `body` on a thread of its own while more tasks than the pool has threads are
    /// blocked; they are let go when `body` returns. Returns its result and whether a blocked
    /// task gave up waiting (the pool was needed after all).
    func withThePoolBlocked<T: Sendable>(_ body: @escaping @Sendable () async -> T) async -> (T, poolWasNeeded: Bool) {
        let gate = BlockingGate(giveUpAfter: 120)
        let executor = DedicatedExecutor()
        defer { executor.shutdown() }
        return await withTaskExecutorPreference(executor) {
            defer { gate.open() }
            for _ in 0..<(ProcessInfo.processInfo.activeProcessorCount + 2) {
                Task.detached { gate.wait() }
            }
            let value = await body()
            return (value, gate.someWaitGaveUp)
        }
    }

    @Test func theInProcessDownloaderNeedsNoPoolThread() async throws {
        let server = try LoopbackHTTPServer { _ in .ok(Fixture.png, contentType: "image/png") }
        defer { server.stop() }
        let folder = try TemporaryFolder("herald-media-tests")
        let fetcher = MediaFetcher.httpClient(policy: loopback)
        let refs = [
            MediaReference(url: server.url("/a.png"), source: .heraldMedia),
            MediaReference(url: server.url("/b.png"), source: .heraldMedia),
        ]
        let (results, poolWasNeeded) = await withThePoolBlocked {
            await fetcher.fetch(refs, into: folder.attachments, deadline: .now + .seconds(60))
        }
        #expect(!poolWasNeeded)
        #expect(results.failures.isEmpty, "\(results)")
        #expect(results.first?.attachment?.file.fileName == Fixture.pngSHA256 + ".png")
    }

    @Test func theHelperProcessDownloaderNeedsNoPoolThread() async throws {
        let server = try LoopbackHTTPServer { _ in .ok(Fixture.png, contentType: "image/png") }
        defer { server.stop() }
        let folder = try TemporaryFolder("herald-media-tests")
        let downloader = HelperProcessMediaDownloader(executable: try HelperProcessDownloaderTests.helperPath())
        let fetcher = MediaFetcher(policy: loopback, downloader: downloader)
        let refs = [MediaReference(url: server.url("/a.png"), source: .heraldMedia)]
        let (results, poolWasNeeded) = await withThePoolBlocked {
            await fetcher.fetch(refs, into: folder.attachments, deadline: .now + .seconds(60))
        }
        #expect(!poolWasNeeded)
        #expect(results.first?.attachment?.file.fileName == Fixture.pngSHA256 + ".png", "\(results)")
    }
}
