import Foundation
import HeraldJSON
import HeraldStage
import HeraldTestSupport
import Testing

/// The one store policy (Docs/architecture.md, "The store"), in-process through
/// `StageHarness`: the same rule for the tickets, a reminder, the badge and a display receipt.
/// A store that cannot be opened is a file that is not SQLite (4096 bytes of "Z").
@Suite struct StageStorePolicyTests {
    static func brokenStore() throws -> StageHarness {
        let harness = try StageHarness()
        try harness.folder.write([UInt8](repeating: 0x5A, count: 4096), to: "store/herald.sqlite")
        return harness
    }

    /// The store was needed for what the notification says: the push falls back to the best
    /// attempt (the draw's numbers), each use says what failed, and the badge is dropped.
    @Test func aFailingStoreMakesTheLotteryAFallbackAndDropsTheBadge() async throws {
        let harness = try Self.brokenStore()
        let o = try await harness.stage(allowUnsealed: true).process(
            Array(StageDeadlineTests.lotteryPush(badge: 1).utf8), locale: LocaleID("en"))
        #expect(o.fallback)
        #expect(o.body == StageDeadlineTests.numbers)
        #expect(o.badge == nil)
        #expect(
            o.diagnostics.contains { $0.rule == .store && $0.message.hasPrefix("store not opened: store ") },
            "\(o.diagnostics)")
        #expect(o.diagnostics.contains { $0.rule == .badge && $0.message.hasPrefix("badge not updated: store ") })
    }

    @Test func aFailingStoreShowsTheGenericReminder() async throws {
        let harness = try Self.brokenStore()
        let push = #"{"aps":{"alert":{"body":"x"},"mutable-content":1},"herald":{"kind":"reminder","id":"D82ED5AE-C363-46AF-9B0D-301C2E21C58E"}}"#
        let o = try await harness.stage(allowUnsealed: true).process(Array(push.utf8), locale: LocaleID("en"))
        #expect(o.fallback)
        #expect(o.title == "Reminder")
        #expect(o.body == "A reminder is due.")
        #expect(o.diagnostics.contains { $0.rule == .store && $0.message.hasPrefix("store not opened: ") }, "\(o.diagnostics)")
    }

    /// The store only records the display receipt: its failure is said, never a fallback.
    @Test func aReceiptThatCannotBeRecordedIsNoFallback() async throws {
        let harness = try Self.brokenStore()
        let push = #"{"aps":{"alert":{"body":"x"},"mutable-content":1},"push_id":"P1","herald":{"kind":"message","text":"Hi"}}"#
        let o = try await harness.stage(allowUnsealed: true).process(Array(push.utf8), locale: LocaleID("en"))
        #expect(!o.fallback, "\(o.diagnostics)")
        #expect(o.body == "\u{2068}Hi\u{2069}")
        #expect(
            o.diagnostics.contains { $0.rule == .receipt && $0.message.hasPrefix("display receipt not recorded: store ") },
            "\(o.diagnostics)")
    }

    /// A stage that only reads finds no store: every use says so under `no-store`, nothing is
    /// a fallback, and no store is created.
    @Test func aReadOnlyStageWithoutAStoreCreatesNone() async throws {
        let harness = try StageHarness()
        let stage = harness.stage(allowUnsealed: true, writesToStore: false)
        let o = try await stage.process(Array(StageDeadlineTests.lotteryPush(badge: 2).utf8), locale: LocaleID("en"))
        #expect(!o.fallback, "\(o.diagnostics)")
        #expect(o.body == StageDeadlineTests.numbers)
        #expect(o.badge == 2)
        let notes = o.diagnostics.filter { $0.rule == .noStore }.map(\.message)
        #expect(notes == ["no store: the tickets are unknown, the numbers are shown", "no store: aps.badge is passed on as sent"])
        #expect(!FileManager.default.fileExists(atPath: harness.storePath))
    }
}
