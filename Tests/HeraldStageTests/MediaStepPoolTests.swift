import Foundation
import HeraldMedia
import HeraldSync
import HeraldTestSupport
import Testing

@testable import HeraldStage

/// The stage's media step, called on the stage's worker thread while every thread of Swift's
/// cooperative pool is blocked by other work (what a loaded 2-core machine running tests in
/// parallel does; issue 31 item 16: a media test stalled for 180 s). The step must not need
/// a pool thread to start its downloads. It used to run them in a detached task on the pool
/// and wait: with the pool full it never started, and the push waited for as long as the
/// pool stayed full.
///
/// Deterministic, not timed: more tasks block than Dispatch can add pool threads for in the
/// time allowed (it adds about one a second while its threads are blocked), and they are
/// queued before the step's work, so on the pool that work cannot start until they are let
/// go. The step gets a minute, a bound only a stall reaches (it takes milliseconds otherwise).
@Suite(.serialized) struct MediaStepPoolTests {
    /// Set once by another thread; waited for with a bound.
    final class Done: @unchecked Sendable {
        private let condition = NSCondition()
        private var done = false

        func set() {
            condition.lock()
            done = true
            condition.broadcast()
            condition.unlock()
        }

        func wait(seconds: Double) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            let limit = Date().addingTimeInterval(seconds)
            while !done, condition.wait(until: limit) {}
            return done
        }
    }

    @Test func mediaAreFetchedWhileThePoolIsFull() async throws {
        let folder = try TemporaryFolder("herald-stage-media-pool")
        let step = MediaStep(
            folder: folder.path, downloader: NoMediaDownloader(reason: "no downloads in this test"),
            policy: MediaPolicy(), deadline: .now + .seconds(600))
        // Plain http is refused by the policy: nothing goes to the network, one failure is said.
        let refs = [MediaReference(url: "http://127.0.0.1:9/a.png", source: .heraldMedia)]
        let gate = BlockingGate(giveUpAfter: 300)
        let executor = DedicatedExecutor()
        defer { executor.shutdown() }
        // The test itself runs on a thread of its own: it blocks while it waits.
        let (finished, outcome) = await withTaskExecutorPreference(executor) { () -> (Bool, MediaStep.Outcome?) in
            defer { gate.open() }
            let blockers = 256
            for _ in 0..<blockers { Task.detached { gate.wait() } }
            // The pool is full once as many have come as it has threads to begin with.
            let came = gate.waitForArrivals(ProcessInfo.processInfo.activeProcessorCount, seconds: 300)
            #expect(came >= ProcessInfo.processInfo.activeProcessorCount)
            let done = Done()
            let result = Locked<MediaStep.Outcome?>(nil)
            // The stage's worker thread: never a pool thread.
            Thread.detachNewThread {
                result.withLock { $0 = step.fetch(refs) }
                done.set()
            }
            let finished = done.wait(seconds: 60)
            gate.open()
            // Let a stalled fetch end before the test does (it runs once the pool is free).
            _ = done.wait(seconds: 300)
            return (finished, result.withLock { $0 })
        }
        #expect(finished, "the media step did not finish while the cooperative pool was full")
        #expect(outcome?.failures.count == 1, "\(String(describing: outcome?.failures))")
    }
}
