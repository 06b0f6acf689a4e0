import Foundation
import HeraldTestSupport
import Testing
@testable import HeraldStore

/// The receipts table: idempotent recording, counts, claims, outcomes — on a real SQLite file.
@Suite struct ReceiptStoreTests {
    @Test func recordingTheSamePushTwiceKeepsOneRowAndTheFirstValues() throws {
        let temp = try TemporaryFolder("herald-store-tests")
        let store = try Store.open(directory: temp.path)
        let shown = Date(timeIntervalSince1970: 1_795_000_000.123)
        #expect(try store.recordReceipt(pushID: "push-1", shownAt: shown, locale: "de-CH", kind: "lottery"))
        #expect(try !store.recordReceipt(pushID: "push-1", shownAt: shown.addingTimeInterval(60), locale: "fr", kind: "message"))
        // A second connection, as another extension process, records it again too.
        let other = try Store.open(directory: temp.path)
        #expect(try !other.recordReceipt(pushID: "push-1"))
        #expect(try other.recordReceipt(pushID: "push-2"))

        let all = try store.receipts()
        #expect(all.map(\.pushID) == ["push-1", "push-2"])
        let first = try #require(all.first)
        #expect(first.shownAt == shown)
        #expect(first.locale == "de-CH")
        #expect(first.kind == "lottery")
        #expect(first.attempts == 0)
        #expect(first.state == .pending)
        #expect(try store.receiptCounts() == ReceiptCounts(pending: 2, delivered: 0, rejected: 0))
        #expect(try store.pendingReceipts(limit: 1).map(\.pushID) == ["push-1"])
    }

    @Test func badPushIDsAreRefusedWithTheReason() throws {
        let temp = try TemporaryFolder("herald-store-tests")
        let store = try Store.open(directory: temp.path)
        #expect(throws: StoreError.invalidReceipt(pushID: "", detail: "the push id is empty")) {
            try store.recordReceipt(pushID: "")
        }
        #expect(throws: StoreError.invalidReceipt(pushID: "\"a\\nb\"", detail: "the push id contains control characters")) {
            try store.recordReceipt(pushID: "a\nb")
        }
        let long = String(repeating: "x", count: Store.maximumPushIDLength + 1)
        #expect(throws: StoreError.self) { try store.recordReceipt(pushID: long) }
        try store.recordReceipt(pushID: String(repeating: "é", count: Store.maximumPushIDLength))
        #expect(try store.receiptCounts().pending == 1)
    }

    @Test func outcomesMoveReceiptsBetweenStates() throws {
        let temp = try TemporaryFolder("herald-store-tests")
        let store = try Store.open(directory: temp.path)
        for name in ["a", "b", "c"] { try store.recordReceipt(pushID: name) }
        let ids = try store.receipts().map(\.id)
        try store.markDelivered(ids: [ids[0]], attempts: 2)
        try store.markFailed(id: ids[1], error: "HTTP 400: bad", permanent: true)
        try store.markFailed(id: ids[2], error: "HTTP 503")
        let all = try store.receipts()
        #expect(all.map(\.state) == [.delivered, .rejected, .pending])
        #expect(all.map(\.attempts) == [2, 1, 1])
        #expect(all.map(\.lastError) == [nil, "HTTP 400: bad", "HTTP 503"])
        #expect(try store.receiptCounts() == ReceiptCounts(pending: 1, delivered: 1, rejected: 1))
        #expect(try store.pendingReceipts().map(\.pushID) == ["c"])
        // Delivered stays delivered: a late failure report does not undo it.
        try store.markFailed(id: ids[0], error: "late")
        #expect(try store.receipt(pushID: "a")?.state == .delivered)
        #expect(try store.receipt(pushID: "a")?.lastError == nil)
    }

    @Test func claimsAreExclusiveUntilTheLeaseEndsOrIsReleased() throws {
        let temp = try TemporaryFolder("herald-store-tests")
        let store = try Store.open(directory: temp.path)
        let other = try Store.open(directory: temp.path)
        for index in 0..<5 { try store.recordReceipt(pushID: "p\(index)") }
        let now = Date()
        let first = try store.claimReceipts(owner: "A", limit: 3, lease: .seconds(60), now: now)
        #expect(first.map(\.pushID) == ["p0", "p1", "p2"])
        let second = try other.claimReceipts(owner: "B", limit: 10, lease: .seconds(60), now: now)
        #expect(second.map(\.pushID) == ["p3", "p4"])
        #expect(try other.claimReceipts(owner: "C", limit: 10, lease: .seconds(60), now: now).isEmpty)
        // B's failure report cannot touch A's receipts.
        try other.markFailed(ids: first.map(\.id), error: "not mine", owner: "B")
        #expect(try store.receipt(pushID: "p0")?.attempts == 0)
        // A crashed: once its lease has run out, its receipts can be claimed again.
        let later = now.addingTimeInterval(61)
        #expect(try other.claimReceipts(owner: "C", limit: 10, lease: .seconds(60), now: later).map(\.pushID) == [
            "p0", "p1", "p2", "p3", "p4",
        ])
        try other.releaseReceipts(ids: second.map(\.id), owner: "C")
        #expect(try store.claimReceipts(owner: "D", limit: 10, lease: .seconds(60), now: later).map(\.pushID) == ["p3", "p4"])
    }

    @Test func recordingUnderALockedStoreReturnsAtItsDeadlineWithAnError() throws {
        let temp = try TemporaryFolder("herald-store-tests")
        let store = try Store.open(directory: temp.path)
        // Another process holds the write lock (the sqlite3 shell inside BEGIN IMMEDIATE).
        let holder = try StoreLocker(database: store.path)

        // The lock is held until the test commits below, so only the deadline can end the wait:
        // `.locked` is the store's own report that it gave up at it (no clock in the test,
        // which a busy machine would break).
        #expect(throws: StoreError.locked(path: store.path)) {
            try store.recordReceipt(pushID: "while-locked", deadline: .now + .milliseconds(200))
        }

        try holder.commit()
        #expect(try store.recordReceipt(pushID: "while-locked", deadline: .now + .milliseconds(200)))
    }

    @Test func aStoreCreatedBeforeReceiptsGainsTheTableWhenOpened() throws {
        let temp = try TemporaryFolder("herald-store-tests")
        // Build a v1-only store with the sqlite3 shell: the v1 schema and GRDB's migration log.
        let store = try Store.open(directory: temp.path)
        try store.setBadge(7)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        shell.arguments = [store.path, "DROP TABLE receipt; DELETE FROM grdb_migrations WHERE identifier LIKE 'v2:%';"]
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        let reopened = try Store.open(directory: temp.path)
        #expect(try reopened.badge() == 7)
        #expect(try reopened.recordReceipt(pushID: "after-upgrade"))
        #expect(try reopened.receiptCounts().pending == 1)
    }
}
