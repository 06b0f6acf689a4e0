import Foundation
import HeraldDiagnostics
import HeraldStore
import HeraldSync

/// The one way the stage reaches the shared container, and the one rule for what a
/// store failure does (Docs/architecture.md, "The store").
///
/// Opening: an open store (`StoreSource.open`) is used as it is; a directory is opened on
/// first need, created when the stage may write (`writesToStore`), else opened read-only,
/// where a missing store is no store (a preview creates nothing). A failed open is not
/// kept: the next use tries again.
///
/// The policy, the same for tickets, a reminder, the badge and a display receipt:
/// - no store: `.noStore`; the use says what is shown instead, under `no-store`;
/// - a failure, opening or in the operation: `.failed` with one diagnostic in the use's
///   words, ending with the store's error (which names the file, never a row). It makes
///   the push a fallback when the store was needed for what the notification says
///   (tickets, a reminder, the badge count: `Use.fallsBack`), never when the store only
///   records (a display receipt).
final class StoreAccess: Sendable {
    /// What the stage uses the store for.
    enum Use: Sendable {
        case tickets, reminder, badge, receipt

        /// Whether a failure makes the push a fallback.
        var fallsBack: Bool { self != .receipt }

        var rule: Diagnostic.Rule {
            switch self {
            case .tickets, .reminder: return .store
            case .badge: return .badge
            case .receipt: return .receipt
            }
        }

        /// The diagnostic's words before the store's error.
        func failure(opening: Bool) -> String {
            switch self {
            case .tickets: return opening ? "store not opened" : "tickets not read"
            case .reminder: return opening ? "store not opened" : "reminder not read"
            case .badge: return "badge not updated"
            case .receipt: return "display receipt not recorded"
            }
        }
    }

    /// What a use of the store came to.
    enum Answer<Value> {
        case done(Value)
        case noStore
        case failed(Diagnostic)
    }

    private let source: StoreSource
    /// Whether the stage may change the store (`StageConfiguration.writesToStore`).
    let writes: Bool
    private let opened: Locked<Store?>

    init(_ source: StoreSource, writes: Bool) {
        self.source = source
        self.writes = writes
        if case .open(let store) = source { opened = Locked(store) } else { opened = Locked(nil) }
    }

    /// Runs `body` on the store for `use`, bounded by `deadline`, under the policy above.
    func perform<Value>(
        _ use: Use, deadline: ContinuousClock.Instant, _ body: (Store) throws(StoreError) -> Value
    ) -> Answer<Value> {
        let store: Store
        do {
            guard let open = try self.store(deadline: deadline) else { return .noStore }
            store = open
        } catch {
            return .failed(.stage(use.rule, "\(use.failure(opening: true)): \(error)"))
        }
        do { return .done(try body(store)) } catch {
            return .failed(.stage(use.rule, "\(use.failure(opening: false)): \(error)"))
        }
    }

    /// The store, opened on first use; nil when there is none.
    private func store(deadline: ContinuousClock.Instant) throws(StoreError) -> Store? {
        if let open = opened.withLock({ $0 }) { return open }
        guard case .directory(let path) = source else { return nil }
        let store: Store
        if writes {
            store = try Store.open(directory: path, deadline: deadline)
        } else {
            do { store = try Store.open(directory: path, readOnly: true, deadline: deadline) } catch .missing {
                return nil
            }
        }
        return opened.withLock { slot in
            if let raced = slot { return raced }
            slot = store
            return store
        }
    }

    /// Where downloaded media go when the configuration names no folder: the store's
    /// attachment folder, when the stage may write to a directory store.
    var attachmentsFolder: String? {
        guard writes, case .directory(let path) = source else { return nil }
        return AttachmentFolder(store: path).path
    }
}

/// What the stage does to `aps.badge`.
enum BadgeDecision: Sendable {
    /// Leave `aps.badge` as the push has it (no store to count with).
    case keep
    /// Drop `aps.badge`: the count is unknown, the device keeps its badge.
    case remove
    /// The store's running count.
    case set(Int)
}

extension StoreAccess {
    /// The badge for a push whose `aps.badge` is `delta`: the store's running count (0
    /// resets it). A stage that only reads says what the count would become, as
    /// `incrementBadge` counts; nothing is written.
    func badge(adding delta: Int, deadline: ContinuousClock.Instant) -> (BadgeDecision, Diagnostic?) {
        let writes = self.writes
        let answer = perform(.badge, deadline: deadline) { (store) throws(StoreError) -> Int in
            if !writes {
                let current = try store.badge(deadline: deadline)
                let (sum, overflow) = current.addingReportingOverflow(delta)
                guard delta == 0 || (!overflow && sum <= Store.maximumBadge) else {
                    throw StoreError.badgeOutOfRange(overflow ? Int.max : sum)
                }
                return delta == 0 ? 0 : max(0, sum)
            }
            if delta == 0 {
                try store.setBadge(0, deadline: deadline)
                return 0
            }
            return try store.incrementBadge(by: delta, deadline: deadline)
        }
        switch answer {
        case .done(let count): return (.set(count), nil)
        case .noStore: return (.keep, .stage(.noStore, "no store: aps.badge is passed on as sent", severity: .note))
        case .failed(let diagnostic): return (.remove, diagnostic)
        }
    }

    /// Records that the push is shown (display receipts), for `herald receipts flush` to
    /// deliver later. Bounded by the store's short recording timeout so that it never holds up
    /// the notification; what went wrong is the diagnostic, never a fallback.
    func recordReceipt(
        _ id: String, kind: String, locale: String, shownAt: Date, deadline: ContinuousClock.Instant
    ) -> Diagnostic? {
        guard writes else {
            return .stage(.receipt, "display receipt not recorded: the store is only read", severity: .note)
        }
        let bounded = min(deadline, ContinuousClock.now + Store.receiptRecordingTimeout)
        let answer = perform(.receipt, deadline: bounded) { (store) throws(StoreError) in
            _ = try store.recordReceipt(pushID: id, shownAt: shownAt, locale: locale, kind: kind, deadline: bounded)
        }
        switch answer {
        case .done: return nil
        case .noStore: return .stage(.noStore, "no store: display receipt \(id) not recorded", severity: .note)
        case .failed(let diagnostic): return diagnostic
        }
    }
}
