import Foundation
import HeraldJSON
import HeraldStage
import HeraldTestSupport
import Testing

/// The badge, in-process through `StageHarness`: `aps.badge` is a delta added to the store's
/// running count (Docs/push-format.md).
@Suite struct StageBadgeTests {
    static func push(badge: Int) -> [UInt8] {
        Array(#"{"aps":{"alert":{"body":"Hello"},"mutable-content":1,"badge":\#(badge)}}"#.utf8)
    }

    /// Eight deliveries at once, each with a stage (and store connection) of its own, as
    /// eight extension processes would: the count is exact, and every delivery saw a
    /// different running count. A delta of 0 resets it.
    @Test func concurrentDeliveriesCountExactly() async throws {
        let harness = try StageHarness()
        _ = try harness.store()
        let badges = try await withThrowingTaskGroup(of: Int64?.self) { group in
            for k in 1...8 {
                let stage = harness.stage()
                group.addTask { try await stage.process(Self.push(badge: k), locale: LocaleID("en")).badge }
            }
            var out: [Int64] = []
            for try await b in group { if let b { out.append(b) } }
            return out
        }
        // 1 + 2 + … + 8 = 36.
        #expect(badges.count == 8)
        #expect(Set(badges).count == 8)
        #expect(badges.max() == 36)
        #expect(try harness.store().badge() == 36)
        let reset = try await harness.stage().process(Self.push(badge: 0), locale: LocaleID("en"))
        #expect(reset.badge == 0)
        #expect(try harness.store().badge() == 0)
    }

    /// Without a store the push's badge is passed on as sent, with a note; it is no fallback.
    @Test func withoutAStoreTheBadgeIsPassedOnAsSent() async throws {
        let stage = Stage(
            configuration: StageConfiguration(catalog: StageHarness.catalog, deadline: StageHarness.noDeadline))
        let o = try await stage.process(Self.push(badge: 3), locale: LocaleID("en"))
        #expect(!o.fallback)
        #expect(o.badge == 3)
        #expect(o.diagnostics.contains { $0.rule == .noStore && $0.message == "no store: aps.badge is passed on as sent" })
    }

    /// A stage that only reads (a preview) shows what the count would become and writes nothing.
    @Test func aReadOnlyStageShowsTheCountItWouldBecome() async throws {
        let harness = try StageHarness()
        try harness.store().setBadge(5)
        let o = try await harness.stage(writesToStore: false).process(Self.push(badge: 2), locale: LocaleID("en"))
        #expect(o.badge == 7)
        #expect(try harness.store().badge() == 5)
    }
}
