import HeraldSync

/// The bounded count of requests `herald serve` answers at once: one past `limit` is refused
/// (503 with `Retry-After`) at once, never queued, so the backlog cannot grow without bound.
///
/// A request's place is a `Place`, given back only when everything holding it has let go: the
/// response (once its body is written) and the request's work (once it has really ended, even
/// after a 504 was sent for it) — so the bound counts the work that is running, not the answers.
final class Admission: Sendable {
    let limit: Int
    private let count = Locked(0)
    /// Called with the count in flight whenever it changes.
    private let changed: @Sendable (Int) -> Void

    init(limit: Int, changed: @escaping @Sendable (Int) -> Void = { _ in }) {
        self.limit = limit
        self.changed = changed
    }

    /// Takes a place, or returns nil when all `limit` are taken.
    func enter() -> Place? {
        let now: Int? = count.withLock { n in
            guard n < limit else { return nil }
            n += 1
            return n
        }
        guard let now else { return nil }
        changed(now)
        return Place(admission: self)
    }

    /// Requests in flight now.
    var inFlight: Int { count.withLock { $0 } }

    fileprivate func leave() {
        changed(count.withLock { n in
            n -= 1
            return n
        })
    }

    /// One admitted request's place: held once by whoever took it; `hold()` adds a holder,
    /// `release()` lets one go, and the last release gives the place back.
    final class Place: Sendable {
        private let admission: Admission
        private let holders = Locked(1)

        fileprivate init(admission: Admission) { self.admission = admission }

        /// A place nothing refers to any more is given back even if a holder never let go (a
        /// response whose body was never written: the connection closed first).
        deinit {
            if holders.withLock({ $0 }) > 0 { admission.leave() }
        }

        /// One more holder (the work a deadline may leave running).
        func hold() { holders.withLock { $0 += 1 } }

        /// One holder lets go; the last gives the place back.
        func release() {
            let left = holders.withLock { n in
                n -= 1
                return n
            }
            if left == 0 { admission.leave() }
        }
    }
}
