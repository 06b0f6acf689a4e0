public import Foundation
import GRDB

/// A display receipt: the extension showed the push `pushID` at `shownAt`. Receipts wait in
/// the store until ``ReceiptDelivery`` hands them to the statistics endpoint.
public struct Receipt: Sendable, Hashable {
    /// Where a receipt stands.
    public enum State: String, Sendable, Hashable {
        /// Not yet accepted by the endpoint (never sent, or every attempt failed retryably).
        case pending
        /// The endpoint answered 2xx for a batch holding it.
        case delivered
        /// The endpoint refused it (a 4xx other than 408/429); kept with the error, never sent
        /// again unless `Store.requeueRejectedReceipts` queues it again.
        case rejected
    }

    /// Row id (insertion order).
    public let id: Int64
    /// The push's `push_id` (or `herald.receipt`) as it came in the payload.
    public let pushID: String
    /// When the notification was shown (stored to the millisecond).
    public let shownAt: Date
    /// The locale it was rendered in (BCP 47 tag), if known.
    public let locale: String?
    /// The kind of push (`lottery`, `reminder`, `message` …), if known.
    public let kind: String?
    /// How many HTTP requests have carried it so far.
    public let attempts: Int
    /// The last delivery error (kept after a permanent rejection), or nil.
    public let lastError: String?
    /// When the endpoint accepted it.
    public let deliveredAt: Date?
    /// When the endpoint refused it for good.
    public let rejectedAt: Date?

    /// Pending, delivered or rejected, from the two dates.
    public var state: State {
        if deliveredAt != nil { return .delivered }
        if rejectedAt != nil { return .rejected }
        return .pending
    }
}

/// How many receipts are in each state (only the store counts them).
public struct ReceiptCounts: Sendable, Hashable {
    /// Receipts not yet delivered.
    public var pending = 0
    /// Receipts the endpoint accepted.
    public var delivered = 0
    /// Receipts the endpoint refused for good.
    public var rejected = 0
}

extension Store {
    /// The longest push id recorded (in characters); longer ones are refused.
    public static let maximumPushIDLength = 256
    /// The deadline the stage gives ``recordReceipt(pushID:shownAt:locale:kind:deadline:)``
    /// (`.now + receiptRecordingTimeout`): short enough never to hold up the notification.
    public static let receiptRecordingTimeout: Duration = .milliseconds(200)

