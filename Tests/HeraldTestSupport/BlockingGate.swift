import Foundation

/// A gate a test opens once, for work that blocks a thread (a parked thread, a pool thread):
/// every `wait()` returns when it opens. A wait gives up after `giveUpAfter` seconds and says so
/// in `someWaitGaveUp`, so a broken deadline or a stalled pool fails the test instead of
/// hanging the suite; `waitForArrivals` tells how many waits have begun.
public final class BlockingGate: @unchecked Sendable {
    // `@unchecked Sendable`: every field is only touched under `condition`.
    private let condition = NSCondition()
    private let giveUpAfter: TimeInterval
    private var isOpen = false
    private var gaveUp = false
    private var arrived = 0

    public init(giveUpAfter seconds: TimeInterval) {
        giveUpAfter = seconds
    }

    public func wait() {
        condition.lock()
        arrived += 1
        condition.broadcast()
        let limit = Date().addingTimeInterval(giveUpAfter)
        while !isOpen {
            if !condition.wait(until: limit) {
                gaveUp = true
                break
            }
        }
        condition.unlock()
    }

    /// Waits until `count` waits have begun (or `seconds` passed); returns how many began.
    public func waitForArrivals(_ count: Int, seconds: Double) -> Int {
        condition.lock()
        defer { condition.unlock() }
        let limit = Date().addingTimeInterval(seconds)
        while arrived < count, condition.wait(until: limit) {}
        return arrived
    }

    /// True once a wait ended without the gate being opened.
    public var someWaitGaveUp: Bool {
        condition.lock()
        defer { condition.unlock() }
        return gaveUp
    }

    public func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }
}
