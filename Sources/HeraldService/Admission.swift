import HeraldSync

/// The bounded count of requests `herald serve` answers at once: one past `limit` is refused
/// (503 with `Retry-After`) at once, never queued, so the backlog cannot grow without bound.
final class Admission: Sendable {
    let limit: Int
    private let count = Locked(0)

    init(limit: Int) { self.limit = limit }

    /// Takes a place, or returns nil when all `limit` are taken; else the count now in flight.
    func enter() -> Int? {
        count.withLock { n in
            guard n < limit else { return nil }
            n += 1
            return n
        }
    }

    /// Gives a place back; the count now in flight.
    @discardableResult
    func leave() -> Int {
        count.withLock { n in
            n -= 1
            return n
        }
    }
}
