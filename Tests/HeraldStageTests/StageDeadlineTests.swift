import Foundation
import HeraldJSON
import HeraldStage
import HeraldSync
import HeraldTestSupport
import Testing

/// The deadline, in-process through `StageHarness`: a real store, the repository's tables.
/// No test here bounds the wall clock: each is built so that only the stage's deadline can
/// end the push (the work is stuck until the test lets it go), and what is checked is what
/// the stage emitted and said.
@Suite struct StageDeadlineTests {
    /// Powerball 2026-11-18, 4 11 23 45 61 + 9, badge +1. The ticket 4 11 23 50 60 + 1 matches
    /// 3 → $7 (the operator's prize chart); the sentence is Localizations/en.lproj's lottery.win.body.
    static func lotteryPush(badge: Int = 1, extra: String = "") -> String {
        #"{"aps":{"alert":{"title":"DidIWin","body":"New results are in"},"mutable-content":1,"badge":\#(badge)},"#
            + #""herald":{"kind":"lottery.draw","game":"powerball","draw":"2026-11-18","numbers":[4,11,23,45,61],"bonus":[9]\#(extra)}}"#
    }
    static let won = "You won $7.00 on 1 ticket out of 1."
    /// lottery.noTickets.body with the draw's date (CLDR en medium) and numbers.
    static let numbers = "The numbers for Nov 18, 2026 are in: 4 11 23 45 61 + 9."

    /// A downloader that blocks its thread (a thread of the cooperative pool) until the gate opens.
    struct StuckDownloader: MediaDownloader {
        let gate: BlockingGate
        func download(_ urls: [String], policy: MediaPolicy, into folder: String, deadline: ContinuousClock.Instant)
            async -> [Result<DownloadedFile, MediaFailure>]
        {
            gate.wait()
            return urls.map { _ in .failure(.skipped("the test's gate")) }
        }
    }

    /// Every thread of the cooperative pool blocked, and the work stuck waiting for a download
    /// that cannot even start: only the deadline can answer. It does, from outside the pool,
    /// with the best attempt so far, and the work is abandoned. The test's own code runs on a
    /// thread of its own (`DedicatedExecutor`), so that it can see the answer while the pool
    /// is still blocked.
    @Test func theDeadlineHoldsWhileThePoolIsFullAndTheWorkIsStuck() async throws {
        let harness = try StageHarness()
        try harness.addTicket("powerball", draw: "2026-11-18", numbers: [4, 11, 23, 50, 60], bonus: [1])
        let gate = BlockingGate(giveUpAfter: 60)
        let stage = harness.stage(
            deadline: .milliseconds(1000), allowUnsealed: true, mediaDownloader: StuckDownloader(gate: gate))
        let push = Array(Self.lotteryPush(extra: #","media":[{"url":"https://media.example/picture.png"}]"#).utf8)
        let executor = DedicatedExecutor()
        defer { executor.shutdown() }
        let (outcome, poolWasFreed) = try await withTaskExecutorPreference(executor) {
            defer { gate.open() }
            // More blocked tasks than the pool has threads.
            for _ in 0..<(ProcessInfo.processInfo.activeProcessorCount + 2) {
                Task.detached { gate.wait() }
            }
            let outcome = try await stage.process(push, locale: LocaleID("en"))
            return (outcome, gate.someWaitGaveUp)
        }
        // The answer came while every blocked task still waited: the deadline did not need the pool.
        #expect(!poolWasFreed)
        #expect(outcome.fallback)
        let deadline = try #require(outcome.diagnostics.first { $0.rule == .deadline }, "\(outcome.diagnostics)")
        #expect(deadline.message.hasPrefix("the deadline (1000 ms) passed before the work was done; the best attempt so far was emitted "))
        #expect(deadline.message.hasSuffix(" ms after the push arrived"))
        // The best attempt is as far as the work got, step by step (the machine's load decides
        // which; each is right): the draw's numbers before the tickets were read, then the
        // result, then the result with the counted badge (the work stops at the download).
        #expect(outcome.title == "Powerball results")
        let progress = (outcome.body ?? "nil", outcome.badge)
        let steps: [(String, Int64?)] = [(Self.numbers, nil), (Self.won, nil), (Self.won, 1)]
        #expect(steps.contains { $0 == progress }, "\(progress)")
        #expect(outcome.payload["herald-attachments"] == nil)
        #expect(outcome.payload["herald"] == nil)
    }

    /// sqlite3 holds the store's write lock for the whole push: the tickets may or may not
    /// be read under it (WAL readers are not blocked), the badge cannot be counted. Either
    /// the deadline's timer answers with the best attempt, or the store gives up at the
    /// stage's store deadline (a margin before it) and the work ends first; both say so.
    @Test func aLockedStoreMeetsTheDeadlineWithABestAttempt() async throws {
        let harness = try StageHarness()
        try harness.addTicket("powerball", draw: "2026-11-18", numbers: [4, 11, 23, 50, 60], bonus: [1])
        let locker = try StoreLocker(store: harness.storePath)
        defer { locker.release() }

        let stage = harness.stage(deadline: .milliseconds(500), allowUnsealed: true)
        let o = try await stage.process(Array(Self.lotteryPush().utf8), locale: LocaleID("en"))
        #expect(o.fallback)
        let timerFired = o.diagnostics.contains {
            $0.rule == .deadline
                && $0.message.hasPrefix("the deadline (500 ms) passed before the work was done; the best attempt so far was emitted")
        }
        let storeGaveUp = o.diagnostics.contains {
            $0.rule == .badge && $0.message.contains("stayed locked by another process past the deadline")
        }
        #expect(timerFired || storeGaveUp, "\(o.diagnostics)")
        #expect(o.title == "Powerball results")
        // Whatever got done by then: the result if the tickets could be read under the
        // writer's lock, else the draw's numbers (known without the store). Never the push's text.
        #expect([Self.won, Self.numbers].contains(o.body ?? ""), "\(o.body ?? "nil")")
        // The count is unknown: the badge is left alone rather than set to the push's delta.
        #expect(o.badge == nil)
    }
}