    /// Records that the push `pushID` was shown. Idempotent: recording the same push id again
    /// keeps the first row and returns false. One `INSERT … ON CONFLICT DO NOTHING`, so it is
    /// cheap; the stage calls it after rendering with a short deadline
    /// (``receiptRecordingTimeout``, 200 ms) and treats a
    /// failure (e.g. ``StoreError/locked(path:)``) as a diagnostic only, so recording never
    /// delays or prevents the notification.
    @discardableResult
    public func recordReceipt(
        pushID: String, shownAt: Date = Date(), locale: String? = nil, kind: String? = nil,
        deadline: ContinuousClock.Instant = .now + defaultTimeout
    ) throws(StoreError) -> Bool {
        if pushID.isEmpty { throw .invalidReceipt(pushID: pushID, detail: "the push id is empty") }
        if pushID.count > Self.maximumPushIDLength {
            throw .invalidReceipt(
                pushID: String(pushID.prefix(32)) + "…",
                detail: "the push id is longer than \(Self.maximumPushIDLength) characters")
        }
        if pushID.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw .invalidReceipt(pushID: pushID.debugDescription, detail: "the push id contains control characters")
        }
        return try perform(write: true, deadline: deadline) { db in
            try db.cachedStatement(
                sql: """
                    INSERT INTO receipt (pushId, shownAt, locale, kind) VALUES (?, ?, ?, ?)
                    ON CONFLICT(pushId) DO NOTHING
                    """
            ).execute(arguments: [pushID, Milliseconds.from(shownAt), locale, kind])
            return db.changesCount > 0
        }
    }

    /// Receipts not yet delivered nor rejected, oldest first (claimed or not).
    public func pendingReceipts(
        limit: Int = 100, deadline: ContinuousClock.Instant = .now + defaultTimeout
    ) throws(StoreError) -> [Receipt] {
        let rows = try perform(write: false, deadline: deadline) { db in
            try Row.fetchAll(
                db,
                sql: "SELECT * FROM receipt WHERE deliveredAt IS NULL AND rejectedAt IS NULL ORDER BY id LIMIT ?",
                arguments: [max(0, limit)])
        }
        return try Self.receipts(from: rows)
    }

    /// Every receipt, oldest first.
    public func receipts(deadline: ContinuousClock.Instant = .now + defaultTimeout) throws(StoreError) -> [Receipt] {
        let rows = try perform(write: false, deadline: deadline) { db in
            try Row.fetchAll(db, sql: "SELECT * FROM receipt ORDER BY id")
        }
        return try Self.receipts(from: rows)
    }

    /// The receipt recorded for `pushID`, or nil.
    public func receipt(
        pushID: String, deadline: ContinuousClock.Instant = .now + defaultTimeout
    ) throws(StoreError) -> Receipt? {
        let row = try perform(write: false, deadline: deadline) { db in
            try Row.fetchOne(db, sql: "SELECT * FROM receipt WHERE pushId = ?", arguments: [pushID])
        }
        guard let row else { return nil }
        return try Self.receipt(from: row)
    }

    /// How many receipts are pending, delivered and rejected.
    public func receiptCounts(deadline: ContinuousClock.Instant = .now + defaultTimeout) throws(StoreError) -> ReceiptCounts {
        try perform(write: false, deadline: deadline) { db in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT
                        COALESCE(SUM(deliveredAt IS NULL AND rejectedAt IS NULL), 0) AS pending,
                        COALESCE(SUM(deliveredAt IS NOT NULL), 0) AS delivered,
                        COALESCE(SUM(deliveredAt IS NULL AND rejectedAt IS NOT NULL), 0) AS rejected
                    FROM receipt
                    """)
            guard let row else { return ReceiptCounts() }
            return ReceiptCounts(
                pending: Self.column(row, "pending") ?? 0, delivered: Self.column(row, "delivered") ?? 0,
                rejected: Self.column(row, "rejected") ?? 0)
        }
    }

    /// Takes up to `limit` pending receipts that no other flush holds, oldest first, and leases
    /// them to `owner` until `now + lease`, in one IMMEDIATE transaction: two processes
    /// claiming at once get disjoint sets. A flush must finish sending before its lease ends
    /// (``ReceiptDelivery`` never starts a request that could outlive it); after that the
    /// receipts may be claimed again (a crashed flush's receipts come back).
    public func claimReceipts(
        owner: String, limit: Int, lease: Duration, now: Date = Date(),
        deadline: ContinuousClock.Instant = .now + defaultTimeout
    ) throws(StoreError) -> [Receipt] {
        let nowMilliseconds = Milliseconds.from(now)
        let until = nowMilliseconds + Self.milliseconds(lease)
        let rows = try perform(write: true, deadline: deadline) { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM receipt
                    WHERE deliveredAt IS NULL AND rejectedAt IS NULL AND (claimedUntil IS NULL OR claimedUntil <= ?)
                    ORDER BY id LIMIT ?
                    """,
                arguments: [nowMilliseconds, max(0, limit)])
            for row in rows {
                let id: Int64 = Self.column(row, "id") ?? 0
                try db.execute(
                    sql: "UPDATE receipt SET claimedBy = ?, claimedUntil = ? WHERE id = ?",
                    arguments: [owner, until, id])
            }
            return rows
        }
        return try Self.receipts(from: rows)
    }

    /// Gives back receipts `owner` claimed but did not send (their lease ends now).
    public func releaseReceipts(
        ids: [Int64], owner: String, deadline: ContinuousClock.Instant = .now + defaultTimeout
    ) throws(StoreError) {
        guard !ids.isEmpty else { return }
        try perform(write: true, deadline: deadline) { db in
            for id in ids {
                try db.execute(
                    sql: "UPDATE receipt SET claimedBy = NULL, claimedUntil = NULL WHERE id = ? AND claimedBy = ?",
                    arguments: [id, owner])
            }
        }
    }

    /// Marks receipts delivered (the endpoint answered 2xx), adding `attempts` requests to
    /// their count and releasing their claim. Already delivered receipts are left as they are.
    public func markDelivered(
        ids: [Int64], attempts: Int = 1, at date: Date = Date(),
        deadline: ContinuousClock.Instant = .now + defaultTimeout
    ) throws(StoreError) {
        guard !ids.isEmpty else { return }
        try perform(write: true, deadline: deadline) { db in
            for id in ids {
                try db.execute(
                    sql: """
                        UPDATE receipt SET deliveredAt = ?, rejectedAt = NULL, lastError = NULL,
                            attempts = attempts + ?, claimedBy = NULL, claimedUntil = NULL
                        WHERE id = ? AND deliveredAt IS NULL
                        """,
                    arguments: [Milliseconds.from(date), max(0, attempts), id])
            }
        }
    }

    /// Records a failed delivery of receipts: adds `attempts` to their count, keeps `error`,
    /// releases the claim. `permanent` marks them rejected (never sent again); otherwise they
    /// stay pending for the next flush. Delivered receipts, and receipts now claimed by
    /// another owner than `owner` (when given), are left alone.
    public func markFailed(
        ids: [Int64], error: String, permanent: Bool = false, attempts: Int = 1, owner: String? = nil,
        at date: Date = Date(), deadline: ContinuousClock.Instant = .now + defaultTimeout
    ) throws(StoreError) {
        guard !ids.isEmpty else { return }
        let rejectedAt: Int64? = permanent ? Milliseconds.from(date) : nil
        try perform(write: true, deadline: deadline) { db in
            for id in ids {
                try db.execute(
                    sql: """
                        UPDATE receipt SET lastError = ?, attempts = attempts + ?, rejectedAt = COALESCE(?, rejectedAt),
                            claimedBy = NULL, claimedUntil = NULL
                        WHERE id = ? AND deliveredAt IS NULL AND (? IS NULL OR claimedBy IS NULL OR claimedBy = ?)
                        """,
                    arguments: [error, max(0, attempts), rejectedAt, id, owner, owner])
            }
        }
    }

    /// ``markFailed(ids:error:permanent:attempts:owner:at:deadline:)`` for one receipt.
    public func markFailed(
        id: Int64, error: String, permanent: Bool = false, deadline: ContinuousClock.Instant = .now + defaultTimeout
    ) throws(StoreError) {
        try markFailed(ids: [id], error: error, permanent: permanent, deadline: deadline)
    }

    /// Queues rejected receipts again (they become pending; their attempt count and last
    /// error stay as a record): every rejected receipt when `pushIDs` is nil, else those of
    /// `pushIDs` that are rejected. Delivered and pending receipts are left alone. Returns how
    /// many were queued.
    @discardableResult
    public func requeueRejectedReceipts(
        pushIDs: [String]? = nil, deadline: ContinuousClock.Instant = .now + defaultTimeout
    ) throws(StoreError) -> Int {
        try perform(write: true, deadline: deadline) { db in
            let requeue = "UPDATE receipt SET rejectedAt = NULL, claimedBy = NULL, claimedUntil = NULL "
                + "WHERE rejectedAt IS NOT NULL AND deliveredAt IS NULL"
            guard let pushIDs else {
                try db.execute(sql: requeue)
                return db.changesCount
            }
            var count = 0
            for id in pushIDs {
                try db.execute(sql: requeue + " AND pushId = ?", arguments: [id])
                count += db.changesCount
            }
            return count
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        return overflow ? Int64.max / 2 : scaled + attoseconds / 1_000_000_000_000_000
    }

    private static func receipts(from rows: [Row]) throws(StoreError) -> [Receipt] {
        var result: [Receipt] = []
        result.reserveCapacity(rows.count)
        for row in rows { result.append(try receipt(from: row)) }
        return result
    }

    private static func receipt(from row: Row) throws(StoreError) -> Receipt {
        let id: Int64 = column(row, "id") ?? 0
        guard let pushID: String = column(row, "pushId"), let shownAt: Int64 = column(row, "shownAt"),
              let attempts: Int = column(row, "attempts")
        else { throw .invalidRow(table: "receipt", id: String(id), detail: "missing or mistyped column value") }
        let delivered: Int64? = column(row, "deliveredAt")
        let rejected: Int64? = column(row, "rejectedAt")
        return Receipt(
            id: id, pushID: pushID, shownAt: Milliseconds.date(shownAt), locale: column(row, "locale"),
            kind: column(row, "kind"), attempts: attempts, lastError: column(row, "lastError"),
            deliveredAt: delivered.map(Milliseconds.date), rejectedAt: rejected.map(Milliseconds.date))
    }
}
